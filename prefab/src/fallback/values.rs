//! Turning wire values into short human text: cells, numbers, state lookups, actions.
use serde_json::{Map, Value};

/// Longest table cell, in characters, before it is shortened with `…`.
pub(crate) const MAX_CELL_CHARS: usize = 40;

/// A state path lookup (`user.tags.0`): digit segments index arrays, other segments index
/// objects — the same walk the renderer uses for named state.
/// A node's children as a stack for a depth-first walk: popping yields them in order.
pub(crate) fn children_stack(node: &Map<String, Value>) -> Vec<&Value> {
    node.get("children")
        .and_then(Value::as_array)
        .map(|c| c.iter().rev().collect())
        .unwrap_or_default()
}

pub(crate) fn lookup_path<'v>(state: &'v Value, path: &str) -> Option<&'v Value> {
    if path.is_empty() {
        return None;
    }
    path.split('.')
        .try_fold(state, |value, segment| match value {
            Value::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get(i)),
            Value::Object(map) => map.get(segment),
            _ => None,
        })
}

/// Renders the `{{ … }}` templates of `text` against `scope` with the same expression
/// engine the renderer runs ([`crate::expr`]: a sandboxed evaluator, nothing runs as
/// code), so the model reads what the user sees. A template that cannot be resolved stays
/// as written.
pub(crate) fn resolve_text(text: &str, scope: &crate::expr::Value) -> String {
    if !text.contains("{{") {
        return text.to_string();
    }
    let env = crate::expr::Env::default();
    match crate::expr::interpolate_string(text, scope, &env) {
        crate::expr::Value::String(s) => s.to_string(),
        other => other.to_string(),
    }
}

/// A value as plain text: strings verbatim, numbers shortest, `null` empty, arrays joined,
/// objects as compact JSON.
pub(crate) fn cell_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), number_text),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(cell_text).collect::<Vec<_>>().join(", "),
        Value::Object(_) => value.to_string(),
    }
}

/// A number rounded to at most 4 decimals, without a trailing `.0`.
pub(crate) fn number_text(n: f64) -> String {
    if !n.is_finite() {
        return String::new();
    }
    let rounded = if n.abs() < 1e11 {
        (n * 1e4).round() / 1e4
    } else {
        n
    };
    format!("{rounded}")
}

/// A cell ready for a Markdown table: one line, `|` escaped, at most [`MAX_CELL_CHARS`].
pub(crate) fn markdown_cell(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut short: String = one_line.chars().take(MAX_CELL_CHARS).collect();
    if one_line.chars().count() > MAX_CELL_CHARS {
        short.push('…');
    }
    short.replace('|', "\\|")
}

/// What an action (or list of actions) does, for the model: `calls tool save_user`.
pub(crate) fn describe_actions(action: &Value) -> String {
    let mut parts: Vec<String> = Vec::new();
    let items: Vec<&Value> = match action {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    };
    for item in items {
        let text = describe_action(item);
        if !parts.contains(&text) {
            parts.push(text);
        }
    }
    if parts.is_empty() {
        "does nothing".into()
    } else {
        parts.join(", then ")
    }
}

fn describe_action(action: &Value) -> String {
    let field = |k: &str| action.get(k).and_then(Value::as_str).unwrap_or("?");
    match action.get("action").and_then(Value::as_str).unwrap_or("") {
        "toolCall" => format!("calls tool {}", field("tool")),
        "invokeAppTool" => format!("runs app tool {}", field("tool")),
        "sendMessage" => "sends a message to the chat".into(),
        "openLink" => format!("opens {}", field("url")),
        "fetch" => format!("fetches {}", field("url")),
        "setState" | "toggleState" | "appendState" | "popState" => "updates the view".into(),
        "showToast" => "shows a notice".into(),
        "closeOverlay" => "closes the dialog".into(),
        "updateContext" => "updates the model context".into(),
        "requestDisplayMode" => format!("switches to {} mode", field("mode")),
        "openFilePicker" => "asks for a file".into(),
        "setInterval" => "starts a timer".into(),
        "callHandler" => format!("runs handler {}", field("handler")),
        _ => "does something".into(),
    }
}

/// `text` cut to at most `max` bytes (on a character boundary), with `…` when cut.
pub(crate) fn short(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut cut = max.saturating_sub('…'.len_utf8());
    while cut > 0 && !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}…", &text[..cut])
}

/// The state path of a sole `{{ path }}` template (no pipe, operator or second template),
/// else `None`.
pub(super) fn template_path(text: &str) -> Option<&str> {
    let path = text.trim().strip_prefix("{{")?.strip_suffix("}}")?.trim();
    (!path.is_empty() && !path.contains(['{', '}', '|', ' '])).then_some(path)
}
