//! Validation reports every problem with its JSON path, never panics, and bounds depth.
#![allow(clippy::unwrap_used)]

use prefab::validate::{Document, MAX_DEPTH, MAX_JSON_DEPTH};
use prefab::{App, validate, validate_str};
use serde_json::{Value, json};

fn app(view: Value) -> Value {
    json!({"$prefab": {"version": "0.3"}, "view": view})
}

fn errors(doc: &Value) -> Vec<String> {
    validate(doc)
        .errors
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn unknown_component_type_names_the_path_and_a_suggestion() {
    let doc = app(json!({"type": "Column", "children": [
        {"type": "Text", "content": "a"}, {"type": "Text", "content": "b"},
        {"type": "Text", "content": "c"},
        {"type": "Row", "children": [{"type": "Buttn", "label": "Save"}]}
    ]}));
    assert_eq!(
        errors(&doc),
        [
            r#"view.children[3].children[0]: unknown component type "Buttn" (did you mean "Button"?)"#
        ]
    );
    // The typed parse fails with the same message.
    let err = App::from_json(&doc.to_string()).unwrap_err().to_string();
    assert!(
        err.contains("view.children[3].children[0]: unknown component type"),
        "{err}"
    );
}

#[test]
fn wrong_typed_prop_names_the_expected_type_and_the_value() {
    let doc = app(json!({"type": "DataTable", "columns": [], "pageSize": "ten", "search": 1}));
    assert_eq!(
        errors(&doc),
        [
            r#"view.search: expected a boolean, got number 1"#,
            r#"view.pageSize: expected an integer, got string "ten""#,
        ]
    );
}

#[test]
fn missing_required_prop_is_an_error() {
    let doc = app(json!({"type": "Column", "children": [{"type": "Button", "variant": "ghost"}]}));
    assert_eq!(
        errors(&doc),
        [r#"view.children[0]: missing required prop "label" on Button"#]
    );
}

#[test]
fn unknown_action_is_an_error_inside_lists_and_callbacks() {
    let doc = app(json!({"type": "Button", "label": "x", "onClick": [
        {"action": "setState", "key": "a", "value": 1,
         "onSuccess": {"action": "showTost", "message": "hi"}},
        {"action": "explode"}
    ]}));
    assert_eq!(
        errors(&doc),
        [
            r#"view.onClick[0].onSuccess: unknown action "showTost" (did you mean "showToast"?)"#,
            r#"view.onClick[1]: unknown action "explode""#,
        ]
    );
}

#[test]
fn non_object_nodes_are_errors() {
    let doc = app(json!({"type": "Column", "children": ["hello", null, [1], {"content": "x"}]}));
    assert_eq!(
        errors(&doc),
        [
            r#"view.children[0]: expected a component object, got string "hello""#,
            r#"view.children[1]: expected a component object, got null"#,
            r#"view.children[2]: expected a component object, got an array of 1 item(s)"#,
            r#"view.children[3]: missing "type" (or "$ref") on a component"#,
        ]
    );
}

#[test]
fn every_problem_is_reported_not_just_the_first() {
    let doc = app(json!({"type": "Column", "children": [
        {"type": "Nope"}, {"type": "Button"}, {"type": "Text", "content": 1}
    ]}));
    assert_eq!(validate(&doc).errors.len(), 3);
}

#[test]
fn envelope_problems_are_reported() {
    let doc = json!({"$prefab": {"version": "9"}, "view": {"type": "Text", "content": "x"},
        "state": {"$host": 1}, "keyBindings": {"Ctrl+k": {"action": "nope"}}});
    assert_eq!(
        errors(&doc),
        [
            r#"$prefab.version: unsupported protocol version string "9" (expected "0.3" or "0.2")"#,
            r#"state.$host: state keys must not start with "$" (reserved)"#,
            r#"keyBindings.Ctrl+k: unknown action "nope""#,
        ]
    );
}

#[test]
fn unknown_props_are_warnings_and_survive_the_round_trip() {
    let doc = app(json!({"type": "Button", "label": "x", "colour": "red"}));
    let report = validate(&doc);
    assert!(report.errors.is_empty());
    assert_eq!(
        report.warnings[0].to_string(),
        r#"view.colour: unknown prop "colour" on Button (kept as is)"#
    );
    let app = App::from_json(&doc.to_string()).unwrap();
    assert_eq!(app.to_value()["view"]["colour"], "red");
}

#[test]
fn both_protocol_versions_are_accepted_and_new_apps_emit_0_3() {
    for version in ["0.2", "0.3"] {
        let text = json!({"$prefab": {"version": version}, "view": {"type": "Div"}}).to_string();
        assert_eq!(App::from_json(&text).unwrap().header.version, version);
    }
    assert_eq!(
        App::new(prefab::Div::new()).to_value()["$prefab"]["version"],
        "0.3"
    );
}

/// `depth` nested Columns as JSON text, built without recursion.
fn nested_text(depth: usize) -> String {
    let mut text = String::new();
    text.push_str(r#"{"$prefab": {"version": "0.3"}, "view": "#);
    for _ in 0..depth {
        text.push_str(r#"{"type": "Column", "children": ["#);
    }
    text.push_str(r#"{"type": "Text", "content": "deep"}"#);
    for _ in 0..depth {
        text.push_str("]}");
    }
    text.push('}');
    text
}

/// Runs `f` on a thread with the default stack size (2 MiB), like a test or server thread.
fn on_default_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f).join().unwrap()
}

#[test]
fn a_100000_deep_nesting_is_an_error_with_a_path_not_a_stack_overflow() {
    let text = nested_text(100_000);
    let (report, parsed) = on_default_stack(move || {
        let report = validate_str(&text);
        let parsed = App::from_json(&text).map(|_| ()).map_err(|e| e.to_string());
        (report, parsed)
    });
    assert_eq!(report.errors.len(), 1);
    let error = report.errors[0].to_string();
    assert!(error.starts_with("view.children[0].children[0]"), "{error}");
    assert!(
        error.contains(&format!("nesting deeper than {MAX_JSON_DEPTH} JSON levels")),
        "{error}"
    );
    assert!(parsed.unwrap_err().contains("nesting deeper than"));
}

#[test]
fn the_deepest_accepted_document_parses_on_a_default_stack() {
    // Each Column is two JSON levels (object + children array); stay just under the limit.
    let depth = (MAX_JSON_DEPTH - 3) / 2;
    let text = nested_text(depth);
    let result = on_default_stack(move || {
        let app = App::from_json(&text).map_err(|e| e.to_string())?;
        Ok::<_, String>(app.to_json().len())
    });
    assert!(result.unwrap() > depth * 30);
}

#[test]
fn a_deep_value_built_in_memory_is_bounded_by_max_depth() {
    // Built by moving values (the `json!` macro would serialize, i.e. recurse).
    let mut value = json!({"type": "Text", "content": "x"});
    for _ in 0..10_000 {
        let mut column = serde_json::Map::new();
        column.insert("type".into(), "Column".into());
        column.insert("children".into(), Value::Array(vec![value]));
        value = Value::Object(column);
    }
    let mut envelope = serde_json::Map::new();
    envelope.insert("$prefab".into(), json!({"version": "0.3"}));
    envelope.insert("view".into(), value);
    let value = Value::Object(envelope);
    let report = on_default_stack(move || {
        let report = validate(&value);
        // Dropping a 10,000-deep serde_json::Value recurses; leak it instead.
        std::mem::forget(value);
        report
    });
    assert_eq!(report.errors.len(), 1);
    assert!(
        report.errors[0]
            .message
            .contains(&format!("nesting deeper than {MAX_DEPTH} levels"))
    );
}

#[test]
fn garbage_input_never_panics() {
    let inputs = [
        "",
        "null",
        "[]",
        "[1]",
        "{}",
        "\"x\"",
        "{\"$prefab\": 1}",
        "{\"view\": {}}",
        "{\"type\": 5}",
        "{\"$ref\": 5}",
        "{\"action\": null}",
        "[{\"action\": 1}]",
        "{\"type\": \"Condition\", \"cases\": [5, {\"children\": 3}]}",
        "{\"type\":",
        "{\"$prefab\": {\"version\": \"0.3\"}, \"defs\": {\"a\": 1}, \"tools\": [{}]}",
    ];
    for input in inputs {
        let report = validate_str(input);
        let parsed = Document::from_json(input);
        assert_eq!(report.is_valid(), parsed.is_ok(), "{input}: {report:?}");
    }
}

#[test]
fn null_optional_props_are_kept_and_warned_about() {
    // prefab-ui emits `"visible": null` on every Carousel.
    let doc = app(json!({"type": "Carousel", "visible": null, "children": []}));
    let report = validate(&doc);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(
        report.warnings[0].to_string(),
        r#"view.visible: null "visible" on Carousel is treated as absent (kept as is)"#
    );
    let back = App::from_json(&doc.to_string()).unwrap().to_value();
    assert_eq!(back["view"], doc["view"]);
    // A required prop may not be null.
    assert_eq!(
        errors(&app(json!({"type": "Image", "src": null}))),
        ["view.src: expected a string, got null"]
    );
}

#[test]
fn enum_like_props_are_checked_unless_templated() {
    let doc = app(json!({"type": "Column", "children": [
        {"type": "Button", "label": "a", "size": "huge"},
        {"type": "Button", "label": "b", "variant": "primary"},
        {"type": "Button", "label": "c", "size": "{{ s }}", "variant": "outline"}
    ]}));
    let report = validate(&doc);
    let errors: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            r#"view.children[0].size: unexpected size "huge" on Button (expected one of: default, xs, sm, lg, icon, icon-xs, icon-sm, icon-lg)"#
        ]
    );
    let warnings: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .starts_with(r#"view.children[1].variant: unexpected variant "primary" on Button"#)
    );
}

#[test]
fn state_names_paths_and_tool_names_follow_prefab_ui_rules() {
    let doc = json!({
        "$prefab": {"version": "0.3"},
        "view": {"type": "Column", "children": [
            {"type": "Input", "name": "first name"},
            {"type": "Input", "name": "{{ field }}"},
            {"type": "Button", "label": "x", "onClick": {"action": "setState", "key": "a..b", "value": 1}}
        ]},
        "tools": [{"name": "get", "result": {}}, {"name": "get", "result": {}}, {"name": "no spaces", "result": {}}]
    });
    assert_eq!(
        errors(&doc),
        [
            r#"view.children[0].name: invalid state name "first name" (letters, digits, _ . $; not starting with a digit)"#,
            r#"view.children[2].onClick.key: invalid state path "a..b" (dot-separated names or indexes, like "todos.0.done")"#,
            r#"tools[1].name: duplicate tool name "get""#,
            r#"tools[2].name: invalid tool name "no spaces" (1-128 of A-Z a-z 0-9 _ . -)"#,
        ]
    );
}

#[test]
fn refs_must_name_a_template_in_defs() {
    let doc = json!({
        "$prefab": {"version": "0.3"},
        "view": {"type": "Column", "children": [{"$ref": "user_card"}, {"$ref": "usercard"}]},
        "defs": {"user_card": {"type": "Card", "children": [{"$ref": "user_card"}]}}
    });
    assert_eq!(
        errors(&doc),
        [
            r#"view.children[1]: $ref to "usercard", which is not in "defs" (did you mean "user_card"?)"#
        ]
    );
}

fn warnings(doc: &Value) -> Vec<String> {
    validate(doc)
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn validation_goes_on_inside_a_node_of_unknown_type() {
    let doc =
        json!({"type": "Txt", "children": [{"type": "Badge", "label": 5, "variant": "bogus"}]});
    assert_eq!(
        errors(&doc),
        [
            r#"unknown component type "Txt" (did you mean "Text"?)"#,
            "children[0].label: expected a string, got number 5",
        ]
    );
    let variant = r#"children[0].variant: unexpected variant "bogus" on Badge (expected one of: default, secondary, destructive, success, warning, info, outline, ghost)"#;
    assert_eq!(warnings(&doc), [variant]);
    // A model-written view: the open enum's unusual value is an error too.
    let strict = prefab::validate::validate_with(&doc, prefab::validate::Mode::Generated);
    let strict: Vec<String> = strict.errors.iter().map(ToString::to_string).collect();
    assert_eq!(strict.len(), 3, "{strict:?}");
    assert_eq!(strict[2], variant);
}

#[test]
fn a_close_guess_checks_the_props_it_knows_and_nested_objects_are_walked() {
    let doc = json!({"type": "Buttn", "label": 5, "size": "huge", "cssClass": 1,
        "onClick": {"action": "setStat", "key": 3, "onSuccess": {"action": "nope"}},
        "slots": {"main": [{"type": "Text", "content": 1}, {"type": "bar"}]}});
    let found = errors(&doc);
    let paths: Vec<&str> = found
        .iter()
        .map(|e| e.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            r#"unknown component type "Buttn" (did you mean "Button"?)"#,
            "label",
            "size",
            "cssClass",
            "onClick",
            "onClick.key",
            "onClick.onSuccess",
            "slots.main[0].content",
        ],
        "{found:#?}"
    );
    assert!(
        found[2].contains("expected one of: default, xs, sm"),
        "{}",
        found[2]
    );
    // Missing or malformed tags: the props every node has are still checked.
    let doc = json!({"children": [{"type": 5, "id": 7}], "onMount": {"action": "showToast"}});
    assert_eq!(
        errors(&doc),
        [
            r#"missing "type" (or "$ref") on a component"#,
            "children[0].type: expected a component type name, got number 5",
            "children[0].id: expected a string, got number 7",
            r#"onMount: missing required prop "message" on showToast"#,
        ]
    );
}

#[test]
fn template_problems_are_warnings_in_documents_and_errors_in_model_written_views() {
    use prefab::validate::{Mode, validate_with};
    let doc = app(json!({"type": "Column", "children": [
        {"type": "Text", "content": "Hi {{ name | uper }}"},
        {"type": "Text", "content": "{{ a + }}"},
        {"type": "Text", "content": "{{ total | currency:EUR | round }}"}
    ]}));
    let lenient = validate(&doc);
    assert!(lenient.errors.is_empty(), "{:?}", lenient.errors);
    let paths: Vec<&str> = lenient.warnings.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(
        paths,
        ["view.children[0].content", "view.children[1].content"]
    );
    assert!(
        lenient.warnings[0]
            .message
            .contains(r#"unknown pipe "uper""#)
    );
    assert!(
        lenient.warnings[0]
            .message
            .contains(r#"(did you mean "upper"?)"#)
    );
    let strict = validate_with(&doc, Mode::Generated);
    assert_eq!(strict.errors, lenient.warnings);
    assert!(strict.warnings.is_empty());
}
