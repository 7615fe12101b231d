//! `prefab eval`: single expressions, and `--cases` run over the whole expressions vector
//! file (its entries have the `{"expr", "state"}` shape the command reads).
#![allow(clippy::unwrap_used)]

#[path = "../../prefab/tests/conformance/mod.rs"]
mod conformance;

use serde_json::Value as Json;
use std::path::PathBuf;
use std::process::Command;

fn prefab(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn evaluates_one_expression() {
    let (ok, out, _) = prefab(&[
        "eval",
        "price * qty | currency",
        "--state",
        r#"{"price": 2.5, "qty": 3}"#,
    ]);
    assert!(ok);
    assert_eq!(out.trim(), r#""$7.50""#);
    let (ok, out, _) = prefab(&["eval", "missing"]);
    assert!(ok);
    assert_eq!(out.trim(), "undefined");
    let (ok, out, _) = prefab(&[
        "eval",
        "--template",
        "{{ n }} items",
        "--state",
        r#"{"n": 2}"#,
    ]);
    assert!(ok);
    assert_eq!(out.trim(), r#""2 items""#);
    let (ok, _, err) = prefab(&["eval", "(a + b"]);
    assert!(!ok);
    assert!(err.contains(r#"expected ')' at 6 in "(a + b""#), "{err}");
}

#[test]
fn cases_file_reproduces_the_expression_vectors() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conformance/expressions.json");
    let (ok, out, err) = prefab(&["eval", "--cases", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let results: Vec<Json> = serde_json::from_str(&out).unwrap();
    let vectors: Vec<Json> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(results.len(), vectors.len());
    let mut checked = 0;
    for (case, got) in vectors.iter().zip(&results) {
        let id = case["id"].as_str().unwrap();
        if conformance::SKIPPED.iter().any(|(s, _)| *s == id) {
            continue;
        }
        let flag = |k: &str| case.get(k).and_then(Json::as_bool) == Some(true);
        let ok = if flag("throws") {
            got.get("error").is_some()
        } else if flag("expectedUndefined") {
            got.get("undefined") == Some(&Json::Bool(true))
        } else if let Some(special) = case.get("expectedNumber").and_then(Json::as_str) {
            match special {
                "-0" => got.get("value").and_then(Json::as_f64) == Some(0.0),
                s => got.get("number").and_then(Json::as_str) == Some(s),
            }
        } else {
            let v = conformance::to_value(&got["value"]);
            conformance::matches_json(&v, &case["expected"])
        };
        assert!(ok, "{id}: got {got}");
        checked += 1;
    }
    assert!(checked > 780);
}
