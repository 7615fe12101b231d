//! prefab actions ↔ A2UI actions: `toolCall` ↔ a server `event` (tool name, arguments as
//! context), `openLink` ↔ the `openUrl` function. Nothing else has a counterpart.

use super::bind::{dynamic, template};
use serde_json::{Map, Value, json};

/// A prefab action (or list of actions) → an A2UI action; `Err` says why it has none. A
/// list keeps its first action that maps; the others are returned as losses.
pub(crate) fn to_a2ui(action: &Value, in_template: bool) -> (Option<Value>, Vec<String>) {
    let list = match action {
        Value::Array(list) => list.as_slice(),
        one => std::slice::from_ref(one),
    };
    let mut out = None;
    let mut lost = Vec::new();
    for (i, one) in list.iter().enumerate() {
        let name = one.get("action").and_then(Value::as_str).unwrap_or("?");
        match (&out, one_to_a2ui(one, in_template)) {
            (None, Ok(mapped)) => out = Some(mapped),
            (_, Ok(_)) => lost.push(format!("[{i}] {name}: only one action per A2UI trigger")),
            (_, Err(why)) => lost.push(format!("[{i}] {name}: {why}")),
        }
        if one.get("onSuccess").is_some() || one.get("onError").is_some() {
            lost.push(format!(
                "[{i}] {name}: onSuccess/onError have no A2UI counterpart"
            ));
        }
    }
    (out, lost)
}

fn one_to_a2ui(action: &Value, in_template: bool) -> Result<Value, String> {
    match action.get("action").and_then(Value::as_str) {
        Some("toolCall") => {
            let tool = action
                .get("tool")
                .and_then(Value::as_str)
                .ok_or("no tool name")?;
            let mut event = Map::new();
            event.insert("name".into(), json!(tool));
            if let Some(args) = action.get("arguments").and_then(Value::as_object) {
                let mut context = Map::new();
                for (key, value) in args {
                    let value = match value {
                        Value::String(s) => dynamic(s, in_template).map_err(|()| {
                            format!("argument {key} is richer than a data binding")
                        })?,
                        Value::Object(_) | Value::Null => {
                            return Err(format!("argument {key} is an object or null"));
                        }
                        other => other.clone(),
                    };
                    context.insert(key.clone(), value);
                }
                event.insert("context".into(), Value::Object(context));
            }
            Ok(json!({ "event": event }))
        }
        Some("openLink") => match action.get("url").and_then(Value::as_str) {
            Some(url) if !url.contains("{{") => Ok(json!({
                "functionCall": {"call": "openUrl", "args": {"url": url}, "returnType": "void"}
            })),
            _ => Err("the URL is not a literal".into()),
        },
        _ => Err("no A2UI counterpart".into()),
    }
}

/// An A2UI action → a prefab action; `Ok(None)` for the empty event a button without an
/// action is written with; `Err` says why there is none.
pub(crate) fn to_prefab(action: &Value) -> Result<Option<Value>, String> {
    if let Some(event) = action.get("event") {
        let name = event
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if name.is_empty() {
            return Ok(None);
        }
        let mut arguments = Map::new();
        if let Some(context) = event.get("context").and_then(Value::as_object) {
            for (key, value) in context {
                let (value, _) = template(value).map_err(|e| format!("context {key}: {e}"))?;
                arguments.insert(key.clone(), value);
            }
        }
        let mut out = json!({"action": "toolCall", "tool": name});
        if !arguments.is_empty() {
            out["arguments"] = Value::Object(arguments);
        }
        return Ok(Some(out));
    }
    let call = action
        .get("functionCall")
        .ok_or("neither event nor functionCall")?;
    match call.get("call").and_then(Value::as_str) {
        Some("openUrl") => {
            let url = call
                .pointer("/args/url")
                .and_then(Value::as_str)
                .ok_or("openUrl without url")?;
            Ok(Some(json!({"action": "openLink", "url": url})))
        }
        other => Err(format!("client function {}", other.unwrap_or("?"))),
    }
}
