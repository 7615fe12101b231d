//! Conversions between JavaScript values and [`Value`], the expression engine's JSON-like
//! value. Wire data arrives as structured-cloned objects (postMessage) or from
//! `JSON.parse` (the standalone page); it is converted once, then the renderer works on
//! `Value`s. Outgoing messages are converted back.
use js_sys::{Array, Object, Reflect};
use prefab::expr::{Map, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

/// Objects nested deeper than this convert to `null` (guards against cyclic objects).
const MAX_DEPTH: usize = 128;

/// A JavaScript value as a [`Value`]. Objects and arrays go through `JSON.stringify` and
/// [`crate::json::parse`] (one boundary crossing instead of several per value); values
/// JSON cannot hold (functions, cycles, `undefined` members) fall back to a walk where
/// non-JSON values become `undefined`.
#[must_use]
pub fn to_value(js: &JsValue) -> Value {
    if js.is_object()
        && let Some(text) = js_sys::JSON::stringify(js).ok().and_then(|s| s.as_string())
        && let Ok(value) = crate::json::parse(&text)
    {
        return value;
    }
    convert_in(js, 0)
}

fn convert_in(js: &JsValue, depth: usize) -> Value {
    if js.is_undefined() {
        return Value::Undefined;
    }
    if js.is_null() {
        return Value::Null;
    }
    if let Some(b) = js.as_bool() {
        return Value::Bool(b);
    }
    if let Some(n) = js.as_f64() {
        return Value::Number(n);
    }
    if let Some(s) = js.as_string() {
        return Value::from(s);
    }
    if depth >= MAX_DEPTH {
        return Value::Null;
    }
    if Array::is_array(js) {
        let array: &Array = js.unchecked_ref();
        return Value::array(array.iter().map(|item| convert_in(&item, depth + 1)));
    }
    if js.is_object() && !js.is_function() {
        let object: &Object = js.unchecked_ref();
        let mut map = Map::new();
        for key in Object::keys(object).iter() {
            if let Some(name) = key.as_string() {
                let value = Reflect::get(js, &key).unwrap_or(JsValue::UNDEFINED);
                let value = convert_in(&value, depth + 1);
                if !matches!(value, Value::Undefined) {
                    map.insert(name, value);
                }
            }
        }
        return Value::from(map);
    }
    Value::Undefined
}

/// A [`Value`] as a plain JavaScript value (objects keep their key order).
#[must_use]
pub fn to_js(value: &Value) -> JsValue {
    match value {
        Value::Undefined => JsValue::UNDEFINED,
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => JsValue::from_f64(*n),
        Value::String(s) => JsValue::from_str(s),
        Value::Array(items) => {
            let array = Array::new_with_length(items.len() as u32);
            for (i, item) in items.iter().enumerate() {
                array.set(i as u32, to_js(item));
            }
            array.into()
        }
        Value::Object(map) => {
            let object = Object::new();
            for (k, v) in map.iter() {
                if !matches!(v, Value::Undefined) {
                    // Defining a property on a fresh plain object cannot fail.
                    let _ = Reflect::set(&object, &JsValue::from_str(k), &to_js(v));
                }
            }
            object.into()
        }
    }
}

/// `target[key]`, or `undefined` when `target` is not an object.
#[must_use]
pub fn get(target: &JsValue, key: &str) -> JsValue {
    if !target.is_object() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(target, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// Parses JSON text (see [`crate::json`]).
pub fn parse_json(text: &str) -> Result<Value, String> {
    crate::json::parse(text)
}

/// `JSON.stringify(value)` (`"undefined"` for values JSON cannot represent).
#[cfg(target_arch = "wasm32")]
#[must_use]
pub fn stringify(value: &Value) -> String {
    js_sys::JSON::stringify(&to_js(value))
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| "undefined".into())
}

/// `JSON.stringify(value)` written natively, with the same output: `undefined` members
/// left out, `undefined` items and non-finite numbers as `null`, numbers as JavaScript
/// prints them, `"undefined"` for `undefined` itself.
///
/// ```
/// use prefab::expr::Value;
/// let v = prefab_renderer::js::parse_json(r#"{"a": [1.5, null, "x\"y"], "b": 1e21}"#).unwrap();
/// assert_eq!(prefab_renderer::js::stringify(&v), r#"{"a":[1.5,null,"x\"y"],"b":1e+21}"#);
/// assert_eq!(prefab_renderer::js::stringify(&Value::Undefined), "undefined");
/// ```
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn stringify(value: &Value) -> String {
    if matches!(value, Value::Undefined) {
        return "undefined".into();
    }
    let mut out = String::new();
    write_json(value, &mut out);
    out
}

#[cfg(not(target_arch = "wasm32"))]
fn write_json(value: &Value, out: &mut String) {
    match value {
        Value::Undefined | Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) if n.is_finite() => out.push_str(&prefab::expr::number_to_string(*n)),
        Value::Number(_) => out.push_str("null"),
        Value::String(s) => write_json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut first = true;
            for (k, v) in map.iter().filter(|(_, v)| !matches!(v, Value::Undefined)) {
                if !std::mem::take(&mut first) {
                    out.push(',');
                }
                write_json_string(k, out);
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                out.push_str("\\u00");
                let hex = b"0123456789abcdef";
                out.push(char::from(hex[(u32::from(c) >> 4) as usize]));
                out.push(char::from(hex[(u32::from(c) & 15) as usize]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The message of a thrown JavaScript value.
#[must_use]
pub fn error_text(error: &JsValue) -> String {
    if let Some(e) = error.dyn_ref::<js_sys::Error>() {
        return String::from(e.message());
    }
    error.as_string().unwrap_or_else(|| "unknown error".into())
}
