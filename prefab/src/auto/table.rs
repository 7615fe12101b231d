//! `auto_table`: records → a sortable, searchable, paginated `DataTable`.
use super::common::{
    AutoError, ColumnKind, column_kind, is_money, is_numeric, keys, rows, to_json,
};
use super::humanize;
use crate::{DataTable, DataTableColumn};
use serde::Serialize;
use serde_json::{Map, Value};

/// Rows per page of the tables the auto renderers build.
pub const PAGE_SIZE: i64 = 10;

/// A `DataTable` for a list of records (structs, maps or JSON objects).
///
/// Columns come from the first row in field order (plus keys first seen in the next rows),
/// headers are humanized (`created_at` → `Created at`) while the data keys stay as they
/// are; every column is sortable, the table is searchable and paginated; number columns
/// are right-aligned (money columns — named like `amount`, `price`, `revenue`, `total`,
/// `cost`, `sales` — get the `currency` format, other fractions `number`), date columns get
/// the `date` / `datetime` format, nested values are left out.
///
/// ```
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct User { user_id: u32, name: String, created_at: String }
///
/// let rows = vec![User { user_id: 1, name: "Ada".into(), created_at: "2024-01-15".into() }];
/// let table = prefab::auto::auto_table(&rows).unwrap();
/// assert_eq!(table.columns[0].key, "user_id");
/// // An ordinary component: edit it before showing it.
/// let table = table.page_size(25);
/// let table = serde_json::to_value(&prefab::Node::from(table)).unwrap();
/// assert_eq!(table["type"], "DataTable");
/// assert_eq!(table["columns"][0]["key"], "user_id");
/// assert_eq!(table["columns"][2]["header"], "Created at");
/// assert_eq!(table["columns"][2]["format"], "date");
/// assert_eq!(table["rows"][0]["created_at"], "2024-01-15");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_table(rows: &impl Serialize) -> Result<DataTable, AutoError> {
    Ok(table_of(self::rows(to_json("auto_table", rows)?)))
}

pub(crate) fn table_of(rows: Vec<Value>) -> DataTable {
    let columns: Vec<DataTableColumn> = keys(&rows)
        .into_iter()
        .filter_map(|key| {
            let kind = column_kind(&rows, &key);
            if kind == ColumnKind::Nested {
                return None;
            }
            let header = humanize(&key);
            let money = is_numeric(kind) && is_money(&key);
            let mut column = DataTableColumn::new(key, header).sortable(true);
            let format = match kind {
                _ if money => Some("currency"),
                ColumnKind::Number => Some("number"),
                ColumnKind::Date => Some("date"),
                ColumnKind::DateTime => Some("datetime"),
                _ => None,
            };
            if let Some(format) = format {
                column = column.format(format);
            }
            if is_numeric(kind) {
                column.header_class = Some("text-right".into());
                column.cell_class = Some("text-right".into());
            }
            Some(column)
        })
        .collect();
    let rows: Vec<Map<String, Value>> = rows
        .into_iter()
        .filter_map(|row| match row {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .collect();
    DataTable::new(columns)
        .rows(rows)
        .search(true)
        .paginated(true)
        .page_size(PAGE_SIZE)
}
