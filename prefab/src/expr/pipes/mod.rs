//! The built-in pipes of prefab-ui 0.21.1, one function each, and the dispatcher.
//!
//! Every pipe receives the value and the typed argument (`None` when no `:arg` was written;
//! `null`, `true`, numbers arrive typed). Unknown names go to the [`Env`]'s custom-pipe hook
//! and otherwise pass the value through unchanged.
mod date;
pub use date::{MONTHS, civil_from_days, days_from_civil};
mod decimal;
mod intl;

use super::ast::canonical_index;
use super::env::Env;
use super::error::EvalError;
use super::number::{js_round, number_to_string, parse_int, string_to_number, to_fixed};
use super::platform;
use super::value::{Value, join_into};
use date::{DateStyle, format_date, format_datetime, format_time, parse_date};
use intl::{format_compact, format_currency, format_number, fraction_digits};

/// Names of every built-in pipe, in prefab-ui's table order.
pub const BUILTIN_PIPES: [&str; 20] = [
    "percent",
    "number",
    "compact",
    "currency",
    "date",
    "time",
    "datetime",
    "upper",
    "lower",
    "length",
    "join",
    "truncate",
    "default",
    "first",
    "last",
    "abs",
    "round",
    "selectattr",
    "rejectattr",
    "pluralize",
];

/// Applies pipe `name`; `Ok(value)` unchanged for an unknown name.
pub(crate) fn apply(
    name: &str,
    value: Value,
    arg: Option<&Value>,
    env: &Env<'_>,
) -> Result<Value, EvalError> {
    // An argument written as `null` counts as "no argument" for most pipes (`t == null`).
    let given = arg.filter(|a| !a.is_nullish());
    let text_arg = || given.map(Value::to_js_string);
    Ok(match name {
        "percent" => {
            let n = value.to_number();
            if n.is_nan() {
                return Ok(text(&value));
            }
            let digits = given.map_or(0.0, |a| parse_int(&a.to_js_string()));
            let digits = if digits.is_nan() { 0.0 } else { digits.trunc() };
            if !(0.0..=100.0).contains(&digits) {
                return Err(EvalError::new(format!(
                    "percent: digits argument must be between 0 and 100, got {}",
                    number_to_string(digits)
                )));
            }
            Value::from(format!("{}%", to_fixed(n * 100.0, digits as usize)))
        }
        "number" => {
            let n = value.to_number();
            if n.is_nan() {
                return Ok(text(&value));
            }
            match given {
                None => Value::from(format_number(n, 0, 3)),
                Some(a) => {
                    let d =
                        fraction_digits("number: fraction digits", parse_int(&a.to_js_string()))?;
                    Value::from(format_number(n, d, d))
                }
            }
        }
        "compact" => {
            let n = value.to_number();
            if n.is_nan() {
                return Ok(text(&value));
            }
            let max = match given {
                None => None,
                Some(a) => Some(fraction_digits(
                    "compact: maximum fraction digits",
                    parse_int(&a.to_js_string()),
                )?),
            };
            Value::from(format_compact(n, max))
        }
        "currency" => {
            let n = value.to_number();
            if n.is_nan() {
                return Ok(text(&value));
            }
            let code = text_arg().unwrap_or_else(|| "USD".into());
            Value::from(
                format_currency(n, &code).map_err(|e| EvalError::new(format!("currency: {e}")))?,
            )
        }
        "date" => {
            let tz = env.time_zone();
            match parse_date(&value.to_js_string(), tz) {
                None => text(&value),
                Some(t) => {
                    let style = match text_arg().as_deref() {
                        Some("short") => DateStyle::Short,
                        Some("long") => DateStyle::Long,
                        _ => DateStyle::Medium,
                    };
                    Value::from(format_date(t, style, tz))
                }
            }
        }
        "time" => {
            let tz = env.time_zone();
            let s = value.to_js_string();
            match parse_date(&s, tz).or_else(|| parse_date(&format!("1970-01-01T{s}"), tz)) {
                None => Value::from(s),
                Some(t) => Value::from(format_time(t, tz)),
            }
        }
        "datetime" => {
            let tz = env.time_zone();
            match parse_date(&value.to_js_string(), tz) {
                None => text(&value),
                Some(t) => Value::from(format_datetime(t, tz)),
            }
        }
        "upper" => Value::from(platform::upper_case(&value.to_js_string())),
        "lower" => Value::from(platform::lower_case(&value.to_js_string())),
        "length" => match &value {
            Value::Array(items) => Value::from(items.len()),
            Value::String(s) => Value::from(Value::utf16_len(s)),
            _ => Value::from(0),
        },
        "join" => match &value {
            Value::Array(items) => {
                let sep = text_arg().unwrap_or_else(|| ", ".into());
                let mut out = String::new();
                join_into(items, &sep, &mut out);
                Value::from(out)
            }
            _ => text(&value),
        },
        "truncate" => {
            let s = value.to_js_string();
            let n = given.map_or(0.0, |a| parse_int(&a.to_js_string()));
            if n > 0.0 && (Value::utf16_len(&s) as f64) > n {
                Value::from(format!("{}...", utf16_prefix(&s, n as usize)))
            } else {
                Value::from(s)
            }
        }
        "default" => {
            if value.is_nullish() {
                arg.cloned().unwrap_or_else(|| Value::from(""))
            } else {
                value
            }
        }
        "first" => match &value {
            Value::Array(items) => items.first().cloned().unwrap_or_default(),
            _ => value,
        },
        "last" => match &value {
            Value::Array(items) => items.last().cloned().unwrap_or_default(),
            _ => value,
        },
        "abs" => {
            let n = value.to_number();
            if n.is_nan() {
                value
            } else {
                Value::Number(n.abs())
            }
        }
        "round" => {
            let n = value.to_number();
            if n.is_nan() {
                return Ok(value);
            }
            let digits = given.map_or(0.0, |a| parse_int(&a.to_js_string()));
            let factor = power_of_ten(digits);
            Value::Number(js_round(n * factor) / factor)
        }
        "selectattr" | "rejectattr" => {
            let keep_truthy = name == "selectattr";
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
        "pluralize" => {
            let word = text_arg().unwrap_or_else(|| "item".into());
            if value.to_number() == 1.0 {
                Value::from(word)
            } else {
                Value::from(word + "s")
            }
        }
        _ => match env
            .pipe_hook()
            .and_then(|hook| hook.call(name, &value, arg))
        {
            Some(result) => result?,
            None => value,
        },
    })
}

/// `String(v)` as a value.
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
    string_to_number(&format!("1e{}", digits as i64))
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
