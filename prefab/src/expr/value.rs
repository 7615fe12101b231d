//! [`Value`]: the engine's own JSON-like value with JavaScript semantics, and [`Map`], an
//! object that keeps insertion order.
use super::hash::HashMap;
use super::number::{number_to_string, string_to_number};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// A value as the JavaScript renderer sees it: JSON plus `undefined`.
///
/// Arrays, objects and strings are shared (`Arc`), so cloning a value out of the state is
/// cheap, and `==` between two objects compares identity exactly as JavaScript does.
///
/// ```
/// use prefab::expr::Value;
/// let v = Value::array([Value::from(1), Value::from("two")]);
/// assert_eq!(v.to_js_string(), "1,two");
/// assert!(Value::from("0").truthy());
/// assert!(Value::from("").to_number() == 0.0);
/// assert!(Value::Null.loose_eq(&Value::Undefined));
/// ```
#[derive(Clone, Debug, Default)]
pub enum Value {
    /// JavaScript `undefined`: "no value", distinct from `null`.
    #[default]
    Undefined,
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// Every number is an IEEE-754 double, as in JavaScript.
    Number(f64),
    /// Text (compared and measured in UTF-16 code units where JavaScript does).
    String(Arc<str>),
    /// An array.
    Array(Arc<Vec<Value>>),
    /// A plain object with its keys in insertion order.
    Object(Arc<Map>),
}

impl Value {
    /// An array value from its items.
    ///
    /// ```
    /// let v = prefab::expr::Value::array([1.into(), 2.into()]);
    /// assert_eq!(v.to_js_string(), "1,2");
    /// ```
    #[must_use]
    pub fn array(items: impl IntoIterator<Item = Value>) -> Value {
        Value::Array(Arc::new(items.into_iter().collect()))
    }

    /// An object value from `(key, value)` pairs (a later duplicate key replaces the value).
    ///
    /// ```
    /// use prefab::expr::{Scope, Value};
    /// let state = Value::object([("n", Value::from(2))]);
    /// assert_eq!(state.lookup("n").map(|v| v.to_number()), Some(2.0));
    /// ```
    #[must_use]
    pub fn object<K: Into<Arc<str>>>(entries: impl IntoIterator<Item = (K, Value)>) -> Value {
        Value::Object(Arc::new(entries.into_iter().collect()))
    }

    /// JavaScript truthiness: `undefined`, `null`, `false`, `0`, `-0`, `NaN` and `""` are
    /// false; everything else (including `[]`, `{}` and `"0"`) is true.
    #[must_use]
    pub fn truthy(&self) -> bool {
        match self {
            Value::Undefined | Value::Null => false,
            Value::Bool(b) => *b,
            Value::Number(n) => *n != 0.0 && !n.is_nan(),
            Value::String(s) => !s.is_empty(),
            Value::Array(_) | Value::Object(_) => true,
        }
    }

    /// Whether this is `null` or `undefined` (JavaScript `v == null`).
    #[must_use]
    pub fn is_nullish(&self) -> bool {
        matches!(self, Value::Undefined | Value::Null)
    }

    /// JavaScript `String(v)`: `"undefined"`, `"null"`, `Number::toString` for numbers,
    /// arrays comma-joined (null/undefined items empty), objects `"[object Object]"`.
    #[must_use]
    pub fn to_js_string(&self) -> String {
        let mut out = String::new();
        self.write_js_string(&mut out);
        out
    }

    /// Appends [`to_js_string`](Self::to_js_string) to `out` without an extra allocation.
    pub fn write_js_string(&self, out: &mut String) {
        match self {
            Value::Undefined => out.push_str("undefined"),
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(&number_to_string(*n)),
            Value::String(s) => out.push_str(s),
            Value::Array(items) => join_into(items, ",", out),
            Value::Object(_) => out.push_str("[object Object]"),
        }
    }

    /// JavaScript `Number(v)`: `null` → 0, `undefined` → NaN, booleans → 0/1, text parsed
    /// (`" 12 "` → 12, `"0x10"` → 16, `""` → 0), arrays through their text (`[5]` → 5).
    #[must_use]
    pub fn to_number(&self) -> f64 {
        match self {
            Value::Undefined => f64::NAN,
            Value::Null => 0.0,
            Value::Bool(b) => f64::from(u8::from(*b)),
            Value::Number(n) => *n,
            Value::String(s) => string_to_number(s),
            Value::Array(_) => string_to_number(&self.to_js_string()),
            Value::Object(_) => f64::NAN,
        }
    }

    /// The text if this is a string.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// JavaScript loose equality `a == b` (`null == undefined`, `'' == 0`, `'1' == true`,
    /// `[1,2] == '1,2'`; arrays and objects are equal only to themselves).
    #[must_use]
    pub fn loose_eq(&self, other: &Value) -> bool {
        use Value::{Array, Bool, Null, Number, Object, String, Undefined};
        match (self, other) {
            (Undefined | Null, Undefined | Null) => true,
            (Undefined | Null, _) | (_, Undefined | Null) => false,
            (Number(a), Number(b)) => a == b,
            (String(a), String(b)) => a == b,
            (Bool(a), Bool(b)) => a == b,
            (Array(a), Array(b)) => Arc::ptr_eq(a, b),
            (Object(a), Object(b)) => Arc::ptr_eq(a, b),
            (Array(_), Object(_)) | (Object(_), Array(_)) => false,
            (Number(a), String(s)) | (String(s), Number(a)) => *a == string_to_number(s),
            (Bool(b), x) | (x, Bool(b)) => Number(f64::from(u8::from(*b))).loose_eq(x),
            (Array(_) | Object(_), x) => String(self.to_js_string().into()).loose_eq(x),
            (x, Array(_) | Object(_)) => x.loose_eq(&String(other.to_js_string().into())),
        }
    }

