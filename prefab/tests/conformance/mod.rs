//! Runs the four vector files of `conformance/` against `prefab::expr`, by the rules of
//! `conformance/README.md`. Shared by the native test (files read at run time) and the
//! wasm32 test (files embedded with `include_str!`), so both check the same data the same way.
#![allow(clippy::unwrap_used, dead_code)]

use prefab::expr::{
    Env, Map, Value, evaluate, evaluate_condition, interpolate_props, interpolate_string,
};
use serde_json::Value as Json;

/// The `matches` pipe (an extension; prefab-ui has no such pipe, so these are not
/// reference vectors): `(expression, result)` against [`MATCHES_STATE`]. JavaScript's
/// `new RegExp(p).test(String(v))` gives each result; both engines must agree with it.
pub const MATCHES: &[(&str, bool)] = &[
    ("zip | matches:'^[0-9]{5}$'", true),
    ("short | matches:'^[0-9]{5}$'", false),
    ("phone | matches:'^\\+?[0-9]{10,15}$'", true),
    (
        "email | matches:'^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$'",
        true,
    ),
    (
        "short | matches:'^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$'",
        false,
    ),
    // `String(undefined)`, `String(null)`, `String(12)`.
    ("missing | matches:'^undefined$'", true),
    ("none | matches:'^null$'", true),
    ("n | matches:'^12$'", true),
    // Unanchored, as `test` is.
    ("email | matches:'@'", true),
    // No pattern, or an invalid one: false, never an error.
    ("zip | matches", false),
    ("zip | matches:'('", false),
    ("!(short | matches:'^[0-9]{5}$')", true),
];

/// The state [`MATCHES`] runs against (JSON).
pub const MATCHES_STATE: &str = r#"{"zip": "12345", "short": "1234", "phone": "+4930123456789", "email": "ada@example.org", "none": null, "n": 12}"#;

/// Evaluates every case of [`MATCHES`], panicking at the first wrong result.
pub fn check_matches() {
    let state = to_value(&serde_json::from_str(MATCHES_STATE).unwrap());
    for (src, want) in MATCHES {
        let got = prefab::expr::evaluate(src, &state, &prefab::expr::Env::default()).unwrap();
        assert_eq!(got, Value::Bool(*want), "{src}");
    }
}

/// Vectors skipped on purpose, each with the reason. Only `js-artifact` vectors may be here
/// (checked below); every other vector must pass.
pub const SKIPPED: &[(&str, &str)] = &[
    (
        "x.expr.path.34",
        "js-artifact: `constructor` resolves to Object.prototype.constructor in JavaScript; \
         our values have no prototype chain, so it is undefined",
    ),
    (
        "x.expr.path.35",
        "js-artifact: same prototype member `constructor`, compared with null",
    ),
];

/// The texts of the four vector files.
pub struct Files<'a> {
    pub expressions: &'a str,
    pub interpolation: &'a str,
    pub conditions: &'a str,
    pub props: &'a str,
}

/// Outcome of a run: how many passed, and a line per failure.
#[derive(Default, Debug)]
pub struct Report {
    pub passed: usize,
    pub skipped: usize,
    pub failures: Vec<String>,
}

/// Converts test JSON into an engine value (independent of the crate's `json` feature, so
/// the wasm build with `--no-default-features` runs the same code).
pub fn to_value(j: &Json) -> Value {
    match j {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => Value::Number(n.as_f64().unwrap()),
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => Value::array(items.iter().map(to_value)),
        Json::Object(map) => Value::from(
            map.iter()
                .map(|(k, v)| (k.as_str(), to_value(v)))
                .collect::<Map>(),
        ),
    }
}

/// Numeric, order-insensitive equality between an engine value and an expected JSON value.
pub fn matches_json(v: &Value, j: &Json) -> bool {
    match (v, j) {
        (Value::Null, Json::Null) => true,
        (Value::Bool(a), Json::Bool(b)) => a == b,
        (Value::Number(a), Json::Number(b)) => *a == b.as_f64().unwrap(),
        (Value::String(a), Json::String(b)) => **a == **b,
        (Value::Array(a), Json::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches_json(x, y))
        }
        (Value::Object(a), Json::Object(b)) => {
            a.len() == b.len()
                && b.iter()
                    .all(|(k, y)| a.get(k).is_some_and(|x| matches_json(x, y)))
        }
        _ => false,
    }
}

