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

/// Malformed views: (view, a path the error must name, a word of its message).
fn single_problem_views() -> Vec<(Value, &'static str, &'static str)> {
    let button = |on_click: Value| json!({"type": "Button", "label": "Go", "onClick": on_click});
    vec![
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
    ]
}

#[test]
fn rejects_each_malformed_view_with_its_path() {
    let cases = single_problem_views();
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

/// The error paths of `render_ui`'s answer, sorted.
fn error_paths(view: &Value) -> Vec<String> {
    let result = render(view.clone());
    assert!(result.is_error, "accepted: {view}");
    let errors = result.structured_content.unwrap()["errors"].clone();
    let mut paths: Vec<String> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap().to_owned())
        .collect();
    paths.sort();
    paths
}

/// 20 malformed views, each with several problems — under unknown types, in templates
/// (unknown pipes), in enum values and prop types — and every error path `render_ui` must
/// report for it in one answer (written by hand from the views).
fn malformed_views() -> Vec<(Value, Vec<&'static str>)> {
    let mut views = unknown_types_and_props();
    views.extend(bad_actions_templates_and_envelopes());
    views
}

/// The first ten of [`malformed_views`]: unknown types, wrong prop types and enum values.
fn unknown_types_and_props() -> Vec<(Value, Vec<&'static str>)> {
    vec![
        (
            json!({"type": "Txt", "children": [{"type": "Badge", "label": 5, "variant": "bogus"}]}),
            vec!["", "children[0].label", "children[0].variant"],
        ),
        (
            json!({"type": "Text", "content": "Hi {{ name | uper }}"}),
            vec!["content"],
        ),
        (
            envelope(json!({"type": "Column", "children": [
                {"type": "Buttn", "label": 5, "onClick": {"action": "setStat", "key": "x"}},
                {"type": "Text", "content": 3}
            ]})),
            vec![
                "view.children[0]",
                "view.children[0].label",
                "view.children[0].onClick",
                "view.children[1].content",
            ],
        ),
        (
            json!({"type": "Panel", "header": {"type": "H1", "content": 1},
                "body": [{"type": "Metric", "label": "Sales", "value": 10, "trend": "sideways"}]}),
            vec!["", "header.content", "body[0].trend"],
        ),
        (
            json!({"type": "Column", "children": [
                {"type": "Text", "content": "{{ price | currncy:EUR }}"},
                {"type": "Badge", "label": "{{ n | plural }}", "variant": "{{ tone }}"}
            ]}),
            vec!["children[0].content", "children[1].label"],
        ),
        (
            json!({"type": "Row", "children": [
                {"type": "Separator", "orientation": "diagonal"},
                {"type": "Loader", "variant": "spinner", "size": "xl"}
            ]}),
            vec![
                "children[0].orientation",
                "children[1].variant",
                "children[1].size",
            ],
        ),
        (
            json!({"type": "Input", "name": "email", "inputType": "mail", "required": "yes", "minLength": 2.5}),
            vec!["inputType", "required", "minLength"],
        ),
        (
            json!({"type": "Column", "children": [{"type": "Cardd", "children": [
                {"type": "CardHeader", "children": [{"type": "CardTitle", "content": false}]},
                {"type": "Widget", "cssClass": 3, "children": [{"type": "Text"}]}
            ]}]}),
            vec![
                "children[0]",
                "children[0].children[0].children[0].content",
                "children[0].children[1]",
                "children[0].children[1].cssClass",
            ],
        ),
        (
            json!({"type": "Column", "children": [
                {"content": "no type", "children": [{"type": "Text", "content": ["a"]}]}
            ]}),
            vec!["children[0]", "children[0].children[0].content"],
        ),
    ]
}

/// The last ten of [`malformed_views`]: actions, templates, envelopes and `defs`.
fn bad_actions_templates_and_envelopes() -> Vec<(Value, Vec<&'static str>)> {
    vec![
        (
            json!({"type": "Button", "label": "Save", "onClick": [
                {"action": "toolCall"},
                {"action": "showToast", "message": "ok", "variant": "bogus"},
                {"action": "setState", "value": 1}
            ]}),
            vec!["onClick[0]", "onClick[1].variant", "onClick[2]"],
        ),
        (
            json!({"type": "Button", "label": "Go", "onClick": {"action": "callTool", "tool": "save",
                "onSuccess": {"action": "showTost", "message": 5}}}),
            vec!["onClick", "onClick.onSuccess", "onClick.onSuccess.message"],
        ),
        (
            json!({"type": "DataTable", "columns": [{"key": "name", "header": "{{ label | titlecase }}"}],
                "rows": "{{ users | sortby:name }}", "pageSize": "10"}),
            vec!["columns[0].header", "rows", "pageSize"],
        ),
        (
            json!({"type": "Column", "children": [
                {"type": "Text", "content": "{{ a + }}"},
                {"type": "Text", "content": "Total: {{ total | currency"},
                {"type": "P", "content": "{{ x | lower }} and {{ y | lowr }}"}
            ]}),
            vec![
                "children[0].content",
                "children[1].content",
                "children[2].content",
            ],
        ),
        (
            json!({"type": "Stack", "children": [
                {"type": "Text", "content": "{{ n | percnt }}"},
                {"type": "Metric", "label": 1, "value": "{{ v | number:2 }}"}
            ]}),
            vec!["", "children[0].content", "children[1].label"],
        ),
        (
            json!({"type": "Column", "children": [
                {"type": "Slider", "name": "vol", "min": "0", "max": 10, "size": "medium"},
                {"type": "Progress", "value": 50, "max": "100", "orientation": "sideways"}
            ]}),
            vec![
                "children[0].min",
                "children[0].size",
                "children[1].max",
                "children[1].orientation",
            ],
        ),
        (
            json!({"$prefab": {"version": "0.4"}, "view": {"type": "Text", "content": 5},
                "state": {"$secret": 1}}),
            vec!["$prefab.version", "state.$secret", "view.content"],
        ),
        (
            json!({"$prefab": {"version": "0.3"},
            "view": {"type": "Column", "children": [{"$ref": "rowz"}]},
            "defs": {"row": {"type": "Rw", "children": [
                {"type": "Text", "content": "{{ $item | upercase }}"}
            ]}}}),
            vec![
                "view.children[0]",
                "defs.row",
                "defs.row.children[0].content",
            ],
        ),
        (
            json!({"type": "Form", "onSubmit": {"action": "toolcall", "tool": 7}, "children": [
                {"type": "Checkbox", "name": "agree", "label": true},
                {"type": "Metric", "label": "x"}
            ]}),
            vec![
                "onSubmit",
                "onSubmit.tool",
                "children[0].label",
                "children[1]",
            ],
        ),
        (
            json!({"type": "Tabs", "children": [{"type": "Tab", "title": "A", "children": [
                {"type": "Chart", "data": [], "series": [{"dataKey": "x"}],
                 "onClick": {"action": "openLnk"}}
            ]}]}),
            vec!["children[0].children[0]", "children[0].children[0].onClick"],
        ),
        (
            json!({"type": "ForEach", "let": {"total": "{{ items | count }}"}, "children": [
                {"type": "Badge", "label": "{{ $item.n | numbr }}", "variant": "primary"}
            ]}),
            vec!["", "let.total", "children[0].label", "children[0].variant"],
        ),
    ]
}

