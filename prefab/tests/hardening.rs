//! Regression tests for hostile and careless documents (issue 11, "Why" items 2–5): work
//! on `$ref`s is bounded, validation messages and suggestions are bounded, JSON embedded in
//! a page cannot end its element, and the wire model keeps nulls, prop order and
//! non-finite numbers. Each of these failed before the fix.
#![allow(clippy::unwrap_used)]

use prefab::display::{Content, display};
use prefab::fallback::{DEFAULT_MAX_BYTES, text_fallback};
use prefab::validate::{Document, MAX_EXPANDED_NODES, validate, validate_str};
use serde_json::{Value, json};

/// The 167-byte document of the issue: a template that uses itself twice.
const SELF_DOUBLING: &str = r#"{"$prefab":{"version":"0.3"},"defs":{"a":{"type":"Column","children":[{"$ref":"a"},{"$ref":"a"},{"type":"Text","content":"x"}]}},"view":{"$ref":"a"}}"#;

/// `levels` templates, each using the next one twice: 2^levels nodes once expanded, with
/// no cycle.
fn doubling_chain(levels: usize) -> Value {
    let mut defs = serde_json::Map::new();
    for i in 0..levels {
        let next = json!({"$ref": format!("d{}", i + 1)});
        defs.insert(
            format!("d{i}"),
            json!({"type": "Column", "children": [next.clone(), next]}),
        );
    }
    defs.insert(
        format!("d{levels}"),
        json!({"type": "Text", "content": "x"}),
    );
    json!({"$prefab": {"version": "0.3"}, "defs": defs, "view": {"$ref": "d0"}})
}

fn fallback_text(value: Value) -> String {
    let Content::Text { text } = display(value).content.remove(0);
    text
}

#[test]
fn a_template_that_uses_itself_is_reported_and_its_fallback_is_bounded() {
    let report = validate_str(SELF_DOUBLING);
    assert!(report.is_valid(), "{:?}", report.errors);
    let warnings: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[1].starts_with("defs.a.children[1]: $ref to \"a\" inside its own expansion"),
        "{warnings:?}"
    );
    let text = fallback_text(serde_json::from_str(SELF_DOUBLING).unwrap());
    assert!(text.len() <= DEFAULT_MAX_BYTES);
    // Each template is expanded once at a time: the text is the one Text it holds.
    assert_eq!(text, "x");
}

#[test]
fn an_exponential_chain_of_templates_is_an_error_and_its_fallback_says_it_stopped() {
    let doc = doubling_chain(17); // 131,072 nodes once expanded
    let report = validate(&doc);
    let errors: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [format!(
            "view: the view expands to more than {MAX_EXPANDED_NODES} nodes once each $ref is \
             replaced by its template (templates used many times inside each other)"
        )]
    );
    let text = text_fallback(&doc);
    assert!(text.len() <= DEFAULT_MAX_BYTES);
    assert!(
        text.starts_with("(a large view: only its first 10000 nodes are described)"),
        "{text}"
    );
    // A chain that stays under the limit is fine.
    assert!(validate(&doubling_chain(14)).is_valid()); // 65,534 nodes
}

#[test]
fn unknown_refs_with_long_names_get_short_messages() {
    // The issue's 412 KB document: 200 templates, 1,000 uses of unknown 1,000-char names.
    let defs: serde_json::Map<String, Value> = (0..200)
        .map(|i| {
            (
                format!("{i:0>1000}"),
                json!({"type": "Text", "content": "x"}),
            )
        })
        .collect();
    let uses: Vec<Value> = (0..1000)
        .map(|i| json!({"$ref": format!("{i:x>1000}")}))
        .collect();
    let doc = json!({"$prefab": {"version": "0.3"}, "defs": defs,
        "view": {"type": "Column", "children": uses}});
    assert!(doc.to_string().len() > 400_000);
    let report = validate(&doc);
    assert_eq!(report.errors.len(), 1000);
    for error in &report.errors {
        let text = error.to_string();
        assert!(text.len() < 160, "{} bytes: {text}", text.len());
        assert!(
            text.contains("… (1000 chars), which is not in \"defs\""),
            "{text}"
        );
    }
}

#[test]
fn a_huge_unknown_type_is_not_echoed_whole() {
    let name = "Q".repeat(1 << 20);
    let doc = json!({"type": name, "content": "x"});
    let report = validate(&doc);
    assert_eq!(report.errors.len(), 1);
    let message = report.errors[0].to_string();
    assert!(message.len() < 100, "{} bytes", message.len());
    assert!(
        message.starts_with("unknown component type \"QQQQ"),
        "{message}"
    );
    // Keys of any length are cut in paths and messages too.
    let doc = json!({"type": "Text", "content": "x", "k".repeat(1 << 20): 1});
    let warning = validate(&doc).warnings[0].to_string();
    assert!(warning.len() < 200, "{} bytes", warning.len());
}

