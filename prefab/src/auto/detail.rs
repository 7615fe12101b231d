//! `auto_detail`: one record → a card of label / value pairs.
use super::common::{AutoError, display_text, humanize, rows, to_json};
use super::table::table_of;
use serde::Serialize;
use serde_json::{Map, Value, json};

/// How deep nested objects are shown as nested cards.
const MAX_NESTING: usize = 3;

/// A `Card` listing every field of a record: humanized label, value as text (`null` → `—`,
/// booleans → Yes/No, lists joined). Nested objects become nested sections; lists of
/// records become tables.
///
/// ```
/// use serde_json::json;
///
/// let card = prefab::auto::auto_detail(&json!({"name": "Ada", "is_admin": true})).unwrap();
/// assert_eq!(card["type"], "Card");
/// let rows = &card["children"][0]["children"][0]["children"];
/// assert_eq!(rows[1]["children"][0]["content"], "Is admin");
/// assert_eq!(rows[1]["children"][1]["content"], "Yes");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_detail(record: &impl Serialize) -> Result<Value, AutoError> {
    let value = to_json("auto_detail", record)?;
    let map = match value {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        other => Map::from_iter([("value".to_string(), other)]),
    };
    Ok(json!({
        "type": "Card",
        "children": [{"type": "CardContent", "children": [section(&map, 0)]}],
    }))
}

fn section(map: &Map<String, Value>, depth: usize) -> Value {
    let children: Vec<Value> = map
        .iter()
        .map(|(key, value)| entry(key, value, depth))
        .collect();
    json!({"cssClass": "gap-3", "type": "Column", "children": children})
}

fn entry(key: &str, value: &Value, depth: usize) -> Value {
    let label = humanize(key);
    let records = value
        .as_array()
        .is_some_and(|items| !items.is_empty() && items.iter().all(Value::is_object));
    match value {
        Value::Object(inner) if depth < MAX_NESTING => json!({
            "cssClass": "gap-2",
            "type": "Column",
            "children": [{"content": label, "type": "H4"}, section(inner, depth + 1)],
        }),
        Value::Array(items) if records => json!({
            "cssClass": "gap-2",
            "type": "Column",
            "children": [{"content": label, "type": "H4"}, table_of(rows(Value::Array(items.clone())))],
        }),
        _ => {
            let text = match value {
                Value::Object(_) => value.to_string(),
                other => display_text(other),
            };
            json!({
                "cssClass": "gap-4 justify-between",
                "type": "Row",
                "children": [
                    {"content": label, "type": "Muted"},
                    {"content": text, "type": "Text"},
                ],
            })
        }
    }
}
