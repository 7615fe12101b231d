//! Building typed values from owned JSON without copying.
//!
//! serde's generic path re-buffers a subtree once per nesting level (a `Node` has to look at
//! its `type` before choosing a struct). [`FromJson`] consumes an owned `serde_json::Value`
//! instead and moves every part into place, so a parsed document is built once. The serde
//! `Deserialize` impls stay for callers that use serde directly; both accept the same JSON.

use super::describe;
use super::keys::wire_key;
use super::{Bind, Map, Number};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// Why a JSON value did not fit a typed field, with the relative path.
#[derive(Debug)]
pub(crate) struct FromJsonError {
    path: String,
    message: String,
}

impl FromJsonError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self {
            path: String::new(),
            message: message.into(),
        }
    }

    pub(crate) fn missing(rust_name: &str) -> Self {
        let key = wire_key(rust_name);
        Self::new(format!("missing required prop {key:?}"))
    }

    pub(crate) fn at_key(mut self, key: &str) -> Self {
        self.path = match self.path.as_str() {
            "" => key.to_owned(),
            p if p.starts_with('[') => format!("{key}{p}"),
            p => format!("{key}.{p}"),
        };
        self
    }

    fn at_index(mut self, index: usize) -> Self {
        self.path = match self.path.as_str() {
            "" => format!("[{index}]"),
            p if p.starts_with('[') => format!("[{index}]{p}"),
            p => format!("[{index}].{p}"),
        };
        self
    }

    fn expected(what: &str, value: &Value) -> Self {
        Self::new(format!("expected {what}, got {}", describe(value)))
    }
}

impl fmt::Display for FromJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl From<FromJsonError> for serde_json::Error {
    fn from(e: FromJsonError) -> Self {
        serde::de::Error::custom(e)
    }
}

impl From<serde_json::Error> for FromJsonError {
    fn from(e: serde_json::Error) -> Self {
        Self::new(e.to_string())
    }
}

/// A typed value built by consuming JSON.
pub(crate) trait FromJson: Sized {
    fn from_json(value: Value) -> Result<Self, FromJsonError>;
}

impl FromJson for String {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        match value {
            Value::String(s) => Ok(s),
            other => Err(FromJsonError::expected("a string", &other)),
        }
    }
}

impl FromJson for bool {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        value
            .as_bool()
            .ok_or_else(|| FromJsonError::expected("a boolean", &value))
    }
}

impl FromJson for i64 {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        value
            .as_i64()
            .ok_or_else(|| FromJsonError::expected("an integer", &value))
    }
}

impl FromJson for Number {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        value
            .as_f64()
            .map(Number)
            .ok_or_else(|| FromJsonError::expected("a number", &value))
    }
}

impl FromJson for Value {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        Ok(value)
    }
}

impl FromJson for Map {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        match value {
            Value::Object(map) => Ok(map),
            other => Err(FromJsonError::expected("an object", &other)),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        match value {
            Value::Array(items) => items
                .into_iter()
                .enumerate()
                .map(|(i, item)| T::from_json(item).map_err(|e| e.at_index(i)))
                .collect(),
            other => Err(FromJsonError::expected("an array", &other)),
        }
    }
}

impl<T: FromJson> FromJson for BTreeMap<String, T> {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        Map::from_json(value)?
            .into_iter()
            .map(|(k, v)| match T::from_json(v) {
                Ok(t) => Ok((k, t)),
                Err(e) => Err(e.at_key(&k)),
            })
            .collect()
    }
}

impl<T: FromJson> FromJson for Bind<T> {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        match value {
            Value::String(s) => Ok(Bind::Expr(s)),
            other => T::from_json(other).map(Bind::Value),
        }
    }
}

/// Small leaf objects without nested nodes: serde is fine for them.
macro_rules! from_json_by_serde {
    ($($ty:ty),*) => {$(
        impl $crate::wire::FromJson for $ty {
            fn from_json(value: serde_json::Value) -> Result<Self, $crate::wire::FromJsonError> {
                serde_json::from_value(value).map_err(Into::into)
            }
        }
    )*};
}
pub(crate) use from_json_by_serde;
