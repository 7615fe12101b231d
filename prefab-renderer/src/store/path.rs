//! State paths (`todos.0.done`): digit segments index arrays, other segments index
//! objects; updates are immutable (shared parents are copied, never mutated in place).
use prefab::expr::{Map, Value};
use std::sync::Arc;

/// The value at `path` in `state`.
///
/// ```
/// use prefab::expr::{Map, Value};
/// let mut state = Map::new();
/// state.insert("todos", Value::array([Value::object([("done", Value::from(true))])]));
/// assert_eq!(prefab_renderer::store::get_path(&state, "todos.0.done"), Some(Value::from(true)));
/// assert_eq!(prefab_renderer::store::get_path(&state, "todos.x"), None);
/// ```
#[must_use]
pub fn get_path(state: &Map, path: &str) -> Option<Value> {
    let mut segments = path.split('.');
    let mut current = state.get(segments.next()?)?.clone();
    for segment in segments {
        current = child(&current, segment)?;
    }
    Some(current)
}

fn child(value: &Value, segment: &str) -> Option<Value> {
    match value {
        Value::Array(items) => items.get(index(segment)?).cloned(),
        Value::Object(map) => map.get(segment).cloned(),
        _ => None,
    }
}

fn index(segment: &str) -> Option<usize> {
    if segment.is_empty() || !segment.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    segment.parse().ok()
}

/// Sets `path` in `state`. A missing top-level key is created; below it every parent must
/// exist (an array index must be in range), otherwise the state is unchanged and the error
/// names the segment.
///
/// ```
/// use prefab::expr::{Map, Value};
/// let mut state = Map::new();
/// state.insert("user", Value::object([("name", Value::from("Ada"))]));
/// prefab_renderer::store::set_path(&mut state, "user.name", Value::from("Grace")).unwrap();
/// assert_eq!(prefab_renderer::store::get_path(&state, "user.name"), Some(Value::from("Grace")));
/// assert!(prefab_renderer::store::set_path(&mut state, "nope.x", Value::Null).is_err());
/// ```
pub fn set_path(state: &mut Map, path: &str, value: Value) -> Result<(), String> {
    let segments: Vec<&str> = path.split('.').collect();
    let Some((first, rest)) = segments.split_first() else {
        return Err("empty state path".into());
    };
    if first.is_empty() {
        return Err(crate::text::fill("invalid state path \"{}\"", &[path]));
    }
    if rest.is_empty() {
        state.insert(*first, value);
        return Ok(());
    }
    let Some(current) = state.get(first) else {
        return Err(crate::text::fill(
            "state path \"{}\": \"{}\" does not exist",
            &[path, first],
        ));
    };
    let updated = set_in(current, rest, value, false).map_err(|seg| {
        crate::text::fill(
            "state path \"{}\": cannot set \"{}\" (missing parent or index out of range)",
            &[path, &seg],
        )
    })?;
    state.insert(*first, updated);
    Ok(())
}

/// `target` with `value` at `segments`. With `create` (A2UI data-model updates) a missing or
/// non-container parent becomes an object and an array index may be the length (append);
/// without it every parent must exist. `Err` names the segment that could not be set.
#[inline(never)]
pub(crate) fn set_in(
    target: &Value,
    segments: &[&str],
    value: Value,
    create: bool,
) -> Result<Value, String> {
    let Some((segment, rest)) = segments.split_first() else {
        return Ok(value);
    };
    match target {
        Value::Array(items) => {
            let i = index(segment).filter(|i| *i < items.len() + usize::from(create));
            let Some(i) = i else {
                return Err((*segment).to_string());
            };
            let mut copy = (**items).clone();
            if i == copy.len() {
                copy.push(Value::Undefined);
            }
            copy[i] = set_in(&copy[i], rest, value, create)?;
            Ok(Value::Array(Arc::new(copy)))
        }
        Value::Object(map) => {
            let new_child = match map.get(segment) {
                _ if rest.is_empty() => value,
                Some(existing) => set_in(existing, rest, value, create)?,
                None if create => set_in(&Value::Undefined, rest, value, create)?,
                None => return Err((*segment).to_string()),
            };
            let mut copy: Map = (**map).clone();
            copy.insert(*segment, new_child);
            Ok(Value::Object(Arc::new(copy)))
        }
        _ if create => set_in(&Value::from(Map::new()), segments, value, create),
        _ => Err((*segment).to_string()),
    }
}
