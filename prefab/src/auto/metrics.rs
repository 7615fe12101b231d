//! `auto_metrics`: a record of numbers (or a list of `{label, value, delta}`) → a grid of
//! `Metric`s.
use super::common::{AutoError, display_text, to_json};
use super::humanize;
use crate::{Bind, Grid, Metric, Number};
use serde::Serialize;
use serde_json::{Map, Value};

/// Most metrics per grid row.
const MAX_COLUMNS: usize = 4;

/// One `Metric` per entry, in a grid of up to four columns.
///
/// Input: an object (`{"revenue": 1200, "users": 31}` → label `Revenue`, value `1200`) or
/// a list of objects with `label`, `value` and optional `delta`, `trend`, `description`.
/// Nested values are skipped.
///
/// ```
/// use serde_json::json;
///
/// let grid = prefab::auto::auto_metrics(&json!({"revenue": 1200, "active_users": 31})).unwrap();
/// let grid = serde_json::to_value(prefab::Node::from(grid)).unwrap();
/// assert_eq!(grid["type"], "Grid");
/// assert_eq!(grid["children"][1]["label"], "Active users");
/// assert_eq!(grid["children"][1]["value"], 31);
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_metrics(input: &impl Serialize) -> Result<Grid, AutoError> {
    let value = to_json("auto_metrics", input)?;
    let metrics: Vec<Metric> = match value {
        Value::Array(items) => items.iter().filter_map(from_item).collect(),
        Value::Object(map) => map
            .iter()
            .filter(|(_, v)| !v.is_array() && !v.is_object())
            .map(|(k, v)| metric(&humanize(k), v, None))
            .collect(),
        Value::Null => Vec::new(),
        scalar => vec![metric("Value", &scalar, None)],
    };
    let columns = metrics.len().clamp(1, MAX_COLUMNS);
    Ok(Grid::new()
        .css_class(format!("grid-cols-{columns} gap-4"))
        .children(metrics))
}

fn from_item(item: &Value) -> Option<Metric> {
    let map = item.as_object()?;
    let label = map
        .get("label")
        .or_else(|| map.get("name"))
        .filter(|l| !l.is_null())
        .map(display_text)?;
    Some(metric(
        &label,
        map.get("value").unwrap_or(&Value::Null),
        Some(map),
    ))
}

/// A number or string prop (`value`, `delta`).
fn bind(value: &Value) -> Bind<Number> {
    match value {
        Value::Number(n) => Bind::Value(Number(n.as_f64().unwrap_or_default())),
        Value::String(s) => Bind::Expr(s.clone()),
        other => Bind::Expr(display_text(other)),
    }
}

fn metric(label: &str, value: &Value, extra: Option<&Map<String, Value>>) -> Metric {
    let mut metric = Metric::new(label, bind(value));
    let Some(extra) = extra else {
        return metric;
    };
    let text = |key: &str| extra.get(key).and_then(Value::as_str).map(str::to_string);
    metric.description = text("description");
    metric.delta = extra
        .get("delta")
        .filter(|v| v.is_number() || v.is_string())
        .map(bind);
    metric.trend = text("trend").or_else(|| {
        let delta = extra.get("delta").and_then(Value::as_f64)?;
        Some(
            if delta > 0.0 {
                "up"
            } else if delta < 0.0 {
                "down"
            } else {
                "neutral"
            }
            .to_string(),
        )
    });
    metric.trend_sentiment = text("trendSentiment");
    metric
}
