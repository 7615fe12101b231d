//! The evaluation environment: custom pipes, time zones, locales and layered scopes.
#![allow(clippy::unwrap_used)]

use prefab::expr::{Env, EvalError, Layered, TimeZone, Value, evaluate, interpolate_string};

fn state() -> Value {
    Value::object([
        ("name", Value::from("ford")),
        ("d", Value::from("2025-07-04T23:30:00Z")),
        ("local", Value::from("2025-07-04T10:00")),
    ])
}

#[test]
fn custom_pipes_fill_in_unknown_names_only() {
    let hook = |name: &str, v: &Value, arg: Option<&Value>| -> Option<Result<Value, EvalError>> {
        match name {
            "upper" => Some(Ok(Value::from("hooked"))),
            "wrap" => {
                let w = arg.map_or("*".to_owned(), Value::to_js_string);
                Some(Ok(Value::from(format!("{w}{v}{w}"))))
            }
            "boom" => Some(Err(EvalError::new("boom: refused"))),
            _ => None,
        }
    };
    let env = Env::default().with_pipes(&hook);
    let s = state();
    assert_eq!(
        evaluate("name | upper", &s, &env).unwrap(),
        Value::from("FORD")
    );
    assert_eq!(
        evaluate("name | wrap:'~'", &s, &env).unwrap(),
        Value::from("~ford~")
    );
    assert_eq!(
        evaluate("name | unknown", &s, &env).unwrap(),
        Value::from("ford")
    );
    let err = evaluate("name | boom", &s, &env).unwrap_err();
    assert_eq!(err.to_string(), "boom: refused");
    // A failing sole template shows its text; in a mixed template the piece is empty.
    assert_eq!(
        interpolate_string("{{ name | boom }}", &s, &env),
        Value::from("{{ name | boom }}")
    );
    assert_eq!(
        interpolate_string("a{{ name | boom }}b", &s, &env),
        Value::from("ab")
    );
}

fn minus_seven_hours(_epoch_ms: f64) -> i32 {
    -7 * 60
}

#[test]
fn time_zone_moves_dates_and_reads_local_text() {
    let s = state();
    let utc = Env::default();
    assert_eq!(
        evaluate("d | datetime", &s, &utc).unwrap(),
        Value::from("Jul 4, 2025, 11:30 PM")
    );
    let plus2 = Env::default().with_time_zone(TimeZone::from_name("+02:00").unwrap());
    assert_eq!(
        evaluate("d | datetime", &s, &plus2).unwrap(),
        Value::from("Jul 5, 2025, 1:30 AM")
    );
    let la = Env::default().with_time_zone(TimeZone::Offsets(minus_seven_hours));
    assert_eq!(
        evaluate("d | date:short", &s, &la).unwrap(),
        Value::from("7/4/2025")
    );
    assert_eq!(
        evaluate("d | time", &s, &la).unwrap(),
        Value::from("4:30 PM")
    );
    // Text without an offset is wall-clock time in the viewer's zone, so it prints as written.
    assert_eq!(
        evaluate("local | time", &s, &la).unwrap(),
        Value::from("10:00 AM")
    );
    assert_eq!(TimeZone::from_name("Etc/GMT-5"), Some(TimeZone::Fixed(300)));
}

#[test]
fn date_patterns_print_in_the_viewers_time_zone() {
    let s = state();
    let plus2 = Env::default().with_time_zone(TimeZone::from_name("+02:00").unwrap());
    let shown = |expr: &str| evaluate(expr, &s, &plus2).unwrap();
    assert_eq!(
        shown("d | date:'EEEE, MMM d • h:mm a'"),
        Value::from("Saturday, Jul 5 • 1:30 AM")
    );
    assert_eq!(
        shown("d | date:'yy-MM-dd HH:mm'"),
        Value::from("25-07-05 01:30")
    );
    // A pattern without calendar fields reads a bare time of day, as `time` does.
    assert_eq!(shown("'14:05' | date:'HH.mm'"), Value::from("14.05"));
    // Not a date: the text, as for every date pipe; not a pattern: the medium style.
    assert_eq!(shown("'soon' | date:'EEEE'"), Value::from("soon"));
    assert_eq!(shown("d | date:'%Y'"), Value::from("Jul 5, 2025"));
}

#[test]
fn other_locales_format_as_en_us() {
    let env = Env::default().with_locale("de-DE");
    assert_eq!(env.locale(), "de-DE");
    let s = Value::object([("x", Value::from(1234.5))]);
    assert_eq!(
        evaluate("x | number:2", &s, &env).unwrap(),
        Value::from("1,234.50")
    );
}

#[test]
fn layered_scopes_shadow_state() {
    let s = state();
    let local = [("name", Value::from("zaphod")), ("$index", Value::from(1))];
    let scope = Layered::new(&local, &s);
    let env = Env::default();
    assert_eq!(
        interpolate_string(
            "{{ $index + 1 }}. {{ name | upper }} {{ d | date }}",
            &scope,
            &env
        ),
        Value::from("2. ZAPHOD Jul 4, 2025")
    );
}

#[test]
fn an_unterminated_string_at_the_end_of_a_template_drops_the_spaces_before_the_braces() {
    let (s, env) = (state(), Env::default());
    assert_eq!(
        interpolate_string("{{ 'abc  }}", &s, &env),
        Value::from("abc")
    );
    assert_eq!(
        interpolate_string("x {{ 'abc }}!", &s, &env),
        Value::from("x abc!")
    );
    // Inside a terminated literal the spaces are kept.
    assert_eq!(
        interpolate_string("{{ 'abc ' }}", &s, &env),
        Value::from("abc ")
    );
}
