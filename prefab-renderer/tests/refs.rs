//! `$ref` expansion is bounded: definitions that double at each level render an error box
//! instead of taking exponential time, while ordinary shared definitions still render.
//! `cargo test -p prefab-renderer --target wasm32-unknown-unknown --test refs`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use prefab::expr::Map;
use prefab_renderer::cx::{Cx, MAX_REF_EXPANSIONS, Shared};
use prefab_renderer::js;
use prefab_renderer::render;
use prefab_renderer::store::{Owner, Store};
use prefab_renderer::template::Frame;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

/// Renders `view` with `defs` into a detached element.
fn render(defs: Map, view: &str) -> Element {
    let store = Store::new();
    let owner = Owner::root(&store);
    let cx = Cx::new(Frame::root(&store), owner, Shared::new(defs));
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    root.append_child(&render::node(&cx, &js::parse_json(view).unwrap(), "view"))
        .unwrap();
    root
}

/// `d0` … `d{levels}` where each level refers to the next one twice; the last is a Text.
fn doubling_defs(levels: usize) -> Map {
    let mut defs = Map::new();
    for level in 0..levels {
        let next = format!("{{\"$ref\":\"d{}\"}}", level + 1);
        let def = format!("{{\"type\":\"Column\",\"children\":[{next},{next}]}}");
        defs.insert(format!("d{level}").as_str(), js::parse_json(&def).unwrap());
    }
    let leaf = js::parse_json(r#"{"type":"Text","content":"leaf"}"#).unwrap();
    defs.insert(format!("d{levels}").as_str(), leaf);
    defs
}

#[wasm_bindgen_test]
fn doubling_defs_render_an_error_box_instead_of_exponential_work() {
    // 2^40 leaves if expanded; the budget stops it before any of them is built.
    let root = render(doubling_defs(40), r#"{"$ref":"d0"}"#);
    let error = root.query_selector(".pf-error").unwrap().unwrap();
    let text = error.text_content().unwrap();
    assert!(text.contains("$ref \"d0\" expands to more than"), "{text}");
    assert!(!root.text_content().unwrap().contains("leaf"));
}

#[wasm_bindgen_test]
fn shared_defs_within_the_budget_still_render() {
    // 2^10 = 1024 leaves and 2047 expansions: well inside the budget.
    const { assert!(2047 < MAX_REF_EXPANSIONS) };
    let root = render(doubling_defs(10), r#"{"$ref":"d0"}"#);
    assert!(root.query_selector(".pf-error").unwrap().is_none());
    let text = root.text_content().unwrap();
    assert_eq!(text.matches("leaf").count(), 1024);
}

#[wasm_bindgen_test]
fn a_nested_reference_past_the_budget_is_an_error_where_it_is_used() {
    // The view itself is fine; only the inner reference that explodes becomes an error box.
    let root = render(
        doubling_defs(30),
        r#"{"type":"Column","children":[{"type":"Text","content":"kept"},{"$ref":"d1"}]}"#,
    );
    assert!(root.text_content().unwrap().contains("kept"));
    let error = root.query_selector(".pf-error").unwrap().unwrap();
    assert!(error.text_content().unwrap().contains("\"d1\""));
}
