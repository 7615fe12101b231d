//! The built-in pipes of prefab-ui 0.21.1: a table of one function per name, looked up
//! before the [`Env`]'s custom pipes.
//!
//! Every pipe receives the value and the typed argument (`None` when no `:arg` was written;
//! `null`, `true`, numbers arrive typed). Unknown names go to the [`Env`]'s custom-pipe hook
//! and otherwise pass the value through unchanged.
mod date;
pub use date::{MONTHS, civil_from_days, days_from_civil};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod decimal;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod intl;
mod pattern;
pub use pattern::{date_pattern, date_template};

use super::ast::canonical_index;
use super::env::Env;
use super::error::{EvalError, quote};
use super::number::{js_round, number_to_string, parse_int, string_to_number, to_fixed};
use super::platform;
use super::value::{Value, join_into};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use browser as locale;
use date::{local_fields, parse_date};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use intl as locale;
use locale::{format_compact, format_currency, format_number, format_percent, format_style};

/// One built-in pipe: the piped value, the argument as written (`None` when no `:arg` was
/// written; `null`, `true`, numbers arrive typed) and the evaluation settings.
type Pipe = fn(Value, Option<&Value>, &Env<'_>) -> Result<Value, EvalError>;

/// Every built-in pipe by name, in prefab-ui's table order, then this crate's extensions.
const PIPES: [(&str, Pipe); 21] = [
    ("percent", percent),
    ("number", number),
    ("compact", compact),
    ("currency", currency),
    ("date", date),
    ("time", time),
    ("datetime", datetime),
    ("upper", upper),
    ("lower", lower),
    ("length", length),
    ("join", join),
    ("truncate", truncate),
    ("default", default),
    ("first", first),
    ("last", last),
    ("abs", abs),
    ("round", round),
    ("selectattr", selectattr),
    ("rejectattr", rejectattr),
    ("pluralize", pluralize),
    ("matches", matches),
];

/// Names of every built-in pipe, in prefab-ui's table order, then this crate's extensions.
pub const BUILTIN_PIPES: [&str; 21] = {
    let mut names = [""; 21];
    let mut i = 0;
    while i < names.len() {
        names[i] = PIPES[i].0;
        i += 1;
    }
    names
};

/// Applies pipe `name`: a built-in one from [`PIPES`], else the [`Env`]'s custom pipe;
/// `Ok(value)` unchanged for an unknown name.
pub(crate) fn apply(
    name: &str,
    value: Value,
    arg: Option<&Value>,
    env: &Env<'_>,
) -> Result<Value, EvalError> {
    if let Some((_, pipe)) = PIPES.iter().find(|(n, _)| *n == name) {
        return pipe(value, arg, env);
    }
    match env
        .pipe_hook()
        .and_then(|hook| hook.call(name, &value, arg))
    {
        Some(result) => result,
        None => Ok(value),
    }
}

/// The argument, unless absent or written as `null` (which counts as "no argument" for
/// most pipes: `t == null`).
fn given(arg: Option<&Value>) -> Option<&Value> {
    arg.filter(|a| !a.is_nullish())
}

/// The given argument as text.
fn text_arg(arg: Option<&Value>) -> Option<String> {
    given(arg).map(Value::to_js_string)
}

/// The given argument as an integer (`parseInt(String(arg))`).
fn int_arg(arg: Option<&Value>) -> Option<f64> {
    given(arg).map(|a| parse_int(&a.to_js_string()))
}

fn percent(value: Value, arg: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    let n = value.to_number();
    if n.is_nan() {
        return Ok(text(&value));
    }
    let digits = int_arg(arg).unwrap_or(0.0);
    let digits = if digits.is_nan() { 0.0 } else { digits.trunc() };
    if !(0.0..=100.0).contains(&digits) {
        return Err(EvalError::new(
            [
                "percent: digits argument must be between 0 and 100, got ",
                &number_to_string(digits),
            ]
            .concat(),
        ));
    }
    if let Some(text) = format_percent(n, digits as u32, env.locale()) {
        return Ok(Value::from(text));
    }
    Ok(Value::from(to_fixed(n * 100.0, digits as usize) + "%"))
}

/// Checks a fraction-digits option like ECMA-402 does (an integer in `0..=100`).
fn fraction_digits(option: &str, digits: f64) -> Result<u32, EvalError> {
    if digits.is_nan() || !(0.0..=100.0).contains(&digits) {
        return Err(EvalError::new(
            [
                option,
                " value is out of range: ",
                &number_to_string(digits),
                " (expected 0 to 100)",
            ]
            .concat(),
        ));
    }
    Ok(digits as u32)
}

fn number(value: Value, arg: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    let n = value.to_number();
    if n.is_nan() {
        return Ok(text(&value));
    }
    Ok(Value::from(match int_arg(arg) {
        None => format_number(n, 0, 3, env.locale()),
        Some(d) => {
            let d = fraction_digits("number: fraction digits", d)?;
            format_number(n, d, d, env.locale())
        }
    }))
}

fn compact(value: Value, arg: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    let n = value.to_number();
    if n.is_nan() {
        return Ok(text(&value));
    }
    let max = match int_arg(arg) {
        None => None,
        Some(d) => Some(fraction_digits("compact: maximum fraction digits", d)?),
    };
    Ok(Value::from(format_compact(n, max, env.locale())))
}

fn currency(value: Value, arg: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    let n = value.to_number();
    if n.is_nan() {
        return Ok(text(&value));
    }
    let code = text_arg(arg).unwrap_or_else(|| "USD".into());
    // ECMA-402's check of a currency code: three ASCII letters, any case.
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(EvalError::new(
            ["currency: invalid currency code: ", &quote(&code)].concat(),
        ));
    }
    let code = code.to_ascii_uppercase();
    Ok(Value::from(format_currency(n, &code, env.locale())))
}

