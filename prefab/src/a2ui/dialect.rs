//! Where A2UI v1.0 (the draft `specification/v1_0`, as `@a2ui/web_core` 0.11.0 ships its
//! schemas) differs from v0.9 in the components this module writes, as a rewrite of the
//! v0.9-shaped components in each direction:
//!
//! * A function call carries no `returnType` (v1.0's `FunctionCall` admits only `call`,
//!   `args` and `catalogId`; the return type is the catalog function's).
//! * `Text` has no heading variants (`variant` is `body` or `caption`): a heading is Markdown
//!   in the text, `# Title` for v0.9's `h1` … `##### Title` for `h5`. Read back (from either
//!   version, both being Markdown) as the heading.

use super::{DiagnosticKind, Notes};
use serde_json::{Map, Value, json};

/// The heading variants of v0.9's `Text`, by Markdown level (`h1` is `#`).
const HEADINGS: [&str; 5] = ["h1", "h2", "h3", "h4", "h5"];

/// Removes `returnType` from every function call object inside `value` (a component).
pub(crate) fn drop_return_types(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.contains_key("call") {
                map.remove("returnType");
            }
            map.values_mut().for_each(drop_return_types);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_return_types),
        _ => {}
    }
}

/// `{"variant": "h2", "text": "Title"}` → `{"text": "## Title"}`, for a text that is a
/// string, a path, a `formatString` or a call whose arguments are paths and literals (written
/// inline in a `formatString`); another text keeps its words as body text, reported at `path`
/// (the prefab node's).
pub(crate) fn heading_to_markdown(
    component: &mut Map<String, Value>,
    path: &str,
    notes: &mut Notes,
) {
    if component.get("component").and_then(Value::as_str) != Some("Text") {
        return;
    }
    let Some(level) = component
        .get("variant")
        .and_then(Value::as_str)
        .and_then(|v| HEADINGS.iter().position(|h| *h == v))
    else {
        return;
    };
    component.remove("variant");
    let marks = format!("{} ", "#".repeat(level + 1));
    let text = component.get("text").cloned().unwrap_or_default();
    let format_string = |value: String| json!({"call": "formatString", "args": {"value": value}});
    let rewritten = match &text {
        Value::String(s) => Some(json!(format!("{marks}{s}"))),
        Value::Object(o) if o.get("call").and_then(Value::as_str) == Some("formatString") => o
            .get("args")
            .and_then(|a| a.get("value"))
            .and_then(Value::as_str)
            .map(|v| format_string(format!("{marks}{v}"))),
        other => inline(other).map(|i| format_string(format!("{marks}{i}"))),
    };
    match rewritten {
        Some(text) => {
            component.insert("text".into(), text);
        }
        None => notes.note(
            DiagnosticKind::Degraded,
            path,
            HEADINGS[level],
            "A2UI v1.0 has no heading variant and this text cannot carry a Markdown mark; shown as body text",
        ),
    }
}

/// A path or a function call as a `formatString` expression: `${/a/b}`,
/// `${formatCurrency(value: ${/p}, currency: 'EUR')}`; `None` for another value, or an argument
/// that is neither a path nor a literal.
fn inline(value: &Value) -> Option<String> {
    let object = value.as_object()?;
    if let Some(path) = object.get("path").and_then(Value::as_str) {
        return Some(format!("${{{path}}}"));
    }
    let call = object.get("call").and_then(Value::as_str)?;
    let mut args = Vec::new();
    for (key, arg) in object
        .get("args")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let written = match arg {
            Value::String(s) if !s.contains('\'') => format!("'{s}'"),
            Value::Number(_) | Value::Bool(_) => arg.to_string(),
            Value::Object(o) if o.contains_key("path") => inline(arg)?,
            _ => return None,
        };
        args.push(format!("{key}: {written}"));
    }
    Some(format!("${{{call}({})}}", args.join(", ")))
}

