//! Value types shared by many props: [`Bind`] (a literal or a `{{ }}` template) and
//! [`Number`] (a JSON number that prints integers without a trailing `.0`).

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;

/// A prop that holds either a typed literal or a string — normally a `{{ }}` template that
/// the renderer evaluates against state.
///
/// Builders accept both: `Checkbox::new().value(true)` and
/// `Checkbox::new().value("{{ agreed }}")`. On the wire a `Bind` is just the literal or just
/// the string. Any JSON string is read as [`Bind::Expr`] (prefab-ui accepts plain strings in
/// these props too).
///
/// ```
/// use prefab::Bind;
/// let on: Bind<bool> = true.into();
/// let later: Bind<bool> = "{{ agreed }}".into();
/// assert_eq!(serde_json::to_string(&on).unwrap(), "true");
/// assert_eq!(serde_json::to_string(&later).unwrap(), "\"{{ agreed }}\"");
/// assert!(later.as_expr().is_some());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Bind<T> {
    /// A literal value.
    Value(T),
    /// A string, normally a `{{ expression }}` template.
    Expr(String),
}

impl<T> Bind<T> {
    /// The literal, when this is not a template.
    #[must_use]
    pub fn as_value(&self) -> Option<&T> {
        match self {
            Bind::Value(v) => Some(v),
            Bind::Expr(_) => None,
        }
    }

    /// The template string, when this is one.
    #[must_use]
    pub fn as_expr(&self) -> Option<&str> {
        match self {
            Bind::Value(_) => None,
            Bind::Expr(s) => Some(s),
        }
    }
}

impl<T: Default> Default for Bind<T> {
    fn default() -> Self {
        Bind::Value(T::default())
    }
}

impl<T> From<&str> for Bind<T> {
    fn from(s: &str) -> Self {
        Bind::Expr(s.to_owned())
    }
}

impl<T> From<String> for Bind<T> {
    fn from(s: String) -> Self {
        Bind::Expr(s)
    }
}

impl From<bool> for Bind<bool> {
    fn from(v: bool) -> Self {
        Bind::Value(v)
    }
}

macro_rules! bind_from {
    ($target:ty => $($src:ty),*) => {$(
        impl From<$src> for Bind<$target> {
            fn from(v: $src) -> Self {
                Bind::Value(<$target>::from(v))
            }
        }
    )*};
}
bind_from!(i64 => i64, i32, u32, u16, u8);
bind_from!(Number => Number, f64, f32, i64, i32, u32, u16, u8, usize);

impl<T> From<Vec<T>> for Bind<Vec<T>> {
    fn from(v: Vec<T>) -> Self {
        Bind::Value(v)
    }
}

impl<T: Serialize> Serialize for Bind<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Bind::Value(v) => v.serialize(s),
            Bind::Expr(e) => s.serialize_str(e),
        }
    }
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Bind<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) => Ok(Bind::Expr(s)),
            other => T::deserialize(other)
                .map(Bind::Value)
                .map_err(serde::de::Error::custom),
        }
    }
}

impl<T: JsonSchema> JsonSchema for Bind<T> {
    fn schema_name() -> Cow<'static, str> {
        format!("Bind_{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let value = generator.subschema_for::<T>();
        json_schema!({
            "anyOf": [value, {"type": "string", "description": "a `{{ }}` template"}]
        })
    }
}

/// A JSON number prop (`min`, `max`, `value`, …).
///
/// Whole numbers are written without a fraction (`50`, not `50.0`); non-finite values are
/// written as `null`, as prefab-ui does.
///
/// ```
/// use prefab::Number;
/// assert_eq!(serde_json::to_string(&Number::from(50)).unwrap(), "50");
/// assert_eq!(serde_json::to_string(&Number::from(2.5)).unwrap(), "2.5");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Number(pub f64);

/// The largest integer an `f64` holds exactly (2^53).
const EXACT_INT: f64 = 9_007_199_254_740_992.0;

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        if !v.is_finite() {
            s.serialize_none()
        } else if v.fract() == 0.0 && v.abs() <= EXACT_INT {
            // Exact: |v| <= 2^53 and integral.
            #[allow(clippy::cast_possible_truncation)]
            s.serialize_i64(v as i64)
        } else {
            s.serialize_f64(v)
        }
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        f64::deserialize(d).map(Number)
    }
}

impl JsonSchema for Number {
    fn schema_name() -> Cow<'static, str> {
        "Number".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "number"})
    }
}

macro_rules! number_from {
    ($($src:ty),*) => {$(
        impl From<$src> for Number {
            fn from(v: $src) -> Self {
                Number(f64::from(v))
            }
        }
    )*};
}
number_from!(f64, f32, i32, u32, i16, u16, i8, u8);

impl From<i64> for Number {
    #[allow(clippy::cast_precision_loss)]
    fn from(v: i64) -> Self {
        Number(v as f64)
    }
}

impl From<usize> for Number {
    #[allow(clippy::cast_precision_loss)]
    fn from(v: usize) -> Self {
        Number(v as f64)
    }
}

impl From<super::Map> for Bind<super::Map> {
    fn from(v: super::Map) -> Self {
        Bind::Value(v)
    }
}

/// A JSON value as an object prop, e.g. a tool call's arguments written with `json!`: an
/// object is the literal, a string a template (as `&str`), `null` the empty object. Another
/// value is no object: it is kept as its JSON text, a string that is not a template, which
/// `validate()` leaves alone and the server refuses as arguments.
///
/// ```
/// use prefab::{Bind, CallTool};
/// use serde_json::json;
/// let call = CallTool::new("save").arguments(json!({"id": "{{ id }}", "done": true}));
/// assert_eq!(serde_json::to_value(&call).unwrap()["arguments"], json!({"id": "{{ id }}", "done": true}));
/// let templated: Bind<prefab::Map> = json!("{{ form }}").into();
/// assert_eq!(templated.as_expr(), Some("{{ form }}"));
/// ```
impl From<serde_json::Value> for Bind<super::Map> {
    fn from(v: serde_json::Value) -> Self {
        match v {
            serde_json::Value::Object(map) => Bind::Value(map),
            serde_json::Value::String(text) => Bind::Expr(text),
            serde_json::Value::Null => Bind::Value(super::Map::new()),
            other => Bind::Expr(other.to_string()),
        }
    }
}
