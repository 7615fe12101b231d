//! `render_ui`: rejects malformed views with every problem and its JSON path, accepts every
//! conformance wire document; `prefab_components` documents components.
#![allow(clippy::unwrap_used)]

#[path = "../../prefab/tests/wire_support/mod.rs"]
mod wire_support;

use examples::generative::{component_doc, render};
use prefab::display::Content;
use serde_json::{Value, json};
use wire_support::{expected_failure, fixtures, read, rel};

fn envelope(view: Value) -> Value {
    json!({"$prefab": {"version": "0.3"}, "view": view})
}

fn text(result: &prefab::display::ToolResult) -> String {
    result
        .content
        .iter()
        .map(|Content::Text { text }| text.as_str())
        .collect()
}

#[test]
fn rejects_each_malformed_view_with_its_path() {
    let button = |on_click: Value| json!({"type": "Button", "label": "Go", "onClick": on_click});
    // (view, a path the error must name, a word of its message)
    let cases: Vec<(Value, &str, &str)> = vec![
        // wrong types
        (json!({"type": "Text", "content": 42}), "content", "string"),
        (
            json!({"type": "Column", "children": {"type": "Text"}}),
            "children",
            "array",
        ),
        (json!({"type": "Div", "cssClass": 5}), "cssClass", "string"),
        (json!({"type": "Badge", "label": ["a"]}), "label", "string"),
        (
            json!({"type": "Column", "children": [7]}),
            "children[0]",
            "component",
        ),
        (
            json!({"type": "Slider", "name": "s", "min": "low"}),
            "min",
            "number",
        ),
        (
            envelope(json!({"type": "Row", "children": [{"type": "H1", "content": {}}]})),
            "view.children[0].content",
            "string",
        ),
        // unknown components
        (json!({"type": "Buttn", "label": "x"}), "", "Buttn"),
        (
            json!({"type": "Column", "children": [{"type": "Carrd"}]}),
            "children[0]",
            "Carrd",
        ),
        (
            envelope(
                json!({"type": "Tabs", "children": [{"type": "Tab", "title": "A", "children": [{"type": "Widget"}]}]}),
            ),
            "view.children[0].children[0]",
            "Widget",
        ),
        (json!({"content": "no type"}), "", "type"),
        // bad actions
        (
            button(json!({"action": "launchMissiles"})),
            "onClick",
            "launchMissiles",
        ),
        (button(json!({"action": "toolCall"})), "onClick", "tool"),
        (
            button(json!({"action": "setState", "value": 1})),
            "onClick",
            "key",
        ),
        (
            button(json!([{"action": "showToast", "message": "ok"}, {"action": "nope"}])),
            "onClick[1]",
            "nope",
        ),
        (button(json!("toolCall")), "onClick", ""),
        // template syntax errors
        (
            json!({"type": "Text", "content": "{{ price * }}"}),
            "content",
            "template",
        ),
        (
            json!({"type": "Text", "content": "Hello {{ name"}),
            "content",
            "never closed",
        ),
        (
            json!({"type": "Column", "children": [{"type": "Text", "content": "{{ (a + b }}"}]}),
            "children[0].content",
            "template",
        ),
        (
            envelope(json!({"type": "Badge", "label": "{{ count | }}"})),
            "view.label",
            "template",
        ),
    ];
    assert_eq!(cases.len(), 20);
    for (i, (view, path, word)) in cases.into_iter().enumerate() {
        let result = render(view.clone());
        assert!(result.is_error, "case {i} accepted: {view}");
        let errors = result.structured_content.as_ref().unwrap()["errors"]
            .as_array()
            .unwrap()
            .clone();
        assert!(!errors.is_empty(), "case {i}");
        let hit = errors.iter().any(|e| {
            e["path"].as_str().unwrap().starts_with(path)
                && e["message"].as_str().unwrap().contains(word)
        });
        assert!(
            hit,
            "case {i}: no error at {path:?} mentioning {word:?}: {errors:?}"
        );
        // The model reads the same list as text, one problem per line with its path.
        let text = text(&result);
        for e in &errors {
            let line = match e["path"].as_str().unwrap() {
                "" => e["message"].as_str().unwrap().to_string(),
                p => format!("{p}: {}", e["message"].as_str().unwrap()),
            };
            assert!(text.contains(&line), "case {i}: {text}");
        }
    }
}

#[test]
fn reports_every_problem_at_once() {
    let view = json!({"type": "Column", "children": [
        {"type": "Text", "content": 1},
        {"type": "Nope"},
        {"type": "Text", "content": "{{ a + }}"}
    ]});
    let result = render(view);
    let errors = &result.structured_content.unwrap()["errors"];
    let paths: Vec<&str> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    for path in ["children[0].content", "children[1]", "children[2].content"] {
        assert!(
            paths.iter().any(|p| p.starts_with(path)),
            "{path} in {paths:?}"
        );
    }
}

#[test]
fn accepts_every_conformance_wire_document() {
    let mut accepted = 0;
    for path in fixtures() {
        if expected_failure(&path).is_some() {
            // Rejected by the validator on purpose (reasons in wire_support and
            // conformance/README.md); not a view a model should send.
            continue;
        }
        let view: Value = serde_json::from_str(&read(&path)).unwrap();
        let result = render(view);
        assert!(!result.is_error, "{}: {}", rel(&path), text(&result));
        assert!(result.structured_content.is_some(), "{}", rel(&path));
        accepted += 1;
    }
    assert!(accepted > 100, "{accepted}");
}

#[test]
fn documents_components() {
    let all = component_doc(None).unwrap();
    let list = all["components"].as_array().unwrap();
    assert!(list.iter().any(|c| c["type"] == "DataTable"));
    let button = component_doc(Some("Button")).unwrap();
    assert!(
        button["definition"]["properties"]["onClick"].is_object(),
        "{button}"
    );
    let err = component_doc(Some("Buttn")).unwrap_err();
    assert!(err.contains("Buttn") && err.contains("Button"), "{err}");
}
