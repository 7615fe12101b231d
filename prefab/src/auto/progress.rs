//! `auto_progress`: named amounts → labelled progress bars.
use super::common::{AutoError, display_text, to_json};
use super::humanize;
use crate::{Column, Muted, Progress, Row, Text};
use serde::Serialize;
use serde_json::{Map, Value};

/// One labelled `Progress` bar per entry.
///
/// Input: an object of numbers (`{"upload": 0.4}`) or a list of `{label, value, max?}`.
/// When every value lies in 0..=1 they are read as fractions (max 1), otherwise as
/// percentages (max 100) unless an item gives its own `max`.
///
/// ```
/// use serde_json::json;
///
/// let bars = prefab::auto::auto_progress(&json!({"upload": 0.4, "indexing": 1})).unwrap();
/// let bars = serde_json::to_value(prefab::Node::from(bars)).unwrap();
/// let first = &bars["children"][0]["children"];
/// assert_eq!(first[0]["children"][0]["content"], "Upload");
/// assert_eq!(first[0]["children"][1]["content"], "40%");
/// assert_eq!(first[1]["max"], 1);
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_progress(input: &impl Serialize) -> Result<Column, AutoError> {
    let value = to_json("auto_progress", input)?;
    let items: Vec<(String, f64, Option<f64>)> = match &value {
        Value::Object(map) => map
            .iter()
            .filter_map(|(k, v)| Some((humanize(k), v.as_f64()?, None)))
            .collect(),
        Value::Array(list) => list.iter().filter_map(item).collect(),
        _ => Vec::new(),
    };
    let fractions = !items.is_empty()
        && items
            .iter()
            .all(|(_, v, max)| max.is_none() && (0.0..=1.0).contains(v));
    let default_max = if fractions { 1.0 } else { 100.0 };
    let bars = items.into_iter().map(|(label, value, max)| {
        let max = max.unwrap_or(default_max);
        let percent = if max > 0.0 {
            (value / max * 100.0).round()
        } else {
            0.0
        };
        let variant = if value >= max { "success" } else { "default" };
        Column::new()
            .css_class("gap-1")
            .child(
                Row::new()
                    .css_class("justify-between")
                    .child(Text::new(label))
                    .child(Muted::new(format!("{percent}%"))),
            )
            .child(Progress::new().value(value).max(max).variant(variant))
    });
    Ok(Column::new().css_class("gap-4").children(bars))
}

fn item(value: &Value) -> Option<(String, f64, Option<f64>)> {
    let map: &Map<String, Value> = value.as_object()?;
    let label = map
        .get("label")
        .or_else(|| map.get("name"))
        .filter(|l| !l.is_null())
        .map(display_text)?;
    let amount = map.get("value").and_then(Value::as_f64)?;
    Some((label, amount, map.get("max").and_then(Value::as_f64)))
}
