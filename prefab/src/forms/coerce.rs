//! Submitted values → typed JSON, field by field: what a browser form sends (strings from
//! inputs, `"on"` from checkboxes, unresolved `{{ name }}` templates for untouched inputs,
//! dotted keys from elicitation) becomes the JSON the field's type expects, or a
//! [`FieldError`] naming the field.
use super::field::{ChoiceOption, FieldKind, FormField};
use serde::Serialize;
use serde_json::{Map, Number, Value};

/// One problem with one submitted field.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldError {
    /// The field's name (`address.zip`; empty when the problem is not tied to a field).
    pub field: String,
    /// What is wrong, for a person (`must be at least 18`).
    pub message: String,
}

/// Every problem found in a submission.
///
/// ```
/// use prefab::forms::{FieldKind, FormField, check_fields};
/// let fields = [FormField::new("age", FieldKind::Integer).range(Some(18.0), None)];
/// let errors = check_fields(&fields, &serde_json::json!({"age": "12"})).unwrap_err();
/// assert_eq!(errors.get("age"), Some("must be at least 18"));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FormErrors {
    /// The problems, in field order.
    pub errors: Vec<FieldError>,
}

impl FormErrors {
    /// The message for `field`, if it has one.
    #[must_use]
    pub fn get(&self, field: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|e| e.field == field)
            .map(|e| e.message.as_str())
    }
}

impl std::fmt::Display for FormErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if e.field.is_empty() {
                f.write_str(&e.message)?;
            } else {
                write!(f, "{}: {}", e.field, e.message)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for FormErrors {}

/// Checks and converts `arguments` against `fields`; unknown keys are dropped.
///
/// ```
/// use prefab::forms::{FieldKind, FormField, check_fields};
/// let fields = [FormField::new("age", FieldKind::Integer)];
/// let typed = check_fields(&fields, &serde_json::json!({"age": "42"})).unwrap();
/// assert_eq!(typed["age"], 42);
/// ```
///
/// # Errors
/// Every field that is missing, of the wrong type or out of bounds.
pub fn check_fields(
    fields: &[FormField],
    arguments: &Value,
) -> Result<Map<String, Value>, FormErrors> {
    let nested = unflatten(arguments);
    let mut errors = Vec::new();
    let out = check_object(fields, &nested, &mut errors);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(FormErrors { errors })
    }
}

/// `{"address.street": "x"}` → `{"address": {"street": "x"}}` (nested keys kept as they are).
pub(super) fn unflatten(arguments: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    let Some(map) = arguments.as_object() else {
        return out;
    };
    for (key, value) in map {
        let mut target = &mut out;
        let mut segments = key.split('.').peekable();
        while let Some(segment) = segments.next() {
            if segments.peek().is_none() {
                target.insert(segment.to_string(), value.clone());
                break;
            }
            let entry = target
                .entry(segment.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if !entry.is_object() {
                *entry = Value::Object(Map::new());
            }
            match entry {
                Value::Object(inner) => target = inner,
                _ => break,
            }
        }
    }
    out
}

pub(super) fn leaf_key(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

fn check_object(
    fields: &[FormField],
    given: &Map<String, Value>,
    errors: &mut Vec<FieldError>,
) -> Map<String, Value> {
    let mut out = Map::new();
    for field in fields {
        let key = leaf_key(&field.name);
        let value = given.get(key).filter(|v| !is_blank(v));
        let error = |message: String| FieldError {
            field: field.name.clone(),
            message,
        };
        match (&field.kind, value) {
            (FieldKind::Group { fields: inner }, value) => {
                let empty = Map::new();
                let map = value.and_then(Value::as_object).unwrap_or(&empty);
                let before = errors.len();
                let nested = check_object(inner, map, errors);
                if value.is_none() && !field.required {
                    // An optional group nobody filled in: drop its "required" errors.
                    errors.truncate(before);
                    continue;
                }
                out.insert(key.to_string(), Value::Object(nested));
            }
            (FieldKind::Boolean, None) => {
                out.insert(key.to_string(), Value::Bool(false));
            }
            (_, None) if field.required => errors.push(error("is required".into())),
            (_, None) => {}
            (kind, Some(value)) => match coerce(kind, value).and_then(|v| bounds(field, v)) {
                Ok(v) => {
                    out.insert(key.to_string(), v);
                }
                Err(message) => errors.push(error(message)),
            },
        }
    }
    out
}

/// Missing, `null`, empty text, or a template the renderer left unresolved (`{{ age }}`:
/// the input was never touched and had no initial value).
pub(super) fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => {
            let t = s.trim();
            t.is_empty() || (t.starts_with("{{") && t.ends_with("}}"))
        }
        _ => false,
    }
}

