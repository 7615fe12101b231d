//! `auto_metrics`: a record of numbers (or a list of `{label, value, delta}`) → a grid of
//! `Metric`s.
use super::common::{AutoError, display_text, humanize, to_json};
use serde::Serialize;
use serde_json::{Map, Value, json};

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
/// assert_eq!(grid["type"], "Grid");
/// assert_eq!(grid["children"][1]["label"], "Active users");
/// assert_eq!(grid["children"][1]["value"], 31);
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_metrics(input: &impl Serialize) -> Result<Value, AutoError> {
    let value = to_json("auto_metrics", input)?;
    let metrics: Vec<Value> = match value {
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
    Ok(json!({
        "cssClass": format!("grid-cols-{columns} gap-4"),
        "type": "Grid",
        "children": metrics,
    }))
}

fn from_item(item: &Value) -> Option<Value> {
    let map = item.as_object()?;
    let label = map
        .get("label")
        .or_else(|| map.get("name"))
        .map(display_text)?;
    Some(metric(
        &label,
        map.get("value").unwrap_or(&Value::Null),
        Some(map),
    ))
}

fn metric(label: &str, value: &Value, extra: Option<&Map<String, Value>>) -> Value {
    let mut node = Map::new();
    node.insert("label".into(), label.into());
    let value = match value {
        Value::Number(_) | Value::String(_) => value.clone(),
        other => Value::String(display_text(other)),
    };
    node.insert("value".into(), value);
    if let Some(extra) = extra {
        for key in ["description", "delta", "trend", "trendSentiment"] {
            if let Some(v) = extra.get(key).filter(|v| v.is_number() || v.is_string()) {
                node.insert(key.into(), v.clone());
            }
        }
        if !node.contains_key("trend")
            && let Some(delta) = node.get("delta").and_then(Value::as_f64)
        {
            let trend = if delta > 0.0 {
                "up"
            } else if delta < 0.0 {
                "down"
            } else {
                "neutral"
            };
            node.insert("trend".into(), trend.into());
        }
    }
    node.insert("type".into(), "Metric".into());
    Value::Object(node)
}
