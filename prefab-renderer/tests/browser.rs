//! Store, bindings and actions in a real browser (headless Chromium through
//! wasm-bindgen-test-runner and chromedriver):
//! `cargo test -p prefab-renderer --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use prefab::expr::{Map, Scope, Value};
use prefab_renderer::actions;
use prefab_renderer::js;
use prefab_renderer::store::{Owner, Store};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::{Mounted, json, mount};

#[wasm_bindgen_test]
fn an_effect_reruns_only_for_the_keys_it_read() {
    let store = Store::new();
    store.set("a", Value::from(1));
    store.set("b", Value::from(2));
    let owner = Owner::root(&store);
    let runs = Rc::new(Cell::new(0));
    let (s, r) = (store.clone(), runs.clone());
    owner.effect(move || {
        let _ = s.lookup("a");
        r.set(r.get() + 1);
    });
    store.set("b", Value::from(3));
    assert_eq!(runs.get(), 1);
    store.set("a", Value::from(5));
    assert_eq!(runs.get(), 2);
    owner.dispose();
    store.set("a", Value::from(6));
    assert_eq!(runs.get(), 2, "a disposed effect never runs");
    assert_eq!(store.effect_count(), 0);
}

#[wasm_bindgen_test]
fn nested_paths_update_immutably_and_notify_the_root_key() {
    let store = Store::new();
    store.set("user", json(r#"{"name": "Ada", "tags": ["x", "y"]}"#));
    let before = store.peek("user").unwrap();
    store.set_path("user.tags.1", Value::from("z")).unwrap();
    assert_eq!(store.peek_path("user.tags.1"), Some(Value::from("z")));
    // The old value is untouched (immutable update).
    assert_eq!(
        prefab_renderer::store::get_path(
            &{
                let mut m = Map::new();
                m.insert("u", before);
                m
            },
            "u.tags.1"
        ),
        Some(Value::from("y"))
    );
    assert!(store.set_path("user.tags.9", Value::Null).is_err());
    assert!(store.set_path("missing.x", Value::Null).is_err());
}

#[wasm_bindgen_test]
fn text_bindings_update_in_place() {
    let m = mount(
        r#"{"name": "Ada", "n": 1}"#,
        r#"{"type": "Column", "children": [
            {"type": "Text", "id": "t", "content": "Hello {{ name }}"},
            {"type": "Text", "id": "static", "content": "static"}]}"#,
    );
    let text_el = m.el("#t");
    assert_eq!(m.text("#t"), "Hello Ada");
    m.store.set("name", Value::from("Grace"));
    assert_eq!(m.text("#t"), "Hello Grace");
    assert!(m.el("#t") == text_el, "the element is patched, not rebuilt");
}

#[wasm_bindgen_test]
fn an_input_is_two_way_bound_and_never_replaced() {
    let m = mount(
        r#"{"name": "Ada"}"#,
        r#"{"type": "Div", "children": [
            {"type": "Input", "name": "name", "id": "in"},
            {"type": "Text", "id": "out", "content": "{{ name }}!"}]}"#,
    );
    let input: HtmlInputElement = m.el("#in").dyn_into().unwrap();
    assert_eq!(input.value(), "Ada");
    // Typing: the element's value changes, then an input event fires.
    input.set_value("Adam");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    assert_eq!(m.store.peek("name"), Some(Value::from("Adam")));
    assert_eq!(m.text("#out"), "Adam!");
    // State → element.
    m.store.set("name", Value::from("Eve"));
    assert_eq!(input.value(), "Eve");
    let same: HtmlInputElement = m.el("#in").dyn_into().unwrap();
    assert!(same == input);
}

#[wasm_bindgen_test]
fn condition_switches_branches_and_disposes_the_old_one() {
    let m = mount(
        r#"{"on": true, "label": "x"}"#,
        r#"{"type": "Condition", "cases": [{"when": "{{ on }}", "children": [{"type": "Text", "id": "yes", "content": "{{ label }}"}]}],
            "else": [{"type": "Text", "id": "no", "content": "off"}]}"#,
    );
    assert_eq!(m.text("#yes"), "x");
    let effects_on = m.store.effect_count();
    m.store.set("on", Value::Bool(false));
    assert!(m.root.query_selector("#yes").unwrap().is_none());
    assert_eq!(m.text("#no"), "off");
    assert!(
        m.store.effect_count() < effects_on,
        "the branch's label binding was dropped"
    );
    // Changing a key only the old branch read does not rebuild anything.
    let no = m.el("#no");
    m.store.set("label", Value::from("y"));
    assert!(m.el("#no") == no);
}

