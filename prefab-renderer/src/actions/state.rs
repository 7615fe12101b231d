//! `setState`, `toggleState`, `appendState`, `popState`: dotted state paths, immutable
//! updates, `$result` = the value written.
use super::{Call, Outcome, text_field};
use prefab::expr::{Map, Value};
use std::sync::Arc;

pub(super) fn set_state(call: &Call, fields: &Map) -> Outcome {
    let key = text_field(fields, "setState", "key")?;
    let value = fields.get("value").cloned().unwrap_or(Value::Null);
    call.cx.frame.store().set_path(&key, value.clone())?;
    Ok(value)
}

pub(super) fn toggle_state(call: &Call, fields: &Map) -> Outcome {
    let key = text_field(fields, "toggleState", "key")?;
    let store = call.cx.frame.store();
    let value = Value::Bool(!store.peek_path(&key).is_some_and(|v| v.truthy()));
    store.set_path(&key, value.clone())?;
    Ok(value)
}

/// A position from an `index` field: negative counts from the end (clamped at 0).
fn position(index: &Value, len: usize, insert: bool) -> Option<usize> {
    let n = index.to_number();
    if !n.is_finite() || n.fract() != 0.0 {
        return None;
    }
    let n = n as i64;
    let len = len as i64;
    let at = if n < 0 { (len + n).max(0) } else { n };
    let limit = if insert { len } else { len - 1 };
    Some(at.min(limit).max(0) as usize)
}

pub(super) fn append_state(call: &Call, fields: &Map) -> Outcome {
    let key = text_field(fields, "appendState", "key")?;
    let value = fields.get("value").cloned().unwrap_or(Value::Null);
    let store = call.cx.frame.store();
    let mut items = match store.peek_path(&key) {
        None | Some(Value::Undefined | Value::Null) => Vec::new(),
        Some(Value::Array(items)) => (*items).clone(),
        Some(_) => {
            crate::log::warn(&crate::text::fill(
                "appendState: \"{}\" is not an array",
                &[&key],
            ));
            return Ok(Value::Undefined);
        }
    };
    match fields.get("index").filter(|v| !v.is_nullish()) {
        Some(index) => {
            let at =
                position(index, items.len(), true).ok_or("appendState.index must be an integer")?;
            items.insert(at, value);
        }
        None => items.push(value),
    }
    let items = Value::Array(Arc::new(items));
    store.set_path(&key, items.clone())?;
    Ok(items)
}

pub(super) fn pop_state(call: &Call, fields: &Map) -> Outcome {
    let key = text_field(fields, "popState", "key")?;
    let store = call.cx.frame.store();
    let Some(Value::Array(items)) = store.peek_path(&key) else {
        crate::log::warn(&crate::text::fill(
            "popState: \"{}\" is not an array",
            &[&key],
        ));
        return Ok(Value::Undefined);
    };
    let index = fields.get("index").cloned().unwrap_or(Value::Undefined);
    if items.is_empty() {
        return Ok(Value::Undefined);
    }
    let n = index.to_number();
    let len = items.len() as i64;
    if !n.is_finite() || n.fract() != 0.0 || (n as i64) >= len || (n as i64) < -len {
        return Err(crate::text::fill(
            "popState.index {} is out of range",
            &[&index.to_js_string()],
        ));
    }
    let at = position(&index, items.len(), false).ok_or("popState.index must be an integer")?;
    let mut items = (*items).clone();
    let removed = items.remove(at);
    store.set_path(&key, Value::Array(Arc::new(items)))?;
    Ok(removed)
}
