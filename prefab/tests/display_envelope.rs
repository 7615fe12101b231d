//! `display()` and friends: the envelope for the host and the result around it.
#![allow(clippy::unwrap_used)]
mod display_support;

use display_support::text;
use prefab::display::{
    Content, DisplayOptions, Notice, display, display_error, display_success, display_update,
    display_with,
};
use serde_json::{Map, Value, json};

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn envelope_has_prefab_ui_key_order_and_the_root_div() {
    let opts = DisplayOptions::new()
        .key_binding("Ctrl+s", prefab::CallTool::new("save"))
        .stylesheet("https://cdn.example.com/x.css")
        .css(".x { color: red }")
        .css("   ")
        .theme_css(":root { --primary: red; }")
        .mode("dark")
        .state("n", 1)
        .def("row", prefab::Text::new("{{ $item }}"));
    let result = display_with(json!({"type": "Text", "content": "hi"}), &opts);
    let envelope = result.structured_content.unwrap();
    assert_eq!(
        keys(&envelope),
        [
            "$prefab",
            "view",
            "defs",
            "state",
            "mode",
            "css",
            "stylesheets",
            "keyBindings"
        ]
    );
    assert_eq!(envelope["$prefab"], json!({"version": "0.3"}));
    assert_eq!(envelope["view"]["cssClass"], "pf-app-root");
    assert_eq!(envelope["view"]["children"][0]["content"], "hi");
    assert_eq!(
        envelope["css"],
        json!([":root { --primary: red; }", ".x { color: red }"]),
        "theme first, blanks dropped"
    );
    assert!(!result.is_error);
    assert_eq!(
        text(&display_with(
            json!({"type": "Text", "content": "hi"}),
            &opts
        )),
        "hi\n\nButtons: key Ctrl+s (calls tool save)"
    );
}

#[test]
fn empty_options_leave_no_empty_keys_and_the_root_is_not_doubled() {
    let once = display(json!({"type": "Text", "content": "x"}))
        .structured_content
        .unwrap();
    assert_eq!(keys(&once), ["$prefab", "view"]);
    let twice = display(once.clone()).structured_content.unwrap();
    assert_eq!(twice, once, "an envelope goes through unchanged");
    let root_only = display(once["view"].clone()).structured_content.unwrap();
    assert_eq!(root_only, once, "an existing root Div is kept");
}

#[test]
fn options_merge_into_an_existing_envelope() {
    let wire = json!({"$prefab": {"version": "0.3"}, "view": {"type": "Div"}, "state": {"a": 1}, "css": ["x{}"], "mode": "light"});
    let opts = DisplayOptions::new().state("b", 2).css("y{}").mode("dark");
    let envelope = display_with(wire, &opts).structured_content.unwrap();
    assert_eq!(envelope["state"], json!({"a": 1, "b": 2}));
    assert_eq!(envelope["css"], json!(["x{}", "y{}"]));
    assert_eq!(envelope["mode"], "dark");
}

#[test]
fn meta_and_title() {
    let meta = Map::from_iter([("trace".to_string(), json!("abc"))]);
    let result = display_with(
        json!({"type": "Text", "content": "x"}),
        &DisplayOptions::new().meta(meta).title("T"),
    );
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["_meta"]["trace"], "abc");
    assert_eq!(text(&result), "# T\n\nx");
    assert!(
        json["structuredContent"].get("title").is_none(),
        "no title on the wire"
    );
}

#[test]
fn text_option_is_what_the_model_reads() {
    let view = json!({"type": "Text", "content": "the view's own text"});
    let opts = DisplayOptions::new().title("T").text("Two orders added.");
    let result = display_with(view.clone(), &opts);
    assert_eq!(text(&result), "Two orders added.", "no fallback, no title");
    assert_eq!(result.content.len(), 1);
    let without = display_with(view, &DisplayOptions::new().title("T"));
    assert_eq!(
        result.structured_content, without.structured_content,
        "the view is the same"
    );
    assert_eq!(text(&without), "# T\n\nthe view's own text");
}

#[test]
fn update_envelope_is_a_patch() {
    let patch = Map::from_iter([
        ("items".to_string(), json!([1, 2, 3])),
        ("status".to_string(), json!("done")),
    ]);
    let result = display_update(patch, prefab::Actions::default());
    let sc = result.structured_content.as_ref().unwrap();
    assert_eq!(keys(sc), ["$prefab", "update"]);
    assert_eq!(
        sc["update"],
        json!({"state": {"items": [1, 2, 3], "status": "done"}})
    );
    assert!(sc.get("view").is_none());
    assert_eq!(
        text(&result),
        "Updated the view: items (list of 3), status = done"
    );
}

#[test]
fn error_and_success_notices() {
    let result = display_error(
        Notice::new("Save failed")
            .message("Email taken")
            .detail("E1062")
            .hint("Try another"),
    );
    assert!(result.is_error);
    assert_eq!(serde_json::to_value(&result).unwrap()["isError"], true);
    let column = &result.structured_content.as_ref().unwrap()["view"]["children"][0];
    let types: Vec<&str> = column["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["Alert", "Code", "Muted"]);
    assert_eq!(column["children"][0]["variant"], "destructive");
    assert_eq!(
        text(&result),
        "### Save failed\nEmail taken\nE1062\nTry another"
    );
    let ok = display_success("Saved");
    assert!(!ok.is_error);
    assert_eq!(
        ok.structured_content.unwrap()["view"]["children"][0]["children"][0]["variant"],
        "success"
    );
    assert_eq!(ok.content, vec![Content::text("### Saved")]);
}

#[test]
fn typed_views_and_apps_serialize_like_the_model() {
    // The rows of a root table are moved into the JSON rather than copied: same bytes.
    let table = prefab::auto::auto_table(&display_support::orders(20)).unwrap();
    let expected = prefab::App::new(table.clone()).to_json();
    let got = display(table).structured_content.unwrap();
    assert_eq!(serde_json::to_string(&got).unwrap(), expected);
    // A bound table keeps its template.
    let bound =
        prefab::DataTable::new(vec![prefab::DataTableColumn::new("n", "N")]).rows("{{ items }}");
    let got = display(bound).structured_content.unwrap();
    assert_eq!(got["view"]["children"][0]["rows"], "{{ items }}");
    // A whole app: options merge into it.
    let app = prefab::App::new(prefab::Text::new("hi")).state("a", 1);
    let got = display_with(app, &DisplayOptions::new().state("b", 2))
        .structured_content
        .unwrap();
    assert_eq!(got["state"], json!({"a": 1, "b": 2}));
    assert!(prefab::validate(&got).is_valid());
}

#[test]
fn chart_data_is_moved_too_and_serializes_the_same() {
    let points: Vec<Value> = (0..500)
        .map(|i| json!({"day": format!("2024-01-{:02}", i % 28 + 1), "v": i}))
        .collect();
    let chart = prefab::auto::auto_chart(&points, None).unwrap();
    let expected = prefab::App::new(chart.clone()).to_json();
    let got = display(chart).structured_content.unwrap();
    assert_eq!(serde_json::to_string(&got).unwrap(), expected);
    assert_eq!(
        got["view"]["children"][0]["data"].as_array().unwrap().len(),
        500
    );
}
