//! `prefab::a2ui` on the A2UI controls, both ways: a control's label is a Label in a Field,
//! checks show their messages while they fail, a DateTimeInput with a time is the browser's
//! date-time input, and a Slider shows its value, as the official Lit renderer draws them.
#![cfg(feature = "a2ui")]
#![allow(clippy::unwrap_used)]

mod a2ui_support;

use a2ui_support::{envelope, surface};
use prefab::a2ui::{self, DiagnosticKind, Options};
use serde_json::{Value, json};

#[test]
fn a_control_label_is_a_label_in_a_field() {
    // Read: the label becomes a `Label` tied to the control by its id.
    let messages = [json!({"messages": [
        {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}},
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Column", "children": ["name", "c2"]},
            {"id": "name", "component": "TextField", "label": "Event Name", "value": {"path": "/name"}},
            {"id": "c2", "component": "TextField", "label": "", "value": {"path": "/other"}}]}}]})];
    let out = a2ui::to_prefab(&messages);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let kids = &out.envelope["view"]["children"][0]["children"];
    assert_eq!(
        kids[0],
        json!({"type": "Field", "children": [
            {"type": "Label", "text": "Event Name", "forId": "name"},
            {"type": "Input", "id": "name", "name": "name"}]})
    );
    // An empty label is none.
    assert_eq!(kids[1], json!({"type": "Input", "name": "other"}));

    // Written: a placeholder with no Field label becomes the label, reported, since it reads
    // back as a Label; a placeholder beside a Field label is dropped, reported.
    let doc = envelope(json!({"type": "Column", "children": [
        {"type": "Input", "name": "q", "placeholder": "Search"},
        {"type": "Field", "children": [{"type": "Label", "text": "Due"},
            {"type": "DatePicker", "name": "due", "placeholder": "Pick a day"}]}]}));
    let out = a2ui::from_prefab(&doc, &Options::default());
    let components: Vec<&Value> = out
        .messages
        .iter()
        .filter_map(|m| m["updateComponents"]["components"].as_array())
        .flatten()
        .collect();
    let label = |kind: &str| {
        let c = components.iter().find(|c| c["component"] == kind).unwrap();
        c["label"].clone()
    };
    assert_eq!(label("TextField"), json!("Search"));
    assert_eq!(label("DateTimeInput"), json!("Due"));
    let paths: Vec<&str> = out.diagnostics.iter().map(|d| d.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "view.children[0].children[0].placeholder",
            "view.children[0].children[1].children[1].placeholder"
        ]
    );
    assert!(
        out.diagnostics
            .iter()
            .all(|d| d.kind == DiagnosticKind::Degraded)
    );
}