#[test]
fn every_problem_of_20_malformed_views_in_one_answer() {
    let views = malformed_views();
    assert_eq!(views.len(), 20);
    for (i, (view, expected)) in views.into_iter().enumerate() {
        let mut expected: Vec<String> = expected.into_iter().map(String::from).collect();
        expected.sort();
        assert_eq!(error_paths(&view), expected, "view {i}: {view}");
    }
}

#[test]
fn answers_name_the_fix() {
    let messages = |view: Value| -> Vec<String> {
        let result = render(view);
        result.structured_content.unwrap()["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["message"].as_str().unwrap().to_owned())
            .collect()
    };
    let views = malformed_views();
    let first = messages(views[0].0.clone());
    assert!(first[0].contains(r#"did you mean "Text""#), "{first:?}");
    assert!(
        first[1].contains("expected a string, got number 5"),
        "{first:?}"
    );
    assert!(
        first[2].contains("bogus") && first[2].contains("default, secondary, destructive"),
        "{first:?}"
    );
    let pipe = messages(views[1].0.clone());
    assert!(
        pipe[0].contains(r#"unknown pipe "uper""#) && pipe[0].contains(r#"did you mean "upper""#),
        "{pipe:?}"
    );
    let size = messages(views[5].0.clone());
    assert!(
        size.iter()
            .any(|m| m.contains("expected one of: sm, default, lg")),
        "{size:?}"
    );
}

#[test]
fn every_component_example_passes_render_ui() {
    let all = component_doc(None).unwrap();
    let names: Vec<&str> = all["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), prefab::Component::TYPES.len());
    for name in names {
        let doc = component_doc(Some(name)).unwrap();
        let example = doc["example"].clone();
        assert_eq!(example["type"], name, "{doc}");
        let result = render(example.clone());
        assert!(!result.is_error, "{name}: {example}: {}", text(&result));
        // As an envelope too.
        assert!(!render(envelope(example)).is_error, "{name}");
    }
}

/// Every string under the key `name` anywhere in `value` (`$ref`s, `description`s).
fn strings_under<'v>(value: &'v Value, name: &str, out: &mut Vec<&'v str>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match item {
                    Value::String(text) if key == name => out.push(text),
                    _ => strings_under(item, name, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| strings_under(i, name, out)),
        _ => {}
    }
}

#[test]
fn component_docs_are_self_contained_and_plain() {
    for name in prefab::Component::TYPES {
        let doc = component_doc(Some(name)).unwrap();
        let included = doc["$defs"].as_object().unwrap();
        let mut found = Vec::new();
        strings_under(&doc, "$ref", &mut found);
        for target in found {
            let def = target.strip_prefix("#/$defs/");
            assert!(
                def.is_some_and(|d| included.contains_key(d)),
                "{name}: $ref {target} is not included"
            );
        }
        let mut texts = Vec::new();
        strings_under(&doc, "description", &mut texts);
        for d in texts {
            for rust in ["[`", "`]", "::", "```", "# Example"] {
                assert!(!d.contains(rust), "{name}: {rust:?} in {d:?}");
            }
        }
        // Small: the union of all components is described, not included.
        let size = doc.to_string().len();
        assert!(size < 16_000, "{name}: {size} bytes");
    }
    let table = component_doc(Some("DataTable")).unwrap();
    let rows = &table["definition"]["properties"]["rows"]["$ref"];
    let rows = rows.as_str().unwrap().trim_start_matches("#/$defs/");
    assert!(table["$defs"][rows].is_object(), "{table}");
    assert!(table["$defs"]["DataTableColumn"].is_object(), "{table}");
    let described = table["definition"]["description"].as_str().unwrap();
    assert!(described.starts_with("A table of rows"), "{described}");
}
