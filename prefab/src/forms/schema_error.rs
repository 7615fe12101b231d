//! [`SchemaError`]: why a JSON Schema cannot become a form, with the JSON Pointer of the
//! part that cannot (shared by the schema reader and the keyword checks).

/// A schema the form builder cannot turn into fields.
///
/// ```
/// use prefab::forms::fields_from_json_schema;
/// let schema = schemars::json_schema!({"type": "object", "properties": {
///     "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}});
/// let error = fields_from_json_schema(&schema).unwrap_err();
/// assert_eq!(error.path, "/properties/tags");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SchemaError {
    /// JSON Pointer of the offending schema (`/properties/address/properties/zip`).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "schema at {}: {}", self.path, self.message)
    }
}

impl std::error::Error for SchemaError {}

impl SchemaError {
    /// The error at JSON Pointer `path` (the root when empty).
    pub(super) fn at(path: &str, message: impl Into<String>) -> Self {
        Self {
            path: if path.is_empty() {
                "/".into()
            } else {
                path.into()
            },
            message: message.into(),
        }
    }
}