#[test]
fn check_messages_show_while_their_check_fails() {
    let path = |p: &str| json!({"path": p});
    let call = |name: &str, args: Value| json!({"call": name, "args": args});
    let messages = surface(json!([
        {"id": "root", "component": "Column", "children": ["email", "code"]},
        {"id": "email", "component": "TextField", "label": "Email", "value": path("/email"), "checks": [
            {"condition": call("required", json!({"value": path("/email")})), "message": "Email is required"},
            {"condition": call("email", json!({"value": path("/email")})), "message": "Not an email"}]},
        {"id": "code", "component": "TextField", "value": path("/code"), "checks": [
            {"condition": call("required", json!({"value": path("/code")})), "message": "Required"},
            {"condition": call("length", json!({"value": path("/code"), "min": 5, "max": 5})), "message": "Five long"},
            {"condition": call("regex", json!({"value": path("/code"), "pattern": "^[0-9]*$"})), "message": "Digits"},
            {"condition": call("regex", json!({"value": path("/code"), "pattern": "it's"})), "message": "Quoted"},
            {"condition": call("not", json!({"value": call("required", json!({"value": path("/code")}))})), "message": "Not"}]}]));
    let out = a2ui::to_prefab(&messages);
    // A pattern with a quote has no prefab string, and `not` no expression: reported, their
    // messages not shown.
    let lost: Vec<(&str, DiagnosticKind)> = (out.diagnostics.iter())
        .map(|d| (d.path.as_str(), d.kind))
        .collect();
    let at = "messages[1].updateComponents.components[2].checks";
    let (quoted, not) = (format!("{at}[3]"), format!("{at}[4]"));
    assert_eq!(
        lost,
        [
            (&*quoted, DiagnosticKind::Expression),
            (&*not, DiagnosticKind::Expression)
        ]
    );
    let kids = &out.envelope["view"]["children"][0]["children"];
    // Each control is in a Field: its label, itself (`required` set), its messages.
    let field = |i: usize| kids[i]["children"].as_array().unwrap().clone();
    let email = field(0);
    assert_eq!(
        email[0],
        json!({"type": "Label", "text": "Email", "forId": "email"})
    );
    assert_eq!(
        email[1],
        json!({"type": "Input", "id": "email", "name": "email", "required": true})
    );
    // prefab's own `required` message (`Required`) shows nothing; it reads back as `required`.
    let code = field(1);
    assert_eq!(
        code[0],
        json!({"type": "Input", "id": "code", "name": "code", "required": true})
    );
    assert_eq!(code.len(), 3);

    // Which messages show, by state: a message shows when its case's `when` holds.
    let shown = |field: &[Value], state: Value| -> Vec<String> {
        let scope = prefab::expr::Value::from(state);
        (field.iter())
            .filter(|n| n["type"] == "Condition")
            .filter(|n| {
                let when = n["cases"][0]["when"].as_str().unwrap();
                prefab::expr::evaluate_condition(when, &scope, &Default::default())
            })
            .map(|n| {
                n["cases"][0]["children"][0]["content"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect()
    };
    assert_eq!(
        shown(&email, json!({})),
        ["Email is required", "Not an email"]
    );
    assert_eq!(shown(&email, json!({"email": "ada@"})), ["Not an email"]);
    assert!(shown(&email, json!({"email": "ada@example.org"})).is_empty());
    assert_eq!(shown(&code, json!({"code": "1234"})), ["Five long"]);
    assert_eq!(shown(&code, json!({"code": "1234a"})), ["Digits"]);
    assert_eq!(
        shown(&code, json!({"code": "123456a"})),
        ["Five long", "Digits"]
    );
    assert!(shown(&code, json!({"code": "12345"})).is_empty());
}

#[test]
fn a_date_time_input_with_a_time_is_the_browsers_input() {
    let input = |date: Value, time: Value| {
        let mut c = json!({"id": "root", "component": "DateTimeInput", "value": {"path": "/at"}});
        for (k, v) in [("enableDate", date), ("enableTime", time)] {
            if !v.is_null() {
                c[k] = v;
            }
        }
        let out = a2ui::to_prefab(&surface(json!([c])));
        (
            out.envelope["view"]["children"][0].clone(),
            out.diagnostics.len(),
        )
    };
    assert_eq!(
        input(json!(true), json!(true)),
        (
            json!({"type": "Input", "inputType": "datetime-local", "name": "at"}),
            0
        )
    );
    assert_eq!(
        input(json!(false), json!(true)),
        (
            json!({"type": "Input", "inputType": "time", "name": "at"}),
            0
        )
    );
    assert_eq!(
        input(json!(true), Value::Null),
        (json!({"type": "DatePicker", "name": "at"}), 0)
    );
    // No `enableDate`: the last row (a DatePicker), reported, and the time it drops too.
    assert_eq!(
        input(Value::Null, json!(true)),
        (json!({"type": "DatePicker", "name": "at"}), 2)
    );
}

#[test]
fn a_slider_shows_its_value_as_a2ui_draws_it() {
    // Read: the value follows the Slider, as its state or its literal.
    let messages = surface(json!([
        {"id": "root", "component": "Column", "children": ["c2", "c3"]},
        {"id": "c2", "component": "Slider", "label": "Volume", "value": {"path": "/volume"}},
        {"id": "c3", "component": "Slider", "value": 0.45, "max": 1}]));
    let out = a2ui::to_prefab(&messages);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let kids = &out.envelope["view"]["children"][0]["children"];
    assert_eq!(
        kids[0],
        json!({"type": "Field", "children": [{"type": "Label", "text": "Volume"},
            {"type": "Slider", "name": "volume"}, {"type": "Muted", "content": "{{ volume }}"}]})
    );
    assert_eq!(
        kids[1],
        json!({"type": "Field", "children": [{"type": "Slider", "value": 0.45, "max": 1},
            {"type": "Muted", "content": "0.45"}]})
    );
    // Written: a Slider alone, or with its Label, is an A2UI Slider (which draws its value);
    // a text that is not its value keeps the Field a Column.
    let write = |view: Value| {
        let out = a2ui::from_prefab(&envelope(view), &Options::default());
        let components: Vec<Value> = (out.messages.iter())
            .filter_map(|m| m["updateComponents"]["components"].as_array())
            .flatten()
            .map(|c| c["component"].clone())
            .collect();
        components
    };
    assert_eq!(
        write(json!({"type": "Slider", "name": "volume"})),
        [json!("Slider")]
    );
    assert_eq!(
        write(
            json!({"type": "Field", "children": [{"type": "Label", "text": "Volume"},
            {"type": "Slider", "name": "volume"}]})
        ),
        [json!("Slider")]
    );
    assert_eq!(
        write(
            json!({"type": "Field", "children": [{"type": "Slider", "name": "volume"},
            {"type": "Muted", "content": "{{ other }}"}]})
        ),
        [json!("Column"), json!("Slider"), json!("Text")]
    );
}
