//! What every auto renderer needs: turning `Serialize` input into rows, reading the shape
//! of the data (numbers, dates, names) and humanizing keys for labels.
use serde::Serialize;
use serde_json::{Map, Value};

/// How many rows are looked at to decide a column's kind.
pub(crate) const SAMPLE: usize = 50;

/// Input that could not be turned into JSON (e.g. a map with non-string keys).
#[derive(Debug)]
pub struct AutoError {
    /// Which renderer failed.
    pub renderer: &'static str,
    /// serde's message.
    pub message: String,
}

impl std::fmt::Display for AutoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: input is not representable as JSON: {}",
            self.renderer, self.message
        )
    }
}

impl std::error::Error for AutoError {}

/// `input` as JSON: `serde_json::to_value`'s result, taken by a faster path for a list of
/// structs.
pub(crate) fn to_json(renderer: &'static str, input: &impl Serialize) -> Result<Value, AutoError> {
    if let Some(rows) = super::records::struct_rows(input) {
        return Ok(rows);
    }
    serde_json::to_value(input).map_err(|e| AutoError {
        renderer,
        message: e.to_string(),
    })
}

/// Input as a list of records: an array stays an array, a single object is one row, a
/// scalar array becomes `{"value": x}` rows, `null` is no rows.
pub(crate) fn rows(value: Value) -> Vec<Value> {
    let wrap = |v: Value| {
        if v.is_object() {
            v
        } else {
            let mut row = Map::new();
            row.insert("value".into(), v);
            Value::Object(row)
        }
    };
    match value {
        Value::Null => Vec::new(),
        Value::Array(items) => items.into_iter().map(wrap).collect(),
        other => vec![wrap(other)],
    }
}

/// Keys of the first row in order, then keys first seen in the next rows of the sample.
pub(crate) fn keys(rows: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for row in rows.iter().take(SAMPLE) {
        if let Some(map) = row.as_object() {
            for key in map.keys() {
                if !out.contains(key) {
                    out.push(key.clone());
                }
            }
        }
    }
    out
}

/// What the sampled values of one column are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ColumnKind {
    /// Whole numbers only.
    Integer,
    /// Numbers, some with fractions.
    Number,
    /// `YYYY-MM-DD` strings.
    Date,
    /// `YYYY-MM-DDTHH:MM…` strings.
    DateTime,
    /// Booleans.
    Boolean,
    /// Arrays or objects.
    Nested,
    /// Anything else (or only nulls).
    Text,
}

pub(crate) fn column_kind(rows: &[Value], key: &str) -> ColumnKind {
    let mut kind: Option<ColumnKind> = None;
    for value in rows.iter().take(SAMPLE).filter_map(|r| r.get(key)) {
        let this = value_kind(value);
        let Some(this) = this else { continue };
        kind = Some(match (kind, this) {
            (None, k) => k,
            (Some(a), b) if a == b => a,
            (
                Some(ColumnKind::Integer | ColumnKind::Number),
                ColumnKind::Integer | ColumnKind::Number,
            ) => ColumnKind::Number,
            (
                Some(ColumnKind::Date | ColumnKind::DateTime),
                ColumnKind::Date | ColumnKind::DateTime,
            ) => ColumnKind::DateTime,
            _ => ColumnKind::Text,
        });
    }
    kind.unwrap_or(ColumnKind::Text)
}

fn value_kind(value: &Value) -> Option<ColumnKind> {
    Some(match value {
        Value::Null => return None,
        Value::Bool(_) => ColumnKind::Boolean,
        Value::Number(n) if n.is_i64() || n.is_u64() => ColumnKind::Integer,
        Value::Number(_) => ColumnKind::Number,
        Value::String(s) if is_date(s) => ColumnKind::Date,
        Value::String(s) if is_date_time(s) => ColumnKind::DateTime,
        Value::String(_) => ColumnKind::Text,
        Value::Array(_) | Value::Object(_) => ColumnKind::Nested,
    })
}

pub(crate) fn is_numeric(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Integer | ColumnKind::Number)
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

fn is_date_time(s: &str) -> bool {
    s.len() >= 16
        && s.is_char_boundary(10)
        && is_date(&s[..10])
        && matches!(s.as_bytes()[10], b'T' | b' ')
        && s.as_bytes()[13] == b':'
}

/// The key that names a record: `name`, `title`, `label`, `id`, else the first text key.
pub(crate) fn name_key(rows: &[Value], keys: &[String]) -> Option<String> {
    for wanted in ["name", "title", "label", "id"] {
        if let Some(k) = keys.iter().find(|k| k.eq_ignore_ascii_case(wanted)) {
            return Some(k.clone());
        }
    }
    keys.iter()
        .find(|k| column_kind(rows, k) == ColumnKind::Text)
        .cloned()
}

/// A value as display text (`null` → `—`).
pub(crate) fn display_text(value: &Value) -> String {
    match value {
        Value::Null => "—".into(),
        Value::String(s) => s.clone(),
        Value::Bool(true) => "Yes".into(),
        Value::Bool(false) => "No".into(),
        Value::Array(items) => items
            .iter()
            .map(display_text)
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// Words of a column or label that say its numbers are money (`total_revenue`, `unitPrice`).
const MONEY_WORDS: [&str; 20] = [
    "revenue", "amount", "price", "total", "cost", "costs", "sales", "spend", "income", "profit",
    "earnings", "balance", "budget", "fee", "fees", "salary", "payment", "payments", "mrr", "arr",
];
/// Words that say the numbers count things, even beside a money word (`total_orders`).
const COUNT_WORDS: [&str; 10] = [
    "count",
    "orders",
    "quantity",
    "qty",
    "units",
    "items",
    "users",
    "customers",
    "number",
    "num",
];

/// Numbers from this magnitude on are shown grouped (`12,345`) or, in charts, compact.
pub(crate) const LARGE: f64 = 1_000.0;
/// Numbers from this magnitude on are shown compact (`1.2M`) everywhere.
pub(crate) const HUGE: f64 = 1_000_000.0;

/// The words of a key, lowercased: split at anything but letters and digits and where a
/// lowercase letter meets an uppercase one (`unitPrice` → `unit`, `price`).
fn words(key: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut lower_before = false;
    for c in key.chars() {
        if (!c.is_alphanumeric() || (c.is_uppercase() && lower_before)) && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        lower_before = c.is_lowercase();
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Whether a column or label named `key` holds money: one of its words is a money word
/// (`revenue`, `amount`, `price`, `total`, `cost`, `sales`, …) and none counts things.
pub(crate) fn is_money(key: &str) -> bool {
    let words = words(key);
    words.iter().any(|w| MONEY_WORDS.contains(&w.as_str()))
        && !words.iter().any(|w| COUNT_WORDS.contains(&w.as_str()))
}

/// The largest magnitude among the numbers of `keys` in `rows` (0 when there are none).
pub(crate) fn max_abs(rows: &[Value], keys: &[&String]) -> f64 {
    rows.iter()
        .flat_map(|row| keys.iter().filter_map(|k| row.get(k.as_str())?.as_f64()))
        .fold(0.0, |m, v| m.max(v.abs()))
}
