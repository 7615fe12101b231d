//! Property tests (bounded, part of `cargo test`): the engine never panics on random input,
//! printing a parsed expression gives text that parses back to the same tree, and every
//! expression `Rx` emits parses back to the tree it was built from.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)]

use prefab::expr::{Env, Value, evaluate_condition, interpolate_string, parse};
use prefab::rx::{self, DateStyle, Rx};
use proptest::prelude::*;

/// A state with one value of every kind, so random names hit all code paths.
fn state() -> Value {
    Value::object([
        ("a", Value::from(3)),
        ("b", Value::from(-2.5)),
        ("s", Value::from("héllo 😀")),
        ("d", Value::from("2025-01-15T14:30:00Z")),
        ("t", Value::from("09:05")),
        ("z", Value::from(0)),
        ("n", Value::Null),
        ("yes", Value::from(true)),
        (
            "xs",
            Value::array([
                1.into(),
                "two".into(),
                Value::Null,
                Value::array([3.into()]),
            ]),
        ),
        (
            "objs",
            Value::array([
                Value::object([("done", Value::from(true)), ("name", "x".into())]),
                Value::object([("done", Value::from(false))]),
            ]),
        ),
        (
            "o",
            Value::object([("k", Value::from(1)), ("length", Value::from("L"))]),
        ),
        ("$item", Value::object([("name", Value::from("ford"))])),
        ("$index", Value::from(2)),
    ])
}

/// Fragments that make random text look like expressions often enough to reach deep
/// into the parser and the pipes.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_string()),
        Just("b".into()),
        Just("s".into()),
        Just("d".into()),
        Just("t".into()),
        Just("z".into()),
        Just("n".into()),
        Just("xs".into()),
        Just("objs".into()),
        Just("o.k".into()),
        Just("xs.3.0".into()),
        Just("s.length".into()),
        Just("$item.name".into()),
        Just("$index".into()),
        Just("missing.x".into()),
        Just("1".into()),
        Just("0.5".into()),
        Just("1.2.3".into()),
        Just("007".into()),
        Just("'x'".into()),
        Just("''".into()),
        Just("'".into()),
        Just("true".into()),
        Just("null".into()),
        Just("not".into()),
        Just("and".into()),
        Just("or".into()),
        Just("+".into()),
        Just("-".into()),
        Just("*".into()),
        Just("/".into()),
        Just("%".into()),
        Just("==".into()),
        Just("!=".into()),
        Just("<".into()),
        Just(">=".into()),
        Just("&&".into()),
        Just("||".into()),
        Just("!".into()),
        Just("?".into()),
        Just(":".into()),
        Just("(".into()),
        Just(")".into()),
        Just("|".into()),
        Just("{{".into()),
        Just("}}".into()),
        Just(" ".into()),
        prop::sample::select(prefab::expr::BUILTIN_PIPES.to_vec()).prop_map(String::from),
        "[ -~]{0,3}",
        any::<char>().prop_map(String::from),
    ]
}

fn expression_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(fragment(), 0..24).prop_map(|v| v.join(" ")),
        prop::collection::vec(fragment(), 0..24).prop_map(|v| v.concat()),
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, max_shrink_iters: 2000, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_and_printing_is_canonical(src in expression_text()) {
        let state = state();
        let env = Env::default();
        if let Ok(expr) = parse(&src) {
            let _ = expr.eval(&state, &env);
            let printed = expr.to_string();
            let reparsed = parse(&printed);
            prop_assert_eq!(reparsed.as_ref().ok(), Some(&expr), "printed as {:?}", printed);
        }
        let _ = interpolate_string(&src, &state, &env);
        let _ = interpolate_string(&format!("x {{{{ {src} }}}} y"), &state, &env);
        let _ = evaluate_condition(&src, &state, &env);
    }
}

/// Random `Rx` trees from every builder method.
fn rx_tree() -> impl Strategy<Value = Rx> {
    let leaf = prop_oneof![
        prop::sample::select(vec!["a", "b", "s", "xs", "o.k", "xs.0", "user.name"])
            .prop_map(Rx::state),
        Just(rx::item().get("name")),
        Just(rx::index()),
        Just(rx::event()),
        any::<f64>().prop_map(Rx::from),
        (-5i32..1000).prop_map(Rx::from),
        "[ -~]{0,6}".prop_map(Rx::from),
        any::<bool>().prop_map(Rx::from),
        Just(Rx::null()),
    ];
    leaf.prop_recursive(5, 48, 3, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a - b),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a * b),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a / b),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a % b),
            inner.clone().prop_map(|a| -a),
            inner.clone().prop_map(|a| !a),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.eq(b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.lt(b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.ge(b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.and(b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.or(b)),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| c.then(a, b)),
            inner.clone().prop_map(Rx::upper),
            inner.clone().prop_map(|a| a.currency_code("EUR")),
            inner.clone().prop_map(|a| a.number(2)),
            inner.clone().prop_map(|a| a.percent(None)),
            inner.clone().prop_map(|a| a.truncate(3)),
            inner.clone().prop_map(|a| a.date(DateStyle::Long)),
            (inner.clone(), "[ -~]{0,4}").prop_map(|(a, s)| a.join(s.as_str())),
            (inner.clone(), any::<f64>()).prop_map(|(a, d)| a.default(d)),
            (inner, "[ -~]{0,4}").prop_map(|(a, s)| a.default(s)),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, max_shrink_iters: 2000, ..ProptestConfig::default() })]

    #[test]
    fn every_rx_parses_back_to_its_tree(rx in rx_tree()) {
        let text = rx.expression();
        let parsed = parse(&text);
        prop_assert_eq!(parsed.as_ref().ok(), Some(rx.expr()), "emitted {:?}", text);
        // And as a template it is the sole `{{ expr }}` form with the same value.
        let template = prefab::expr::Template::parse(&rx.to_string());
        prop_assert!(template.is_sole(), "not a sole template: {}", rx);
        let (state, env) = (state(), Env::default());
        if let Ok(v) = rx.expr().eval(&state, &env)
            && !matches!(v, Value::Undefined)
        {
            prop_assert_eq!(template.render(&state, &env), v);
        }
    }
}