/// Checks `expectedNumber` (NaN, ±Infinity, -0) or `expected`.
fn check_expected(v: &Value, case: &Json) -> Result<(), String> {
    if let Some(special) = case.get("expectedNumber").and_then(Json::as_str) {
        let Value::Number(n) = v else {
            return Err(format!("expected number {special}, got {v:?}"));
        };
        let ok = match special {
            "NaN" => n.is_nan(),
            "Infinity" => *n == f64::INFINITY,
            "-Infinity" => *n == f64::NEG_INFINITY,
            "-0" => *n == 0.0 && n.is_sign_negative(),
            other => return Err(format!("unknown expectedNumber {other}")),
        };
        return if ok {
            Ok(())
        } else {
            Err(format!("expected {special}, got {n:?}"))
        };
    }
    let expected = case.get("expected").ok_or("vector has no expected value")?;
    if matches_json(v, expected) {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {v:?}"))
    }
}

fn check_expression(case: &Json, env: &Env<'_>) -> Result<(), String> {
    let src = case["expr"].as_str().unwrap();
    let state = to_value(&case["state"]);
    let result = evaluate(src, &state, env);
    if case.get("throws").and_then(Json::as_bool) == Some(true) {
        return match result {
            Err(_) => Ok(()),
            Ok(v) => Err(format!("expected an error, got {v:?}")),
        };
    }
    let v = result.map_err(|e| format!("unexpected error: {e}"))?;
    if case.get("expectedUndefined").and_then(Json::as_bool) == Some(true) {
        return match v {
            Value::Undefined => Ok(()),
            other => Err(format!("expected undefined, got {other:?}")),
        };
    }
    check_expected(&v, case)
}

fn check_interpolation(case: &Json, env: &Env<'_>) -> Result<(), String> {
    let src = case["template"].as_str().unwrap();
    let state = to_value(&case["state"]);
    let v = interpolate_string(src, &state, env);
    if case.get("sole").and_then(Json::as_bool)
        != Some(prefab::expr::Template::parse(src).is_sole())
    {
        return Err("sole flag differs".into());
    }
    check_expected(&v, case)
}

fn check_condition(case: &Json, env: &Env<'_>) -> Result<(), String> {
    let src = case["expr"].as_str().unwrap();
    let state = to_value(&case["state"]);
    let got = evaluate_condition(src, &state, env);
    let expected = case["expected"]
        .as_bool()
        .ok_or("expected is not a boolean")?;
    if got == expected {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {got}"))
    }
}

fn check_props(case: &Json, env: &Env<'_>) -> Result<(), String> {
    let props = to_value(&case["props"]);
    let state = to_value(&case["state"]);
    let v = interpolate_props(&props, &state, env);
    check_expected(&v, case)
}

/// Checks one vector.
type Check = fn(&Json, &Env<'_>) -> Result<(), String>;

/// Runs every vector of every file with the default environment (en-US, UTC).
pub fn run(files: &Files<'_>) -> Report {
    let env = Env::default();
    let mut report = Report::default();
    let sets: [(&str, &str, Check); 4] = [
        ("expressions.json", files.expressions, check_expression),
        (
            "interpolation.json",
            files.interpolation,
            check_interpolation,
        ),
        ("conditions.json", files.conditions, check_condition),
        ("interpolate-props.json", files.props, check_props),
    ];
    for (name, text, check) in sets {
        let cases: Vec<Json> = serde_json::from_str(text).unwrap();
        assert!(!cases.is_empty(), "{name} has no vectors");
        for case in &cases {
            let id = case["id"].as_str().unwrap();
            if SKIPPED.iter().any(|(s, _)| *s == id) {
                let tags = case.get("tags").and_then(Json::as_array);
                assert!(
                    tags.is_some_and(|t| t.iter().any(|t| t == "js-artifact")),
                    "{id} is skipped but not tagged js-artifact"
                );
                report.skipped += 1;
                continue;
            }
            match check(case, &env) {
                Ok(()) => report.passed += 1,
                Err(why) => report.failures.push(format!("{name} {id}: {why}")),
            }
        }
    }
    report
}