fn date(value: Value, arg: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    dated(value, "date", text_arg(arg).as_deref(), env)
}

fn time(value: Value, _: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    dated(value, "time", None, env)
}

fn datetime(value: Value, _: Option<&Value>, env: &Env<'_>) -> Result<Value, EvalError> {
    dated(value, "datetime", None, env)
}

/// The date pipes: the value read as `new Date(text)` reads it (a time of day alone, `14:30`,
/// when the pattern shows no calendar field) and printed with the pattern of the pipe and
/// argument; a value that is no date is shown as text.
fn dated(value: Value, pipe: &str, arg: Option<&str>, env: &Env<'_>) -> Result<Value, EvalError> {
    let tz = env.time_zone();
    let pattern = date_pattern(pipe, arg).unwrap_or_default();
    let s = value.to_js_string();
    let time_of_day = || parse_date(&["1970-01-01T", &s].concat(), tz);
    let t = parse_date(&s, tz).or_else(|| (!pattern::has_date(&pattern)).then(time_of_day)?);
    Ok(match t {
        Some(t) => Value::from(
            // A named style's pattern (a pattern written as one prints the same in en-US)
            // goes to `Intl` in the browser, in the viewer's locale.
            pattern::style_of(&pattern)
                .and_then(|style| format_style(t, style, env))
                .unwrap_or_else(|| pattern::format_pattern(&local_fields(t, tz), &pattern)),
        ),
        None => text(&value),
    })
}

fn upper(value: Value, _: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(Value::from(platform::upper_case(&value.to_js_string())))
}

fn lower(value: Value, _: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(Value::from(platform::lower_case(&value.to_js_string())))
}

fn length(value: Value, _: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(match &value {
        Value::Array(items) => Value::from(items.len()),
        Value::String(s) => Value::from(Value::utf16_len(s)),
        _ => Value::from(0),
    })
}

fn join(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(match &value {
        Value::Array(items) => {
            let sep = text_arg(arg).unwrap_or_else(|| ", ".into());
            let mut out = String::new();
            join_into(items, &sep, &mut out);
            Value::from(out)
        }
        _ => text(&value),
    })
}

