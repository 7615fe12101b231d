//! `auto_comparison`: several records side by side, one row per field.
use super::common::{AutoError, display_text, keys, name_key, rows, to_json};
use super::humanize;
use crate::{DataTable, DataTableColumn};
use serde::Serialize;
use serde_json::{Map, Value};

/// A `DataTable` with one column per record (headed by its name, title, label or id) and
/// one row per field; the name field itself is the header, not a row.
///
/// ```
/// use serde_json::json;
///
/// let plans = json!([
///     {"name": "Basic", "price": 5, "seats": 1},
///     {"name": "Team", "price": 20, "seats": 10},
/// ]);
/// let table = prefab::auto::auto_comparison(&plans).unwrap();
/// let table = serde_json::to_value(prefab::Node::from(table)).unwrap();
/// assert_eq!(table["columns"][1]["header"], "Basic");
/// assert_eq!(table["rows"][0]["field"], "Price");
/// assert_eq!(table["rows"][0]["item_1"], "20");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_comparison(items: &impl Serialize) -> Result<DataTable, AutoError> {
    let items = rows(to_json("auto_comparison", items)?);
    let keys = keys(&items);
    let name = name_key(&items, &keys);
    let mut columns = vec![DataTableColumn::new("field", "").sortable(false)];
    for (i, item) in items.iter().enumerate() {
        let header = name
            .as_ref()
            .and_then(|k| item.get(k))
            .map_or_else(|| format!("Item {}", i + 1), display_text);
        columns.push(DataTableColumn::new(format!("item_{i}"), header).sortable(false));
    }
    let table_rows: Vec<Map<String, Value>> = keys
        .iter()
        .filter(|k| Some(*k) != name.as_ref())
        .map(|key| {
            let mut row = Map::new();
            row.insert("field".into(), Value::String(humanize(key)));
            for (i, item) in items.iter().enumerate() {
                let text = item.get(key).map_or_else(|| "—".into(), display_text);
                row.insert(format!("item_{i}"), Value::String(text));
            }
            row
        })
        .collect();
    Ok(DataTable::new(columns)
        .rows(table_rows)
        .search(false)
        .paginated(false))
}
