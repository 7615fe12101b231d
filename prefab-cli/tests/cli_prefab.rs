//! The `prefab` binary: `validate`, `roundtrip` and `schema` on files and stdin.
#![allow(clippy::unwrap_used)]

#[path = "../../prefab/tests/wire_support/mod.rs"]
mod wire_support;

mod cli_support;
use cli_support::prefab_stdin;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use wire_support::*;

fn prefab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Writes `content` to a fresh file under the target directory and returns its path.
fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_prefab");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

#[test]
fn validate_accepts_every_valid_fixture() {
    for path in fixtures().iter().filter(|p| expected_failure(p).is_none()) {
        let out = prefab(&["validate", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}: {}", rel(path), text(&out));
    }
}

fn rejects(name: &str, doc: &str, expected: &str) {
    let file = temp_file(name, doc);
    let out = prefab(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{name}: {}", text(&out));
    assert!(
        text(&out).contains(expected),
        "{name}: expected {expected:?} in\n{}",
        text(&out)
    );
}

fn app(view: Value) -> String {
    json!({"$prefab": {"version": "0.3"}, "view": view}).to_string()
}

#[test]
fn validate_rejects_each_bad_case_with_its_path() {
    rejects(
        "unknown-type.json",
        &app(json!({"type": "Column", "children": [{"type": "Buttn", "label": "x"}]})),
        r#"view.children[0]: unknown component type "Buttn" (did you mean "Button"?)"#,
    );
    rejects(
        "wrong-type.json",
        &app(json!({"type": "Button", "label": "x", "disabled": 3})),
        "view.disabled: expected a boolean, got number 3",
    );
    rejects(
        "missing-required.json",
        &app(json!({"type": "Column", "children": [{"type": "Image"}]})),
        r#"view.children[0]: missing required prop "src" on Image"#,
    );
    rejects(
        "unknown-action.json",
        &app(json!({"type": "Button", "label": "x", "onClick": {"action": "launch"}})),
        r#"view.onClick: unknown action "launch""#,
    );
    rejects(
        "non-object.json",
        &app(json!({"type": "Row", "children": [42]})),
        "view.children[0]: expected a component object, got number 42",
    );
}

#[test]
fn validate_rejects_a_100000_deep_nesting_without_crashing() {
    let depth = 100_000;
    let doc = format!(
        "{}{}{}",
        r#"{"type": "Column", "children": ["#.repeat(depth),
        r#"{"type": "Text", "content": "x"}"#,
        "]}".repeat(depth)
    );
    rejects("deep.json", &doc, "children[0].children[0].children[0]");
    rejects("deep2.json", &doc, "nesting deeper than");
}

#[test]
fn validate_reads_stdin_and_reports_invalid_json() {
    let out = prefab_stdin(&["validate", "-"], r#"{"type": "Text", "content": "hi"}"#);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let out = prefab_stdin(&["validate", "-"], "{not json");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("invalid JSON"), "{}", text(&out));
}

#[test]
fn roundtrip_prints_json_equal_to_the_input() {
    for path in fixtures().iter().filter(|p| expected_failure(p).is_none()) {
        let out = prefab(&["roundtrip", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}: {}", rel(path), text(&out));
        let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
        let original: Value = serde_json::from_str(&read(path)).unwrap();
        assert_eq!(json_diff(&original, &printed, ""), None, "{}", rel(path));
    }
}

#[test]
fn roundtrip_fails_on_unknown_types() {
    let out = prefab_stdin(&["roundtrip", "-"], r#"{"type": "Buttn", "label": "x"}"#);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).contains("unknown component type \"Buttn\""),
        "{}",
        text(&out)
    );
}

#[test]
fn schema_prints_a_json_schema() {
    let out = prefab(&["schema"]);
    assert_eq!(out.status.code(), Some(0));
    let schema: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(schema, prefab::schema::wire_schema());
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}

#[test]
fn the_shipped_example_validates() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/apps/hello.json");
    let out = prefab(&["validate", example.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(prefab(&["validate"]).status.code(), Some(2));
    assert_eq!(
        prefab(&["validate", "/nonexistent/file.json"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(prefab(&["schema", "extra"]).status.code(), Some(2));
}

#[test]
fn every_command_has_help_and_the_binary_a_version() {
    for command in [
        "validate",
        "roundtrip",
        "schema",
        "eval",
        "export",
        "fallback",
        "serve",
    ] {
        let out = prefab(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", text(&out));
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.contains(&format!("Usage: prefab {command}")),
            "{command}: {help}"
        );
    }
    let out = prefab(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("prefab {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_bad_flag_is_named_in_the_error() {
    let out = prefab(&["eval", "1", "--stat", "{}"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).contains("unexpected argument '--stat'"),
        "{}",
        text(&out)
    );
    let out = prefab(&["serve", "--port", "http"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("--port"), "{}", text(&out));
    let out = prefab(&["eval", "1", "--time-zone", "Mars/Base"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("--time-zone"), "{}", text(&out));
}

#[test]
fn validate_warns_about_unknown_pipes_and_still_succeeds() {
    let doc = r#"{"type": "Text", "content": "{{ name | uper }}"}"#;
    let out = prefab_stdin(&["validate", "-"], doc);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let printed = text(&out);
    assert!(
        printed.contains(r#"warning: content: unknown pipe "uper""#)
            && printed.contains(r#"(did you mean "upper"?)"#),
        "{printed}"
    );
    // Problems inside a node of unknown type are errors too, each with its path.
    let doc = r#"{"type": "Txt", "children": [{"type": "Badge", "label": 5}]}"#;
    let out = prefab_stdin(&["validate", "-"], doc);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("error: children[0].label: expected a string"),
        "{}",
        text(&out)
    );
}
