//! `auto_detail`: one record → a card of label / value pairs.
use super::common::{AutoError, display_text, rows, to_json};
use super::humanize;
use super::table::table_of;
use crate::{Card, CardContent, Column, H4, Muted, Node, Row, Text};
use serde::Serialize;
use serde_json::{Map, Value};

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
/// let card = serde_json::to_value(prefab::Node::from(card)).unwrap();
/// assert_eq!(card["type"], "Card");
/// let rows = &card["children"][0]["children"][0]["children"];
/// assert_eq!(rows[1]["children"][0]["content"], "Is admin");
/// assert_eq!(rows[1]["children"][1]["content"], "Yes");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_detail(record: &impl Serialize) -> Result<Card, AutoError> {
    let value = to_json("auto_detail", record)?;
    let map = match value {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        other => Map::from_iter([("value".to_string(), other)]),
    };
    Ok(Card::new().child(CardContent::new().child(section(&map, 0))))
}

fn section(map: &Map<String, Value>, depth: usize) -> Column {
    Column::new()
        .css_class("gap-3")
        .children(map.iter().map(|(key, value)| entry(key, value, depth)))
}

fn entry(key: &str, value: &Value, depth: usize) -> Node {
    let label = humanize(key);
    let records = value
        .as_array()
        .is_some_and(|items| !items.is_empty() && items.iter().all(Value::is_object));
    let titled = |body: Node| {
        Column::new()
            .css_class("gap-2")
            .child(H4::new(label.clone()))
            .child(body)
            .into()
    };
    match value {
        Value::Object(inner) if depth < MAX_NESTING => titled(section(inner, depth + 1).into()),
        Value::Array(items) if records => {
            titled(table_of(rows(Value::Array(items.clone()))).into())
        }
        _ => {
            let text = match value {
                Value::Object(_) => value.to_string(),
                other => display_text(other),
            };
            Row::new()
                .css_class("gap-4 justify-between")
                .child(Muted::new(label))
                .child(Text::new(text))
                .into()
        }
    }
}