/// HTML's "valid e-mail address" (what `<input type=email>` accepts).
const EMAIL: &str = r"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$";

fn coerce(kind: &FieldKind, value: &Value) -> Result<Value, String> {
    match kind {
        FieldKind::Text | FieldKind::Textarea => Ok(Value::String(text_of(value)?)),
        FieldKind::Email => {
            let s = text_of(value)?.trim().to_string();
            // The browser's rule (HTML's "valid e-mail address"), and a dot in the domain.
            let ok = crate::expr::platform::matches(&s, EMAIL)
                && s.split_once('@')
                    .is_some_and(|(_, host)| host.contains('.'));
            if ok {
                Ok(Value::String(s))
            } else {
                Err("must be an email address".into())
            }
        }
        FieldKind::Url => {
            let s = text_of(value)?.trim().to_string();
            let lower = s.to_ascii_lowercase();
            if (lower.starts_with("http://") || lower.starts_with("https://")) && s.len() > 8 {
                Ok(Value::String(s))
            } else {
                Err("must be an http(s) URL".into())
            }
        }
        FieldKind::Date => {
            let s = text_of(value)?.trim().to_string();
            if is_date(&s) {
                Ok(Value::String(s))
            } else {
                Err("must be a date (YYYY-MM-DD)".into())
            }
        }
        FieldKind::DateTime => date_time(&text_of(value)?).map(Value::String),
        FieldKind::Time => {
            let s = text_of(value)?.trim().to_string();
            let ok = s.len() >= 5
                && s.as_bytes()[2] == b':'
                && s[..2].parse::<u8>().is_ok_and(|h| h < 24);
            if ok {
                Ok(Value::String(s))
            } else {
                Err("must be a time (HH:MM)".into())
            }
        }
        FieldKind::Number => {
            let n = number_of(value).ok_or("must be a number")?;
            Number::from_f64(n)
                .map(Value::Number)
                .ok_or_else(|| "must be a finite number".into())
        }
        FieldKind::Integer => {
            let n = number_of(value).ok_or("must be a whole number")?;
            if n.fract() != 0.0 || n.abs() > 9.007_199_254_740_991e15 {
                return Err("must be a whole number".into());
            }
            #[allow(clippy::cast_possible_truncation)]
            Ok(Value::from(n as i64))
        }
        FieldKind::Boolean => coerce_boolean(value).map(Value::Bool),
        FieldKind::Choice { options } => choice(options, value),
        FieldKind::List { item } => list(item, value),
        FieldKind::Group { .. } => Err("must be an object".into()),
    }
}

/// One of the options: the option's value whose JSON or text equals the submitted one.
fn choice(options: &[ChoiceOption], value: &Value) -> Result<Value, String> {
    let wanted = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    options
        .iter()
        .find(|o| {
            &o.value == value
                || o.value
                    .as_str()
                    .map_or_else(|| o.value.to_string(), str::to_string)
                    == wanted
        })
        .map(|o| o.value.clone())
        .ok_or_else(|| {
            let names: Vec<String> = options
                .iter()
                .map(|o| {
                    o.value
                        .as_str()
                        .map_or_else(|| o.value.to_string(), str::to_string)
                })
                .collect();
            format!("must be one of: {}", names.join(", "))
        })
}

/// A list: an array, or text split at commas and line breaks; each item converted as `item`.
fn list(item: &FieldKind, value: &Value) -> Result<Value, String> {
    let items: Vec<Value> = match value {
        Value::Array(items) => items.clone(),
        Value::String(s) => s
            .split(['\n', ','])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| Value::String(s.to_string()))
            .collect(),
        other => vec![other.clone()],
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| coerce(item, v).map_err(|m| format!("item {}: {m}", i + 1)))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

