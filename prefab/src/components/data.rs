//! Data display: `DataTable`, plain tables, progress bars, rings, loaders, sparklines.

use super::{Bind, Map, Number, Rows};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

components! {
    /// A table of rows with sortable columns, search and pagination.
    ///
    /// [`DataTable::from_rows`] infers the columns from any `Serialize` rows.
    leaf DataTable {
        columns: Vec<DataTableColumn> ;
        rows: Rows, search: bool, searchable: bool, search_placeholder: String, paginated: bool,
        page_size: i64, on_row_click: crate::Actions,
    } => DataTable::new(vec![DataTableColumn::new("name", "Name")]).rows("{{ users }}");
    /// A static table; children are `TableHeader`, `TableBody`, … .
    container Table {} => Table::new().child(TableBody::new());
    /// The header section of a [`Table`].
    container TableHeader {} => TableHeader::new();
    /// The body section of a [`Table`].
    container TableBody {} => TableBody::new();
    /// The footer section of a [`Table`].
    container TableFooter {} => TableFooter::new();
    /// A row of a [`Table`].
    container TableRow {} => TableRow::new().child(TableCell::new("1"));
    /// A header cell.
    container TableHead [new(content)] { ; content: String } => TableHead::new("Name");
    /// A body cell.
    container TableCell [new(content)] { ; content: String } => TableCell::new("Alice");
    /// The caption of a [`Table`].
    leaf TableCaption { content: String } => TableCaption::new("Users");
    /// A progress bar.
    leaf Progress {
        ; value: Bind<Number>, min: Number, max: Number, variant: String, size: String,
        target: Bind<Number>, indicator_class: String, target_class: String, orientation: String,
    } => Progress::new().value(40).max(100);
    /// A circular progress ring with an optional centre label.
    container Ring {
        ; value: Bind<Number>, min: Number, max: Number, label: String, variant: String,
        size: String, thickness: Number, target: Bind<Number>, indicator_class: String,
        target_class: String,
    } => Ring::new().value("{{ score }}").label("Score");
    /// A spinner.
    leaf Loader { ; variant: String, size: String } => Loader::new().variant("dots");
    /// A tiny inline chart of numbers.
    leaf Sparkline {
        data: Bind<Vec<Number>> ;
        height: Bind<i64>, variant: String, indicator_class: String, fill: bool, curve: String,
        stroke_width: Number, mode: String,
    } => Sparkline::new(vec![Number::from(1), Number::from(3), Number::from(2)]);
}

/// One column of a [`DataTable`].
///
/// ```
/// use prefab::DataTableColumn;
/// let col = DataTableColumn::new("price", "Price").sortable(true).format("currency");
/// assert_eq!(serde_json::to_value(&col).unwrap()["header"], "Price");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct DataTableColumn {
    /// Row key shown in this column.
    pub key: String,
    /// Header text.
    pub header: String,
    /// Whether clicking the header sorts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sortable: Option<bool>,
    /// Pipe applied to each value (`currency`, `date:short`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// CSS width.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<String>,
    /// CSS min-width.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_width: Option<String>,
    /// CSS max-width.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_width: Option<String>,
    /// Classes of the header cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header_class: Option<String>,
    /// Classes of each body cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell_class: Option<String>,
    /// Unknown props, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

impl DataTableColumn {
    /// A column showing `key` under `header`.
    #[must_use]
    pub fn new(key: impl Into<String>, header: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            header: header.into(),
            ..Self::default()
        }
    }

    /// Sets whether the column sorts.
    #[must_use]
    pub fn sortable(mut self, sortable: bool) -> Self {
        self.sortable = Some(sortable);
        self
    }

    /// Sets the value pipe (`currency`, `percent:1`, …).
    #[must_use]
    pub fn format(mut self, format: impl Into<String>) -> Self {
        self.format = Some(format.into());
        self
    }

    /// Sets the CSS width.
    #[must_use]
    pub fn width(mut self, width: impl Into<String>) -> Self {
        self.width = Some(width.into());
        self
    }
}

/// Why [`DataTable::try_from_rows`] could not use the rows.
///
/// ```
/// use prefab::DataTable;
/// let err = DataTable::try_from_rows(&["a", "b"]).unwrap_err();
/// assert_eq!(err.index, 0);
/// assert_eq!(err.message, "expected an object, got string \"a\"");
/// ```
#[derive(Debug)]
pub struct RowsError {
    /// Index of the offending row.
    pub index: usize,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for RowsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "rows[{}]: {}", self.index, self.message)
    }
}

impl std::error::Error for RowsError {}

impl DataTable {
    /// A table of `rows` (any `Serialize` type), with one column per field of the first row,
    /// in field order; keys are used verbatim as headers.
    ///
    /// A row that is not a JSON object is shown under a `value` column; a row that fails to
    /// serialize becomes `{"error": message}`. Use [`DataTable::try_from_rows`] to reject
    /// such rows instead.
    ///
    /// ```
    /// use prefab::DataTable;
    /// #[derive(serde::Serialize)]
    /// struct User { name: &'static str, role: &'static str }
    /// let table = DataTable::from_rows(&[User { name: "Ada", role: "admin" }]);
    /// let keys: Vec<_> = table.columns.iter().map(|c| c.key.as_str()).collect();
    /// assert_eq!(keys, ["name", "role"]);
    /// ```
    #[must_use]
    pub fn from_rows<T: Serialize>(rows: &[T]) -> Self {
        let out = rows
            .iter()
            .map(|row| match serde_json::to_value(row) {
                Ok(serde_json::Value::Object(map)) => map,
                Ok(other) => Map::from_iter([("value".to_owned(), other)]),
                Err(e) => Map::from_iter([("error".to_owned(), e.to_string().into())]),
            })
            .collect();
        Self::with_inferred_columns(out)
    }

    /// Like [`DataTable::from_rows`], but fails on a row that is not a JSON object.
    ///
    /// ```
    /// use prefab::DataTable;
    /// let err = DataTable::try_from_rows(&[1, 2]).unwrap_err();
    /// assert_eq!(err.to_string(), "rows[0]: expected an object, got number 1");
    /// ```
    ///
    /// # Errors
    /// When a row does not serialize to a JSON object.
    pub fn try_from_rows<T: Serialize>(rows: &[T]) -> Result<Self, RowsError> {
        let mut out = Vec::with_capacity(rows.len());
        for (index, row) in rows.iter().enumerate() {
            match serde_json::to_value(row) {
                Ok(serde_json::Value::Object(map)) => out.push(map),
                Ok(other) => {
                    return Err(RowsError {
                        index,
                        message: format!(
                            "expected an object, got {}",
                            crate::wire::describe(&other)
                        ),
                    });
                }
                Err(e) => {
                    return Err(RowsError {
                        index,
                        message: e.to_string(),
                    });
                }
            }
        }
        Ok(Self::with_inferred_columns(out))
    }

    fn with_inferred_columns(rows: Vec<Map>) -> Self {
        let columns: Vec<DataTableColumn> = rows
            .first()
            .map(|first| {
                first
                    .keys()
                    .map(|k| DataTableColumn::new(k.clone(), k.clone()))
                    .collect()
            })
            .unwrap_or_default();
        DataTable::new(columns).rows(rows)
    }
}
