//! Every fixture under `conformance/wire/` parses into the typed model and
//! re-serializes to an equal JSON value; the directory is enumerated, so new fixtures are
//! covered without code changes.
#![allow(clippy::unwrap_used)]

mod wire_support;

use prefab::{Action, Component, Document};
use serde_json::Value;
use wire_support::*;

#[test]
fn every_fixture_round_trips_through_the_typed_model() {
    let mut failures = Vec::new();
    let mut passed = 0;
    for path in fixtures() {
        let text = read(&path);
        let original: Value = serde_json::from_str(&text).unwrap();
        let result = Document::from_json(&text)
            .map_err(|e| e.to_string())
            .and_then(|doc| doc.to_value().map_err(|e| e.to_string()))
            .and_then(|back| json_diff(&original, &back, "").map_or(Ok(()), Err));
        match (result, expected_failure(&path)) {
            (Ok(()), None) => passed += 1,
            (Ok(()), Some(why)) => failures.push(format!(
                "{}: listed as an expected failure ({why}) but now round-trips; remove it",
                rel(&path)
            )),
            (Err(e), None) => failures.push(format!("{}: {e}", rel(&path))),
            (Err(_), Some(_)) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // 111 components (all but If/Elif/Else), 16 actions, 12 documents, legacy InlineCode.
    assert!(passed >= 140, "only {passed} fixtures round-tripped");
    eprintln!(
        "{passed} fixtures round-tripped, {} rejected as expected",
        EXPECTED_FAILURES.len()
    );
}

#[test]
fn stale_fixtures_fail_loudly_naming_the_unknown_type() {
    for (name, _) in EXPECTED_FAILURES {
        let text = read(&wire_dir().join(name));
        let err = Document::from_json(&text).unwrap_err().to_string();
        assert!(err.contains("unknown component type"), "{name}: {err}");
    }
}

#[test]
fn every_valid_fixture_validates_without_errors() {
    for path in fixtures().iter().filter(|p| expected_failure(p).is_none()) {
        let report = prefab::validate_str(&read(path));
        assert!(
            report.errors.is_empty(),
            "{}: {:?}",
            rel(path),
            report.errors
        );
    }
}

#[test]
fn the_manifest_types_are_all_known_and_have_round_tripping_fixtures() {
    let manifest: Value = serde_json::from_str(&read(&wire_dir().join("manifest.json"))).unwrap();
    for name in manifest["components"].as_array().unwrap() {
        let name = name.as_str().unwrap();
        assert!(Component::TYPES.contains(&name), "component {name} unknown");
        let fixture = wire_dir().join("components").join(format!("{name}.json"));
        let doc = Document::from_json(&read(&fixture)).unwrap();
        match doc {
            Document::Node(node) => {
                assert_eq!(node.component().map(Component::type_name), Some(name));
            }
            other => panic!("{name}: parsed as {other:?}"),
        }
    }
    for tag in manifest["actions"].as_array().unwrap() {
        let tag = tag.as_str().unwrap();
        assert!(Action::TAGS.contains(&tag), "action {tag} unknown");
        let fixture = wire_dir().join("actions").join(format!("{tag}.json"));
        let Document::Actions(actions) = Document::from_json(&read(&fixture)).unwrap() else {
            panic!("{tag}: not parsed as an action");
        };
        assert_eq!(actions.iter().map(Action::tag).collect::<Vec<_>>(), [tag]);
    }
}

#[test]
fn plain_serde_and_validated_parsing_agree() {
    for path in fixtures()
        .iter()
        .filter(|p| rel(p).starts_with("documents/"))
    {
        let text = read(path);
        let via_serde: prefab::App = serde_json::from_str(&text).unwrap();
        let via_validation = prefab::App::from_json(&text).unwrap();
        assert_eq!(via_serde, via_validation, "{}", rel(path));
    }
    // Unknown props survive both paths.
    let text = r#"{"label": "x", "colour": "red"}"#;
    let button: prefab::Button = serde_json::from_str(text).unwrap();
    assert_eq!(button.extra["colour"], "red");
}
