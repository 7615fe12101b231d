//! Unit tests for [`Rx`](super::Rx): printing, precedence, literals and round trips.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::expr::{Env, Value, parse};

fn round_trips(rx: &Rx) {
    assert_eq!(&parse(&rx.expression()).unwrap(), rx.expr(), "{rx}");
}

#[test]
fn parentheses_only_where_needed() {
    let (a, b, c) = (Rx::state("a"), Rx::state("b"), Rx::state("c"));
    let cases = [
        ((&a + &b) * 2, "(a + b) * 2"),
        (&a + &b * 2, "a + b * 2"),
        (&a - (&b - &c), "a - (b - c)"),
        (&a - &b - &c, "a - b - c"),
        (
            a.clone().gt(1).and(b.clone().or(c.clone())),
            "a > 1 && (b || c)",
        ),
        (a.clone().eq(&b).not(), "!a == b"),
        (!(a.clone().and(&b)), "!(a && b)"),
        (-(&a + 1), "-(a + 1)"),
        (a.clone().then("x", "y").upper(), "(a ? 'x' : 'y') | upper"),
        (
            a.clone().then(b.clone().upper(), "y"),
            "a ? (b | upper) : 'y'",
        ),
        (
            a.clone().then("x", b.clone().upper()),
            "a ? 'x' : b | upper",
        ),
        (Rx::from(-5) * &a, "-5 * a"),
        (Rx::from(1e21) + 0, "1000000000000000000000 + 0"),
    ];
    for (rx, text) in cases {
        assert_eq!(rx.expression(), text);
        round_trips(&rx);
    }
}

#[test]
fn text_literals_stay_valid() {
    let rx = Rx::state("x") + "it's {{ not }} here";
    round_trips(&rx);
    let env = Env::default();
    let state = Value::object([("x", Value::from(1))]);
    let out = crate::expr::interpolate_string(&rx.to_string(), &state, &env);
    assert_eq!(out, Value::from("1it\u{2019}s {{ not }} here"));
}

#[test]
fn pipe_arguments_print_as_one_token() {
    let rx = Rx::state("tags").join(", ").default(-1).pluralize("file");
    assert_eq!(
        rx.expression(),
        "tags | join:', ' | default:'-1' | pluralize:file"
    );
    round_trips(&rx);
}

#[test]
fn scoped_names_and_members() {
    assert_eq!(item().get("tags").get(0).to_string(), "{{ $item.tags.0 }}");
    assert_eq!(String::from(host().get("theme")), "{{ $host.theme }}");
    assert_eq!((index() + 1).upper().get("x"), Rx::null());
}

#[cfg(feature = "model")]
mod model {
    use super::Rx;
    use crate::{Bind, Input, Slider, Text};

    #[test]
    fn stateful_components_give_their_rx() {
        let input = Input::new().name("email");
        assert_eq!(input.rx().to_string(), "{{ email }}");
        let volume = Slider::new().name("volume");
        let label = Text::new(volume.rx().percent(None));
        let json = serde_json::to_value(&label).unwrap();
        assert_eq!(json["content"], "{{ volume | percent }}");
        let b: Bind<bool> = input.rx().ne("").into();
        assert_eq!(b.as_expr(), Some("{{ email != '' }}"));
        assert_eq!(Input::new().rx(), Rx::null());
    }
}
