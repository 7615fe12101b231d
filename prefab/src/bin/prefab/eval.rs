//! `prefab eval`: evaluate `{{ }}` expressions from the command line, one at a time or a
//! whole file of cases — for debugging UIs and for comparing with other implementations.
//!
//! ```text
//! prefab eval 'price * qty | currency' --state '{"price": 2.5, "qty": 3}'   → "$7.50"
//! prefab eval --template 'Hi {{ name }}' --state '{"name": "Ford"}'         → "Hi Ford"
//! prefab eval --condition 'items.length > 0' --state '{"items": []}'       → false
//! prefab eval --cases cases.json      (array of {"expr"|"template"|"condition": …, "state": …})
//! ```
use prefab::expr::{Env, TimeZone, Value, evaluate, evaluate_condition, interpolate_string};
use serde_json::{Value as Json, json};
use std::process::ExitCode;

const USAGE: &str = "\
usage: prefab eval EXPR [--state JSON|@FILE] [--template|--condition] [options]
       prefab eval --cases FILE|- [options]

Prints the result as JSON, or `undefined`. With --template, EXPR is a template string
(interpolate_string); with --condition, a condition (evaluate_condition, a boolean).
--cases reads a JSON array of {\"expr\"|\"template\"|\"condition\": TEXT, \"state\": {…}} and
prints an array of {\"value\": …}, {\"undefined\": true}, {\"number\": \"NaN\"|\"Infinity\"|
\"-Infinity\"} or {\"error\": \"…\"} in the same order.

options:
  --locale TAG        viewer locale (default en-US; only en-US data is built in)
  --time-zone ZONE    UTC (default), ±HH:MM or Etc/GMT±N
";

enum Mode {
    Expr,
    Template,
    Condition,
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let mut source: Option<&str> = None;
    let mut state_arg: Option<&str> = None;
    let mut cases: Option<&str> = None;
    let mut mode = Mode::Expr;
    let mut env = Env::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .map(String::as_str)
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--state" => state_arg = Some(value("--state")?),
            "--cases" => cases = Some(value("--cases")?),
            "--locale" => env = env.with_locale(value("--locale")?),
            "--time-zone" => {
                let name = value("--time-zone")?;
                let tz = TimeZone::from_name(name)
                    .ok_or_else(|| format!("unknown time zone {name:?} (use UTC or ±HH:MM)"))?;
                env = env.with_time_zone(tz);
            }
            "--template" => mode = Mode::Template,
            "--condition" => mode = Mode::Condition,
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            other if source.is_none() && !other.starts_with("--") => source = Some(other),
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    if let Some(path) = cases {
        let text = crate::input::read(path)?;
        let list: Vec<Json> =
            serde_json::from_str(&text).map_err(|e| format!("{path}: not a JSON array: {e}"))?;
        let results: Vec<Json> = list
            .iter()
            .enumerate()
            .map(|(i, case)| {
                run_case(case, &env)
                    .unwrap_or_else(|e| json!({ "error": format!("case {i}: {e}") }))
            })
            .collect();
        let out = serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?;
        println!("{out}");
        return Ok(ExitCode::SUCCESS);
    }
    let source = source.ok_or_else(|| format!("missing EXPR\n{USAGE}"))?;
    let state = match state_arg {
        None => Value::object::<&str>([]),
        Some(s) => {
            let text = match s.strip_prefix('@') {
                Some(path) => crate::input::read(path)?,
                None => s.to_owned(),
            };
            let json: Json =
                serde_json::from_str(&text).map_err(|e| format!("--state is not JSON: {e}"))?;
            Value::from(json)
        }
    };
    let result = match mode {
        Mode::Expr => evaluate(source, &state, &env).map_err(|e| e.to_string())?,
        Mode::Template => interpolate_string(source, &state, &env),
        Mode::Condition => Value::Bool(evaluate_condition(source, &state, &env)),
    };
    println!("{}", display(&result));
    Ok(ExitCode::SUCCESS)
}

/// One case of a `--cases` file.
fn run_case(case: &Json, env: &Env<'_>) -> Result<Json, String> {
    let state = Value::from(case.get("state").cloned().unwrap_or_else(|| json!({})));
    let text = |key: &str| case.get(key).and_then(Json::as_str);
    let value = if let Some(src) = text("expr") {
        match evaluate(src, &state, env) {
            Ok(v) => v,
            Err(e) => return Ok(json!({ "error": e.to_string() })),
        }
    } else if let Some(src) = text("template") {
        interpolate_string(src, &state, env)
    } else if let Some(src) = text("condition") {
        Value::Bool(evaluate_condition(src, &state, env))
    } else {
        return Err("needs a string \"expr\", \"template\" or \"condition\"".into());
    };
    Ok(match value {
        Value::Undefined => json!({ "undefined": true }),
        Value::Number(n) if !n.is_finite() => {
            json!({ "number": prefab::expr::number_to_string(n) })
        }
        v => json!({ "value": v.to_json() }),
    })
}

/// The result as JSON text, `undefined`, or `NaN`/`Infinity` for numbers JSON cannot hold.
fn display(v: &Value) -> String {
    match v {
        Value::Undefined => "undefined".into(),
        Value::Number(n) if !n.is_finite() => prefab::expr::number_to_string(*n),
        v => v
            .to_json()
            .and_then(|j| serde_json::to_string(&j).ok())
            .unwrap_or_else(|| "undefined".into()),
    }
}