#[wasm_bindgen_test]
fn for_each_keeps_unchanged_rows() {
    let m = mount(
        r#"{"items": [{"id": 1, "t": "a"}, {"id": 2, "t": "b"}]}"#,
        r#"{"type": "ForEach", "key": "items", "children": [{"type": "Text", "cssClass": "row", "content": "{{ $index }}={{ $item.t }}"}]}"#,
    );
    let rows = m.root.query_selector_all(".row").unwrap();
    assert_eq!(rows.length(), 2);
    let first = rows.item(0).unwrap();
    m.store.set(
        "items",
        json(r#"[{"id": 1, "t": "a"}, {"id": 2, "t": "b"}, {"id": 3, "t": "c"}]"#),
    );
    let rows = m.root.query_selector_all(".row").unwrap();
    assert_eq!(rows.length(), 3);
    assert!(
        rows.item(0).unwrap() == first,
        "an unchanged row keeps its DOM"
    );
    assert_eq!(rows.item(2).unwrap().text_content().unwrap(), "2=c");
}

#[wasm_bindgen_test]
fn for_each_rebuilds_shifted_rows_in_order_and_drops_removed_ones() {
    let m = mount(
        r#"{"items": [{"id": 1, "t": "a"}, {"id": 2, "t": "b"}, {"id": 3, "t": "c"}], "x": "!"}"#,
        r#"{"type": "ForEach", "key": "items", "children": [{"type": "Text", "cssClass": "row", "content": "{{ $index }}={{ $item.t }}{{ x }}"}]}"#,
    );
    let rows = |m: &Mounted| -> Vec<String> {
        let list = m.root.query_selector_all(".row").unwrap();
        (0..list.length())
            .map(|i| list.item(i).unwrap().text_content().unwrap())
            .collect()
    };
    let empty_effects = {
        let probe = mount(
            r#"{"items": []}"#,
            r#"{"type": "ForEach", "key": "items", "children": []}"#,
        );
        probe.store.effect_count()
    };
    let with_three = m.store.effect_count();
    let first = m.el(".row");
    // The middle item goes: the first row stays, the third is rebuilt at index 1.
    m.store.set(
        "items",
        json(r#"[{"id": 1, "t": "a"}, {"id": 3, "t": "c"}]"#),
    );
    assert_eq!(rows(&m), ["0=a!", "1=c!"]);
    assert!(
        m.el(".row") == first,
        "the unchanged first row keeps its DOM"
    );
    assert!(
        m.store.effect_count() < with_three,
        "the dropped row's bindings went"
    );
    // Reordered: both rows change index, so both are rebuilt, in the new order.
    m.store.set(
        "items",
        json(r#"[{"id": 3, "t": "c"}, {"id": 1, "t": "a"}]"#),
    );
    assert_eq!(rows(&m), ["0=c!", "1=a!"]);
    // The rebuilt rows' bindings are live.
    m.store.set("x", Value::from("?"));
    assert_eq!(rows(&m), ["0=c?", "1=a?"]);
    // An empty list leaves no row and no row binding.
    m.store.set("items", json("[]"));
    assert!(rows(&m).is_empty());
    assert_eq!(m.store.effect_count(), empty_effects);
}

#[wasm_bindgen_test]
fn let_bindings_are_reactive() {
    let m = mount(
        r#"{"a": 2, "b": 3}"#,
        r#"{"type": "Div", "let": {"sum": "{{ a + b }}"}, "children": [{"type": "Text", "id": "s", "content": "{{ sum }}"}]}"#,
    );
    assert_eq!(m.text("#s"), "5");
    m.store.set("a", Value::from(10));
    assert_eq!(m.text("#s"), "13");
}

#[wasm_bindgen_test]
fn state_actions_chain_with_result_and_error() {
    let m = mount(r#"{"n": 1, "items": []}"#, r#"{"type": "Div"}"#);
    let cx = m.cx();
    actions::run(
        &cx,
        &json(
            r#"[{"action": "setState", "key": "n", "value": "{{ n + 1 }}",
                 "onSuccess": {"action": "setState", "key": "seen", "value": "{{ $result }}"}},
                {"action": "appendState", "key": "items", "value": "x"},
                {"action": "appendState", "key": "items", "value": "y", "index": 0},
                {"action": "toggleState", "key": "flag"},
                {"action": "popState", "key": "items", "index": -1}]"#,
        ),
        Value::Undefined,
    );
    assert_eq!(m.store.peek("n"), Some(Value::from(2)));
    assert_eq!(m.store.peek("seen"), Some(Value::from(2)));
    assert_eq!(m.store.peek("items"), Some(json(r#"["y"]"#)));
    assert_eq!(m.store.peek("flag"), Some(Value::Bool(true)));

    actions::run(
        &cx,
        &json(
            r#"[{"action": "popState", "key": "items", "index": 5,
                 "onError": {"action": "setState", "key": "err", "value": "{{ $error }}"}},
                {"action": "setState", "key": "not_reached", "value": 1}]"#,
        ),
        Value::Undefined,
    );
    assert!(
        m.store
            .peek("err")
            .and_then(|v| v.as_str().map(|s| s.contains("out of range")))
            .unwrap()
    );
    assert_eq!(
        m.store.peek("not_reached"),
        None,
        "a failure stops the list"
    );
}

#[wasm_bindgen_test]
fn event_values_reach_actions() {
    let m = mount(r#"{}"#, r#"{"type": "Div"}"#);
    actions::run(
        &m.cx(),
        &json(r#"{"action": "setState", "key": "got", "value": "{{ $event }}"}"#),
        Value::from("typed"),
    );
    assert_eq!(m.store.peek("got"), Some(Value::from("typed")));
}

#[wasm_bindgen_test]
fn values_round_trip_through_javascript() {
    let v = json(r#"{"a": [1, "two", null, true, {"b": 2.5}], "first_name": "x"}"#);
    assert_eq!(js::to_value(&js::to_js(&v)), v);
    assert_eq!(
        js::stringify(&v),
        r#"{"a":[1,"two",null,true,{"b":2.5}],"first_name":"x"}"#
    );
}

#[wasm_bindgen_test]
fn urls_are_normalised_before_the_scheme_check() {
    use prefab_renderer::url::safe_link;
    assert_eq!(
        safe_link("https://example.com"),
        Some("https://example.com/".into())
    );
    assert_eq!(
        safe_link("mailto:a@example.com"),
        Some("mailto:a@example.com".into())
    );
    for evil in [
        "javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:x",
        " JAVASCRIPT:x",
        "data:text/html,x",
        "/relative",
    ] {
        assert_eq!(safe_link(evil), None, "{evil:?}");
    }
}
