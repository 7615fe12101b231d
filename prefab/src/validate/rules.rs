//! Rules beyond prop shapes that prefab-ui enforces when it builds a UI (so such documents
//! never come out of Python): state names of stateful components, state paths of actions,
//! app tool names.

use crate::components::Map;
use crate::wire::{Path, Walker, quoted};
use serde_json::Value;

/// Components whose `name` binds to `state[name]`.
const STATEFUL: &[&str] = &[
    "Input",
    "Textarea",
    "Checkbox",
    "Switch",
    "Slider",
    "Radio",
    "RadioGroup",
    "Select",
    "Combobox",
    "Calendar",
    "DatePicker",
    "DropZone",
    "Tabs",
    "Pages",
];

/// Actions whose `key` is a state path.
const STATE_ACTIONS: &[&str] = &["setState", "toggleState", "appendState", "popState"];

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

/// `^[a-zA-Z_$][a-zA-Z0-9_.$]*$`, prefab-ui's rule for component state names.
fn is_state_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(is_ident_start)
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
}

/// Dot-separated identifiers or integers (`todos.0.done`), prefab-ui's rule for action keys.
fn is_state_path(key: &str) -> bool {
    key.split('.').all(|seg| {
        let mut chars = seg.chars();
        match chars.next() {
            Some(c) if c.is_ascii_digit() => chars.all(|c| c.is_ascii_digit()),
            Some(c) if is_ident_start(c) => {
                chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
            }
            _ => false,
        }
    })
}

/// Checks the rules that apply to a component or action object named `owner`.
pub(crate) fn check(owner: &str, map: &Map, path: &Path<'_>, walker: &mut Walker) {
    if STATEFUL.contains(&owner)
        && let Some(Value::String(name)) = map.get("name")
        && !name.contains("{{")
        && !is_state_name(name)
    {
        walker.error(
            &path.key("name"),
            format!(
                "invalid state name {} (letters, digits, _ . $; not starting with a digit)",
                quoted(name)
            ),
        );
    }
    if STATE_ACTIONS.contains(&owner)
        && let Some(Value::String(key)) = map.get("key")
        && !key.contains("{{")
        && !is_state_path(key)
    {
        walker.error(
            &path.key("key"),
            format!(
                "invalid state path {} (dot-separated names or indexes, like \"todos.0.done\")",
                quoted(key)
            ),
        );
    }
}

/// App tool names: 1–128 of `[A-Za-z0-9_.-]`, unique.
pub(crate) fn check_tools(tools: &[Value], path: &Path<'_>, walker: &mut Walker) {
    let mut seen = std::collections::HashSet::new();
    for (i, tool) in tools.iter().enumerate() {
        let Some(name) = tool.get("name").and_then(Value::as_str) else {
            continue;
        };
        let index = path.index(i);
        let valid = (1..=128).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
        if !valid {
            walker.error(
                &index.key("name"),
                format!(
                    "invalid tool name {} (1-128 of A-Z a-z 0-9 _ . -)",
                    quoted(name)
                ),
            );
        }
        if !seen.insert(name) {
            walker.error(
                &index.key("name"),
                format!("duplicate tool name {}", quoted(name)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_names_and_paths() {
        assert!(is_state_name("user.email") && is_state_name("$x") && is_state_name("_a1"));
        assert!(!is_state_name("1a") && !is_state_name("a b") && !is_state_name(""));
        assert!(is_state_path("todos.0.done") && is_state_path("count"));
        assert!(!is_state_path("todos..done") && !is_state_path("a-b") && !is_state_path(""));
    }
}