#[test]
fn state_actions_with_a_null_value_round_trip() {
    for action in ["setState", "appendState"] {
        let text = json!({"action": action, "key": "k", "value": null}).to_string();
        assert!(validate_str(&text).is_valid());
        let doc = Document::from_json(&text).unwrap();
        assert_eq!(doc.to_value().unwrap()["value"], Value::Null, "{action}");
        assert!(doc.to_value().unwrap().get("value").is_some());
    }
}

#[test]
fn unknown_props_keep_their_order() {
    let text = r#"{"$prefab":{"version":"0.3"},"view":{"type":"Text","content":"x","zz":1,"aa":2,"mm":3},"zz":1,"aa":2}"#;
    let mut value: Value = serde_json::from_str(text).unwrap();
    for _ in 0..3 {
        value = Document::from_value(value).unwrap().to_value().unwrap();
        let keys: Vec<&str> = value["view"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["type", "content", "zz", "aa", "mm"]);
    }
    // Through display() too.
    let shown = display(serde_json::from_str::<Value>(text).unwrap());
    let envelope = shown.structured_content.unwrap();
    let keys: Vec<&str> = envelope
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["$prefab", "view", "zz", "aa"]);
}

#[test]
fn infinite_numbers_print_so_they_parse_back() {
    use prefab::expr::{Expr, Literal, PipeCall, parse};
    let huge = format!("1{}", "0".repeat(320));
    for src in [
        huge.clone(),
        format!("x | round:{huge}"),
        format!("x | {huge}"),
        format!("-{huge} + a"),
    ] {
        let expr = parse(&src).unwrap();
        let printed = expr.to_string();
        assert_eq!(parse(&printed).unwrap(), expr, "{src} printed as {printed}");
    }
    // A pipe argument stays a number.
    let expr = parse(&format!("x | round:{huge}")).unwrap();
    let Expr::Pipe(_, calls) = parse(&expr.to_string()).unwrap() else {
        panic!("not a pipe")
    };
    assert!(matches!(
        &calls[0],
        PipeCall::Named { arg: Some(Literal::Number(n)), .. } if *n == f64::INFINITY
    ));
}

#[test]
fn display_moves_a_json_view_into_the_root_instead_of_copying_it() {
    let rows: Vec<Value> = (0..1000)
        .map(|i| json!({"n": format!("row {i}")}))
        .collect();
    let view = json!({"type": "DataTable", "rows": rows,
        "columns": [{"key": "n", "header": "N"}]});
    let before = view["rows"][999]["n"].as_str().unwrap().as_ptr();
    let shown = display(view);
    let envelope = shown.structured_content.unwrap();
    let table = &envelope["view"]["children"][0];
    assert_eq!(envelope["view"]["cssClass"], "pf-app-root");
    // The same heap buffer: the rows were moved, not deep-copied.
    assert_eq!(table["rows"][999]["n"].as_str().unwrap().as_ptr(), before);
}

#[test]
fn trees_built_in_code_4000_deep_need_no_big_stack() {
    let worker = std::thread::Builder::new().stack_size(2 << 20);
    let handle = worker
        .spawn(|| {
            let mut node: prefab::Node = prefab::Text::new("leaf").into();
            for _ in 0..4000 {
                node = prefab::Column::new().child(node).into();
            }
            let app = prefab::App::new(node.clone());
            let json = app.to_json();
            assert!(json.len() > 4000 * 20);
            let result = display(node.clone());
            assert!(result.structured_content.is_some());
            assert_eq!(node.clone(), node);
            drop(app);
            drop(result);
            drop(node);
        })
        .unwrap();
    handle.join().unwrap();
}

/// A page exported with `standalone_html` carries the CSS of its classes; a hostile class
/// cannot close the `<style>` element.
#[test]
fn exported_page_carries_the_rules() {
    let doc = serde_json::json!({"view": {"type": "Div", "cssClass": "grid grid-cols-4 </style>"}});
    let page = prefab::page::standalone_html(&doc, "t");
    let (head, _) = page.split_once("</head>").unwrap_or_default();
    assert!(head.contains(".grid-cols-4{grid-template-columns:repeat(4, minmax(0, 1fr))}"));
    assert_eq!(
        head.matches("</style>").count(),
        1,
        "the hostile class stays out of the CSS"
    );
}
