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

/// The arguments of `prefab eval`; the result is printed as JSON, or `undefined`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The result is printed as JSON, or `undefined`. --cases FILE reads a JSON array of {\"expr\"|\"template\"|\"condition\": TEXT, \"state\": {…}} and prints an array of {\"value\": …}, {\"undefined\": true}, {\"number\": \"NaN\"|\"Infinity\"|\"-Infinity\"} or {\"error\": \"…\"} in the same order."
)]
pub struct EvalArgs {
    /// The expression (or template / condition); required unless --cases is given.
    #[arg(required_unless_present = "cases", allow_hyphen_values = true)]
    source: Option<String>,
    /// The state as JSON, or @FILE to read it from a file.
    #[arg(long, value_name = "JSON|@FILE")]
    state: Option<String>,
    /// EXPR is a template string (interpolate_string).
    #[arg(long, conflicts_with = "condition")]
    template: bool,
    /// EXPR is a condition (evaluate_condition, a boolean).
    #[arg(long)]
    condition: bool,
    /// Evaluate every case of a JSON file (or `-` for standard input).
    #[arg(long, value_name = "FILE|-", conflicts_with_all = ["source", "state", "template", "condition"])]
    cases: Option<String>,
    /// Viewer locale (default en-US; only en-US data is built in).
    #[arg(long, value_name = "TAG")]
    locale: Option<String>,
    /// Time zone: UTC, ±HH:MM or Etc/GMT±N.
    #[arg(long, value_name = "ZONE", default_value = "UTC")]
    time_zone: String,
}

pub fn run(args: &EvalArgs) -> Result<ExitCode, String> {
    let tz = TimeZone::from_name(&args.time_zone).ok_or_else(|| {
        format!(
            "--time-zone: unknown time zone {:?} (use UTC or ±HH:MM)",
            args.time_zone
        )
    })?;
    let mut env = Env::default().with_time_zone(tz);
    if let Some(locale) = &args.locale {
        env = env.with_locale(locale.as_str());
    }
    if let Some(path) = &args.cases {
        let text = super::input::read(path)?;
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
    let source = args.source.as_deref().unwrap_or_default();
    let state = match &args.state {
        None => Value::object::<&str>([]),
        Some(s) => {
            let text = match s.strip_prefix('@') {
                Some(path) => super::input::read(path)?,
                None => s.to_owned(),
            };
            let json: Json =
                serde_json::from_str(&text).map_err(|e| format!("--state is not JSON: {e}"))?;
            Value::from(json)
        }
    };
    let result = if args.template {
        interpolate_string(source, &state, &env)
    } else if args.condition {
        Value::Bool(evaluate_condition(source, &state, &env))
    } else {
        evaluate(source, &state, &env).map_err(|e| e.to_string())?
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