fn truncate(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    let s = value.to_js_string();
    let n = int_arg(arg).unwrap_or(0.0);
    Ok(if n > 0.0 && (Value::utf16_len(&s) as f64) > n {
        Value::from(utf16_prefix(&s, n as usize).to_owned() + "...")
    } else {
        Value::from(s)
    })
}

/// `default` takes its argument as written: `null` too.
fn default(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(if value.is_nullish() {
        arg.cloned().unwrap_or_else(|| Value::from(""))
    } else {
        value
    })
}

fn first(value: Value, _: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(match &value {
        Value::Array(items) => items.first().cloned().unwrap_or_default(),
        _ => value,
    })
}

fn last(value: Value, _: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(match &value {
        Value::Array(items) => items.last().cloned().unwrap_or_default(),
        _ => value,
    })
}

fn abs(value: Value, _: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    let n = value.to_number();
    Ok(if n.is_nan() {
        value
    } else {
        Value::Number(n.abs())
    })
}

fn round(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    let n = value.to_number();
    if n.is_nan() {
        return Ok(value);
    }
    let factor = power_of_ten(int_arg(arg).unwrap_or(0.0));
    Ok(Value::Number(js_round(n * factor) / factor))
}

fn selectattr(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(filter_attr(value, arg, true))
}

fn rejectattr(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    Ok(filter_attr(value, arg, false))
}

/// The items whose `arg` property is truthy (`keep_truthy`) or falsy; the value unchanged
/// when it is not an array or `arg` is falsy (`null` too).
fn filter_attr(value: Value, arg: Option<&Value>, keep_truthy: bool) -> Value {
    match (&value, arg) {
        (Value::Array(items), Some(a)) if a.truthy() => {
            let key = a.to_js_string();
            Value::array(
                items
                    .iter()
                    .filter(|item| {
                        matches!(item, Value::Array(_) | Value::Object(_))
                            && property(item, &key).truthy() == keep_truthy
                    })
                    .cloned(),
            )
        }
        _ => value,
    }
}

fn pluralize(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    let word = text_arg(arg).unwrap_or_else(|| "item".into());
    Ok(Value::from(if value.to_number() == 1.0 {
        word
    } else {
        word + "s"
    }))
}

/// `String(v)` as a value.
/// `matches:'pattern'` (an extension of prefab-ui's pipes): whether the value's text
/// (`String(v)`) matches the regular expression, as JavaScript's `new RegExp(pattern).test`
/// finds it; `false` with no pattern or an invalid one. A2UI's `regex` and `email` checks
/// are read as it.
fn matches(value: Value, arg: Option<&Value>, _: &Env<'_>) -> Result<Value, EvalError> {
    let found = text_arg(arg).is_some_and(|p| platform::matches(&value.to_js_string(), &p));
    Ok(Value::Bool(found))
}

fn text(value: &Value) -> Value {
    match value {
        Value::String(_) => value.clone(),
        other => Value::from(other.to_js_string()),
    }
}

/// The first `n` UTF-16 code units of `s` (a surrogate pair split by the cut is dropped:
/// Rust text cannot hold half a pair).
fn utf16_prefix(s: &str, n: usize) -> &str {
    let mut units = 0;
    for (i, c) in s.char_indices() {
        units += c.len_utf16();
        if units > n {
            return &s[..i];
        }
    }
    s
}

/// `10 ** digits` as JavaScript computes it for integer digits (correctly rounded).
fn power_of_ten(digits: f64) -> f64 {
    if digits.is_nan() {
        return f64::NAN;
    }
    string_to_number(&["1e", &(digits as i64).to_string()].concat())
}

/// `item[key]` for an array or object (no prototype members).
fn property(item: &Value, key: &str) -> Value {
    match item {
        Value::Object(map) => map.get(key).cloned().unwrap_or_default(),
        Value::Array(items) if key == "length" => Value::from(items.len()),
        Value::Array(items) => canonical_index(key)
            .and_then(|i| items.get(i).cloned())
            .unwrap_or_default(),
        _ => Value::Undefined,
    }
}