/// A checkbox's value: `true`, `"on"`, `"yes"`, `"1"`… or `false`, `"off"`, `""`….
pub(super) fn coerce_boolean(value: &Value) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" | "1" => Ok(true),
            "false" | "off" | "no" | "0" | "" => Ok(false),
            _ => Err("must be true or false".into()),
        },
        Value::Number(n) => Ok(n.as_f64() != Some(0.0)),
        _ => Err("must be true or false".into()),
    }
}

/// Bounds checks after conversion: range and step for numbers, length for text and lists,
/// the pattern for text (and each text item of a list).
fn bounds(field: &FormField, value: Value) -> Result<Value, String> {
    if let Some(n) = value.as_f64() {
        number_bounds(field, n)?;
    }
    if let Some(pattern) = &field.pattern {
        let texts: Vec<&str> = match &value {
            Value::String(s) => vec![s.as_str()],
            Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        for text in texts {
            check_pattern(text, pattern)?;
        }
    }
    let len = match &value {
        Value::String(s) => Some(s.chars().count() as u64),
        Value::Array(items) => Some(items.len() as u64),
        _ => None,
    };
    if let Some(len) = len {
        let unit = if value.is_array() {
            "items"
        } else {
            "characters"
        };
        if let Some(min) = field.min_length.filter(|m| len < *m) {
            return Err(format!("must have at least {min} {unit}"));
        }
        if let Some(max) = field.max_length.filter(|m| len > *m) {
            return Err(format!("must have at most {max} {unit}"));
        }
    }
    Ok(value)
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` and `multipleOf`.
fn number_bounds(field: &FormField, n: f64) -> Result<(), String> {
    if let Some(min) = field.min.filter(|m| n < *m) {
        return Err(format!("must be at least {min}"));
    }
    if let Some(min) = field.exclusive_min.filter(|m| n <= *m) {
        return Err(format!("must be more than {min}"));
    }
    if let Some(max) = field.max.filter(|m| n > *m) {
        return Err(format!("must be at most {max}"));
    }
    if let Some(max) = field.exclusive_max.filter(|m| n >= *m) {
        return Err(format!("must be less than {max}"));
    }
    if let Some(step) = field.step.filter(|s| *s > 0.0 && !is_multiple(n, *s)) {
        return Err(format!("must be a multiple of {step}"));
    }
    Ok(())
}

/// Whether `n` is a whole multiple of `step`, up to the rounding of decimal fractions in
/// binary (`42.5 / 0.01` is `4250.000000000001`).
pub(super) fn is_multiple(n: f64, step: f64) -> bool {
    let q = n / step;
    q.is_finite() && (q - q.round()).abs() <= 1e-9 * q.abs().max(1.0)
}

/// JSON Schema's `pattern`: the regular expression matches somewhere in `text`. The same
/// message as the browser's ("Please match the requested format"), with the pattern for a
/// caller that has no browser.
fn check_pattern(text: &str, pattern: &str) -> Result<(), String> {
    if let Some(e) = crate::expr::platform::pattern_error(pattern) {
        return Err(format!(
            "cannot be checked: its pattern {pattern:?} is invalid ({e})"
        ));
    }
    if crate::expr::platform::matches(text, pattern) {
        Ok(())
    } else {
        Err(format!("must match the requested format: {pattern}"))
    }
}

fn text_of(value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        _ => Err("must be text".into()),
    }
}

fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s
            .trim()
            .replace('_', "")
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite()),
        _ => None,
    }
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && s[..4].parse::<u16>().is_ok()
        && s[5..7].parse::<u8>().is_ok_and(|m| (1..=12).contains(&m))
        && s[8..].parse::<u8>().is_ok_and(|d| (1..=31).contains(&d))
}

/// `2024-01-15T14:30` (what `datetime-local` inputs send) → `2024-01-15T14:30:00Z`.
fn date_time(s: &str) -> Result<String, String> {
    let s = s.trim();
    let err = || "must be a date and time (YYYY-MM-DDTHH:MM)".to_string();
    let (date, time) = s.split_once(['T', ' ']).ok_or_else(err)?;
    if !is_date(date) || time.len() < 5 || time.as_bytes()[2] != b':' {
        return Err(err());
    }
    let mut out = format!("{date}T{time}");
    if time.len() == 5 {
        out.push_str(":00");
    }
    let has_zone = time.ends_with('Z')
        || time.ends_with('z')
        || time.get(5..).is_some_and(|rest| rest.contains(['+', '-']));
    if !has_zone {
        out.push('Z');
    }
    Ok(out)
}
