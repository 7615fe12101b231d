//! Reading wire nodes: a node's fields, JSON type names for messages, and the check of an
//! optional text prop. The bottom of the renderer: it uses nothing of the crate.
use prefab::expr::Value;

/// Field of a node object (`undefined` when absent).
#[must_use]
pub fn prop<'a>(node: &'a Value, key: &str) -> &'a Value {
    const UNDEFINED: &Value = &Value::Undefined;
    match node {
        Value::Object(map) => map.get(key).unwrap_or(UNDEFINED),
        _ => UNDEFINED,
    }
}

/// A JSON type name for messages.
#[must_use]
pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Undefined => "nothing",
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Checks that an optional prop is a string (templates included) or absent.
pub fn optional_text(node: &Value, key: &str, ty: &str) -> Result<(), String> {
    match prop(node, key) {
        Value::Undefined | Value::Null | Value::String(_) | Value::Number(_) | Value::Bool(_) => {
            Ok(())
        }
        other => Err(crate::text::fill(
            "{}.{} must be a string, got {}",
            &[ty, key, kind(other)],
        )),
    }
}
