//! `prefab::schema::wire_schema()` is a valid JSON Schema that every shared fixture
//! validates against, and it rejects what validation rejects.
#![allow(clippy::unwrap_used)]

mod wire_support;

use serde_json::{Value, json};
use wire_support::*;

fn validator() -> jsonschema::Validator {
    let schema = prefab::schema::wire_schema();
    jsonschema::draft202012::meta::validate(&schema).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

#[test]
fn every_valid_fixture_validates_against_the_schema() {
    let validator = validator();
    let mut failures = Vec::new();
    for path in fixtures().iter().filter(|p| expected_failure(p).is_none()) {
        let doc: Value = serde_json::from_str(&read(path)).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&doc)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .take(3)
            .collect();
        if !errors.is_empty() {
            failures.push(format!("{}: {}", rel(path), errors.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_schema_rejects_invalid_documents() {
    let validator = validator();
    let invalid = [
        json!({"type": "Buttn", "label": "x"}),
        json!({"type": "Button", "label": 5}),
        json!({"type": "Button"}),
        json!({"type": "Button", "label": "x", "onClick": {"action": "setStat"}}),
        json!({"type": "Column", "children": [7]}),
        json!({"$prefab": {"version": "0.3"}, "view": {"type": "Text", "content": true}}),
    ];
    for doc in invalid {
        assert!(!validator.is_valid(&doc), "schema accepted {doc}");
    }
}

#[test]
fn the_schema_names_every_component_and_action() {
    let schema = prefab::schema::wire_schema();
    let text = schema.to_string();
    for name in prefab::Component::TYPES {
        assert!(
            text.contains(&format!("\"const\":\"{name}\"")),
            "{name} missing"
        );
    }
    for tag in prefab::Action::TAGS {
        assert!(
            text.contains(&format!("\"const\":\"{tag}\"")),
            "{tag} missing"
        );
    }
}

#[test]
fn closed_enum_props_accept_their_values_and_templates_only() {
    let validator = validator();
    let button = |size: &str| json!({"type": "Button", "label": "x", "size": size});
    assert!(validator.is_valid(&button("sm")));
    assert!(validator.is_valid(&button("{{ size }}")));
    assert!(!validator.is_valid(&button("huge")));
}