    /// JavaScript relational comparison (`<`, `<=`, `>`, `>=`): two texts compare by UTF-16
    /// code units, everything else numerically; `None` when a side is NaN (all four false).
    #[must_use]
    pub fn js_compare(&self, other: &Value) -> Option<Ordering> {
        let a = self.to_primitive();
        let b = other.to_primitive();
        if let (Value::String(x), Value::String(y)) = (&a, &b) {
            return Some(x.encode_utf16().cmp(y.encode_utf16()));
        }
        a.to_number().partial_cmp(&b.to_number())
    }

    /// JavaScript ToPrimitive: arrays and objects become their text, others stay.
    fn to_primitive(&self) -> Value {
        match self {
            Value::Array(_) | Value::Object(_) => Value::String(self.to_js_string().into()),
            other => other.clone(),
        }
    }

    /// Length in UTF-16 code units, as JavaScript's `s.length`.
    #[must_use]
    pub fn utf16_len(s: &str) -> usize {
        s.chars().map(char::len_utf16).sum()
    }
}

/// `Array.prototype.join`: null/undefined items print as empty text.
pub(crate) fn join_into(items: &[Value], sep: &str, out: &mut String) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        if !item.is_nullish() {
            item.write_js_string(out);
        }
    }
}

/// Structural equality (deep, numbers by value with `NaN == NaN`); for JavaScript's `==` use
/// [`Value::loose_eq`].
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Undefined, Value::Undefined) | (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Number(a), Value::Number(b)) => a == b || (a.is_nan() && b.is_nan()),
            (Value::String(a), Value::String(b)) => a == b,
            // Last items first: a document being written differs at its end, so a growing
            // array or object is told apart without walking its equal first items.
            (Value::Array(a), Value::Array(b)) => {
                Arc::ptr_eq(a, b)
                    || a.len() == b.len() && a.iter().rev().zip(b.iter().rev()).all(|(x, y)| x == y)
            }
            (Value::Object(a), Value::Object(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

impl fmt::Display for Value {
    /// Same as [`Value::to_js_string`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_js_string())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}
impl From<f64> for Value {
    fn from(n: f64) -> Self {
        Value::Number(n)
    }
}
impl From<i32> for Value {
    fn from(n: i32) -> Self {
        Value::Number(f64::from(n))
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Number(n as f64)
    }
}
impl From<u32> for Value {
    fn from(n: u32) -> Self {
        Value::Number(f64::from(n))
    }
}
impl From<usize> for Value {
    fn from(n: usize) -> Self {
        Value::Number(n as f64)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.into())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s.into())
    }
}
impl From<Arc<str>> for Value {
    fn from(s: Arc<str>) -> Self {
        Value::String(s)
    }
}
impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Self {
        Value::Array(Arc::new(items))
    }
}
impl From<Map> for Value {
    fn from(map: Map) -> Self {
        Value::Object(Arc::new(map))
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    /// `None` becomes `null`.
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

/// Objects with more keys than this get a hash index for lookups.
const INDEX_THRESHOLD: usize = 12;

/// An object: string keys in insertion order, with a hash index once it grows.
///
/// ```
/// use prefab::expr::{Map, Value};
/// let mut m = Map::new();
/// m.insert("b", Value::from(1));
/// m.insert("a", Value::from(2));
/// assert_eq!(m.keys().collect::<Vec<_>>(), ["b", "a"]);
/// assert_eq!(m.get("a"), Some(&Value::from(2)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Map {
    entries: Vec<(Arc<str>, Value)>,
    index: Option<HashMap<Arc<str>, usize>>,
}

impl Map {
    /// An empty object.
    #[must_use]
    pub fn new() -> Self {
        Map::default()
    }

    /// Number of keys.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no keys.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value stored under `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Value> {
        match &self.index {
            Some(index) => index.get(key).map(|&i| &self.entries[i].1),
            None => self
                .entries
                .iter()
                .find(|(k, _)| &**k == key)
                .map(|(_, v)| v),
        }
    }

    /// Sets `key`; an existing key keeps its position (as in JavaScript).
    pub fn insert(&mut self, key: impl Into<Arc<str>>, value: Value) {
        let key = key.into();
        let existing = match &self.index {
            Some(index) => index.get(&key).copied(),
            None => self.entries.iter().position(|(k, _)| *k == key),
        };
        if let Some(i) = existing {
            self.entries[i].1 = value;
            return;
        }
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), self.entries.len());
        }
        self.entries.push((key, value));
        if self.index.is_none() && self.entries.len() > INDEX_THRESHOLD {
            self.index = Some(
                self.entries
                    .iter()
                    .enumerate()
                    .map(|(i, (k, _))| (k.clone(), i))
                    .collect(),
            );
        }
    }

    /// Keys in insertion order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| &**k)
    }

    /// `(key, value)` pairs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|(k, v)| (&**k, v))
    }
}

/// Same keys with equal values, in any order.
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        // Keys in the same order are compared in place (a lookup by key only when they are
        // not), last keys first (see `Value`'s `eq`).
        self.len() == other.len()
            && self
                .entries
                .iter()
                .zip(&other.entries)
                .rev()
                .all(|((k, v), (ok, ov))| {
                    if k == ok {
                        v == ov
                    } else {
                        other.get(k) == Some(v)
                    }
                })
    }
}

impl<K: Into<Arc<str>>> FromIterator<(K, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Self {
        let mut map = Map::new();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}
