//! Property test: on arbitrary component-shaped JSON, validation never panics, a document
//! that validates always parses into the typed model, and the typed model re-serializes to a
//! document that validates and parses to the same value.
#![allow(clippy::unwrap_used)]

use prefab::{Action, Component, Document, validate};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Prop names that occur on many types, in wire spelling.
const KEYS: &[&str] = &[
    "label", "content", "children", "variant", "size", "name", "value", "disabled", "onClick",
    "cssClass", "rows", "columns", "data", "series", "key", "cases", "else", "when", "src", "min",
    "max", "height", "onChange", "let", "title", "mode", "index", "message", "url",
];

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-3i64..300).prop_map(Value::from),
        (-3.0f64..3.0).prop_map(Value::from),
        prop_oneof![
            Just("default"),
            Just("sm"),
            Just("{{ x }}"),
            Just("a.b"),
            Just("")
        ]
        .prop_map(Value::from),
    ]
}

/// JSON biased toward nodes and actions: objects often carry a real `type` or `action`.
fn doc() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(5, 48, 6, |inner| {
        let entries = prop::collection::vec((prop::sample::select(KEYS), inner.clone()), 0..5);
        prop_oneof![
            prop::collection::vec(inner, 0..4).prop_map(Value::Array),
            (prop::sample::select(Component::TYPES), entries.clone()).prop_map(|(ty, kv)| {
                let mut m: Map<String, Value> =
                    kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
                m.insert("type".into(), ty.into());
                Value::Object(m)
            }),
            (prop::sample::select(Action::TAGS), entries.clone()).prop_map(|(tag, kv)| {
                let mut m: Map<String, Value> =
                    kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
                m.insert("action".into(), tag.into());
                Value::Object(m)
            }),
            entries.prop_map(|kv| Value::Object(
                kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
            )),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn valid_documents_always_parse_and_round_trip(node in doc()) {
        let candidates = [
            node.clone(),
            json!({"$prefab": {"version": "0.3"}, "view": node.clone()}),
            json!({"$prefab": {"version": "0.2"}, "defs": {"d": node.clone()},
                   "keyBindings": {"Escape": node.clone()}, "state": node.clone(),
                   "tools": [{"name": "t", "actions": node, "result": {}}]}),
        ];
        for candidate in candidates {
            let report = validate(&candidate);
            let parsed = Document::from_value(candidate.clone());
            prop_assert_eq!(report.is_valid(), parsed.is_ok(), "{} {:?}", candidate, report);
            if let Ok(doc) = parsed {
                let back = doc.to_value().unwrap();
                prop_assert!(validate(&back).is_valid(), "{}", back);
                prop_assert_eq!(Document::from_value(back).unwrap(), doc);
            }
        }
    }
}
