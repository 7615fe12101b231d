//! `display_update()`: a state patch for a UI that is already on screen.
use super::result::{Content, ToolResult};
use super::show::PROTOCOL_VERSION;
use crate::Actions;
use crate::fallback::FallbackOptions;
use serde_json::{Map, Value, json};

/// A result that patches the state of the UI already shown (and optionally runs actions)
/// instead of replacing it: `{"$prefab": {…}, "update": {"state": …, "actions": […]}}`.
/// Pass `Actions::default()` (an empty list) for a state patch alone.
///
/// ```
/// use prefab::display::display_update;
/// use serde_json::{Map, json};
///
/// let patch = Map::from_iter([("count".to_string(), json!(4))]);
/// let result = display_update(patch, prefab::ShowToast::new("Saved"));
/// let sc = result.structured_content.unwrap();
/// assert_eq!(sc["update"]["state"]["count"], 4);
/// assert_eq!(sc["update"]["actions"][0]["action"], "showToast");
/// assert_eq!(result.content[0], prefab::display::Content::text(
///     "Updated the view: count = 4\nThen it: shows a notice"));
/// ```
#[must_use]
pub fn display_update(
    state: impl Into<Map<String, Value>>,
    actions: impl Into<Actions>,
) -> ToolResult {
    let state = state.into();
    let actions: Vec<Value> = match serde_json::to_value(actions.into()) {
        Ok(Value::Array(items)) => items,
        Ok(Value::Null) | Err(_) => Vec::new(),
        Ok(one) => vec![one],
    };
    let mut update = Map::new();
    update.insert("state".into(), Value::Object(state.clone()));
    if !actions.is_empty() {
        update.insert("actions".into(), Value::Array(actions.clone()));
    }
    let text = update_text(&state, &actions, FallbackOptions::default().max_bytes);
    ToolResult {
        content: vec![Content::text(text)],
        structured_content: Some(json!({
            "$prefab": { "version": PROTOCOL_VERSION },
            "update": update,
        })),
        is_error: false,
        meta: None,
    }
}

fn update_text(state: &Map<String, Value>, actions: &[Value], max: usize) -> String {
    let keys: Vec<String> = state
        .iter()
        .map(|(key, value)| match value {
            Value::Array(items) => format!("{key} (list of {})", items.len()),
            Value::Object(_) => key.clone(),
            scalar => {
                let text = crate::fallback::value_text(scalar);
                format!("{key} = {}", crate::fallback::short(&text, 60))
            }
        })
        .collect();
    let mut text = if keys.is_empty() {
        "Updated the view".to_string()
    } else {
        format!("Updated the view: {}", keys.join(", "))
    };
    if !actions.is_empty() {
        text.push_str("\nThen it: ");
        text.push_str(&crate::fallback::action_text(&Value::Array(
            actions.to_vec(),
        )));
    }
    crate::fallback::short(&text, max)
}
