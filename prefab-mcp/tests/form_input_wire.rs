//! The form a `FormInput` shows is on prefab-ui 0.21.1's wire, so it renders in prefab-ui's
//! renderer as in ours. The point of care is `Input.step`: prefab-ui types it
//! `float | None` and its renderer refuses an `Input` whose `step` is anything else (such
//! as HTML's `"any"`). A number field without `multipleOf` has no `step` (our renderer then
//! takes any number), `multipleOf` is the step, an integer field steps by 1 or by its whole
//! `multipleOf`.
#![allow(clippy::unwrap_used)]

use prefab_mcp::FormInput;
use rmcp::model::CallToolResponse;
use serde_json::{Value, json};

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code, reason = "only the schema and the shown form are read")]
struct Order {
    #[schemars(range(min = 0.01))]
    amount: f64,
    #[schemars(extend("exclusiveMinimum" = 0))]
    tip: f64,
    #[schemars(extend("multipleOf" = 0.25))]
    hours: f64,
    seats: u8,
    #[schemars(extend("multipleOf" = 5))]
    boxes: i32,
    #[schemars(extend("multipleOf" = 0.5))]
    halves: i64,
    discount: Option<f64>,
    note: String,
}

/// The envelope (`structuredContent`) of the form `FormInput<Order>` shows for `arguments`.
fn shown(arguments: Value) -> Value {
    let Err(CallToolResponse::Complete(result)) =
        FormInput::<Order>::new("save_order", arguments).parse()
    else {
        panic!("the form is not shown");
    };
    let result = serde_json::to_value(result).unwrap();
    result["structuredContent"].clone()
}

/// Every `Input` node under `node`.
fn inputs<'a>(node: &'a Value, out: &mut Vec<&'a Value>) {
    match node {
        Value::Object(map) => {
            if map.get("type").and_then(Value::as_str) == Some("Input") {
                out.push(node);
            }
            map.values().for_each(|v| inputs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| inputs(v, out)),
        _ => {}
    }
}

/// The `step` of each `Input`, by name; each absent or a number (prefab-ui's `float | None`).
fn steps(envelope: &Value) -> Vec<(String, Option<f64>)> {
    let mut found = Vec::new();
    inputs(envelope, &mut found);
    assert!(!found.is_empty(), "no Input in {envelope}");
    found
        .into_iter()
        .map(|input| {
            let name = input["name"].as_str().unwrap().to_string();
            let step = input.get("step").map(|s| {
                s.as_f64().unwrap_or_else(|| {
                    panic!(
                        "{name}: step {s} is not a number (prefab-ui's Input.step is float | None)"
                    )
                })
            });
            (name, step)
        })
        .collect()
}

#[test]
fn every_step_of_a_form_input_is_a_number_as_prefab_ui_types_it() {
    let expected = [
        ("amount", None),
        ("tip", None),
        ("hours", Some(0.25)),
        ("seats", Some(1.0)),
        ("boxes", Some(5.0)),
        ("halves", Some(1.0)),
        ("discount", None),
    ];
    // Empty, then shown again with a problem and the values given.
    let bad = json!({"amount": "42.5", "tip": "0", "hours": "1.5", "seats": "300"});
    for arguments in [json!({}), bad] {
        let envelope = shown(arguments);
        let steps = steps(&envelope);
        for (name, step) in expected {
            let got = steps.iter().find(|(n, _)| n == name).map(|(_, s)| *s);
            assert_eq!(got, Some(step), "{name}: {steps:?}");
        }
        let report = prefab::validate(&envelope);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
    }
}

#[test]
fn the_wire_model_refuses_a_step_prefab_ui_would_refuse() {
    // The check above could not fail if `prefab::validate` took any `step`.
    let envelope = json!({
        "$prefab": {"version": "0.3"},
        "view": {"type": "Input", "name": "amount", "inputType": "number", "step": "any"}
    });
    let report = prefab::validate(&envelope);
    let text: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert!(text.iter().any(|e| e.contains("view.step")), "{text:?}");
}