/// Reads a component back into v0.9's shape: a `Text` without a variant (or `body`) whose
/// text (a string or a `formatString`) starts with a Markdown heading mark becomes that
/// heading. Both versions' `Text` is Markdown, so a v0.9 `# Title` is a heading too (as Lit
/// with a Markdown renderer shows it); v1.0 has no other way to write one.
pub(crate) fn markdown_heading(component: &Value) -> Value {
    let mut out = component.clone();
    let is_plain_text = out.get("component").and_then(Value::as_str) == Some("Text")
        && out.get("variant").is_none_or(|v| v == "body");
    if !is_plain_text {
        return out;
    }
    let written = match &out["text"] {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) if o.get("call").and_then(Value::as_str) == Some("formatString") => o
            .get("args")
            .and_then(|a| a.get("value"))
            .and_then(Value::as_str)
            .map(str::to_owned),
        _ => None,
    };
    let Some((level, rest)) = written.as_deref().and_then(heading) else {
        return out;
    };
    out["variant"] = json!(HEADINGS[level]);
    if out["text"].is_string() {
        out["text"] = json!(rest);
    } else {
        out["text"]["args"]["value"] = json!(rest);
    }
    out
}

/// `## Title` → `(1, "Title")`: the heading level (0 for `#`) and the text after the marks.
fn heading(text: &str) -> Option<(usize, &str)> {
    let marks = text.len() - text.trim_start_matches('#').len();
    let rest = text[marks..].strip_prefix(' ')?;
    (1..=HEADINGS.len())
        .contains(&marks)
        .then(|| (marks - 1, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_v1_0(components: &mut [Value], notes: &mut Notes) {
        for c in components.iter_mut() {
            drop_return_types(c);
            if let Value::Object(map) = c {
                heading_to_markdown(map, "view", notes);
            }
        }
    }

    #[test]
    fn headings_become_markdown_and_come_back() {
        let mut notes = Notes::default();
        let mut components = vec![
            json!({"id": "a", "component": "Text", "variant": "h2", "text": "Title"}),
            json!({"id": "b", "component": "Text", "variant": "h1", "text": {"path": "/name"}}),
            json!({"id": "c", "component": "Text", "variant": "h5",
                   "text": {"call": "formatString", "args": {"value": "Hi ${/n}"}, "returnType": "string"}}),
            json!({"id": "d", "component": "Text", "variant": "caption", "text": "small"}),
            json!({"id": "e", "component": "Text", "variant": "h3",
                   "text": {"call": "formatCurrency", "args": {"value": {"path": "/p"}, "currency": "EUR"}, "returnType": "string"}}),
        ];
        to_v1_0(&mut components, &mut notes);
        assert_eq!(components[0]["text"], "## Title");
        assert!(components[0].get("variant").is_none());
        assert_eq!(
            components[1]["text"],
            json!({"call": "formatString", "args": {"value": "# ${/name}"}})
        );
        assert_eq!(
            components[2]["text"],
            json!({"call": "formatString", "args": {"value": "##### Hi ${/n}"}})
        );
        assert_eq!(components[3]["variant"], "caption");
        assert_eq!(
            components[4]["text"]["args"]["value"],
            "### ${formatCurrency(value: ${/p}, currency: 'EUR')}"
        );
        assert!(notes.0.is_empty());
        let back = markdown_heading(&components[0]);
        assert_eq!(
            (back["variant"].as_str(), back["text"].as_str()),
            (Some("h2"), Some("Title"))
        );
        assert_eq!(
            markdown_heading(&components[2])["text"]["args"]["value"],
            "Hi ${/n}"
        );
        // Not a heading: no space after the marks, too many marks, a caption.
        for text in ["#tag", "###### six", "plain", " # indented", ""] {
            let c = json!({"id": "x", "component": "Text", "text": text});
            assert_eq!(markdown_heading(&c), c);
        }
        // A call with an argument that cannot be written inline keeps its words, reported.
        let mut odd = vec![json!({"id": "f", "component": "Text", "variant": "h1",
            "text": {"call": "formatNumber", "args": {"value": [1, 2]}}})];
        to_v1_0(&mut odd, &mut notes);
        assert!(odd[0].get("variant").is_none());
        assert_eq!(notes.0.len(), 1);
        assert_eq!(notes.0[0].path, "view");
    }

    #[test]
    fn calls_lose_their_return_type() {
        let mut notes = Notes::default();
        let mut components = vec![json!({"id": "b", "component": "Button", "child": "t",
            "action": {"functionCall": {"call": "openUrl", "args": {"url": "https://e.com"}, "returnType": "void"}},
            "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/x"}}, "returnType": "boolean"}}]})];
        to_v1_0(&mut components, &mut notes);
        let text = components[0].to_string();
        assert!(!text.contains("returnType"), "{text}");
        assert!(text.contains("openUrl") && text.contains("required"));
    }
}
