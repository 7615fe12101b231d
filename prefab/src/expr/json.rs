//! Conversions between [`Value`] and `serde_json::Value` (feature `json`).
use super::value::{Map, Value};
use std::sync::Arc;

impl From<serde_json::Value> for Value {
    fn from(v: serde_json::Value) -> Self {
        Value::from(&v)
    }
}

impl From<&serde_json::Value> for Value {
    fn from(v: &serde_json::Value) -> Self {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Value::String(s.as_str().into()),
            serde_json::Value::Array(items) => {
                Value::Array(Arc::new(items.iter().map(Value::from).collect()))
            }
            serde_json::Value::Object(map) => Value::Object(Arc::new(
                map.iter()
                    .map(|(k, v)| (k.as_str(), Value::from(v)))
                    .collect::<Map>(),
            )),
        }
    }
}

impl Value {
    /// The value as JSON, or `None` for `undefined`.
    ///
    /// As `JSON.stringify` does, `NaN` and `±Infinity` become `null`, and `undefined` array
    /// items become `null` while `undefined` object members are left out.
    ///
    /// ```
    /// use prefab::expr::Value;
    /// let v = Value::from(serde_json::json!({"a": [1, "x", null]}));
    /// assert_eq!(v.to_json(), Some(serde_json::json!({"a": [1, "x", null]})));
    /// assert_eq!(Value::Undefined.to_json(), None);
    /// ```
    #[must_use]
    pub fn to_json(&self) -> Option<serde_json::Value> {
        Some(match self {
            Value::Undefined => return None,
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => number_to_json(*n),
            Value::String(s) => serde_json::Value::String(s.to_string()),
            Value::Array(items) => serde_json::Value::Array(
                items
                    .iter()
                    .map(|v| v.to_json().unwrap_or(serde_json::Value::Null))
                    .collect(),
            ),
            Value::Object(map) => serde_json::Value::Object(
                map.iter()
                    .filter_map(|(k, v)| Some((k.to_owned(), v.to_json()?)))
                    .collect(),
            ),
        })
    }
}

/// Integral doubles become JSON integers (`3`, not `3.0`), others floats, non-finite null.
fn number_to_json(n: f64) -> serde_json::Value {
    if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 && !(n == 0.0 && n.is_sign_negative())
    {
        return serde_json::Value::from(n as i64);
    }
    serde_json::Number::from_f64(n).map_or(serde_json::Value::Null, serde_json::Value::Number)
}
