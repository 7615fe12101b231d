//! Helpers shared by the wire tests: the conformance fixture folder and JSON equality.
#![allow(dead_code, clippy::unwrap_used)]

use serde_json::Value;
use std::path::{Path, PathBuf};

/// `conformance/wire` of the repository (written by `cargo xtask conformance`).
pub fn wire_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/wire");
    assert!(
        dir.is_dir(),
        "conformance fixtures not found at {}",
        dir.display()
    );
    dir
}

/// Every `.json` fixture under the folder, recursively, except `manifest.json`, sorted.
pub fn fixtures() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "json")
                && path.file_name().is_some_and(|n| n != "manifest.json")
            {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&wire_dir(), &mut out);
    out.sort();
    assert!(!out.is_empty(), "no fixtures found");
    out
}

/// Fixtures that must be rejected, with the reason (`conformance/README.md`): the
/// authoring helpers prefab-ui 0.21.1 still serializes on their own, and the legacy type
/// it no longer has.
pub const EXPECTED_FAILURES: &[(&str, &str)] = &[
    (
        "components/If.json",
        "authoring-only helper; on the wire it is compiled into Condition",
    ),
    (
        "components/Elif.json",
        "authoring-only helper; on the wire it is compiled into Condition",
    ),
    (
        "components/Else.json",
        "authoring-only helper; on the wire it is compiled into Condition",
    ),
    (
        "legacy/State.json",
        "State component was removed upstream (e8e7766); prefab-ui 0.21.1 has no such class",
    ),
];

/// The fixture's path relative to the wire folder, with `/` separators.
pub fn rel(path: &Path) -> String {
    let rel = path.strip_prefix(wire_dir()).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

pub fn expected_failure(path: &Path) -> Option<&'static str> {
    let rel = rel(path);
    EXPECTED_FAILURES
        .iter()
        .find(|(name, _)| *name == rel)
        .map(|(_, why)| *why)
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// JSON equality of the conformance rule: key order ignored, numbers compared by value,
/// presence preserved. Returns the path of the first difference.
pub fn json_diff(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.as_f64() != y.as_f64()).then(|| format!("{path}: {x} != {y}"))
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(format!("{path}: array length {} != {}", x.len(), y.len()));
            }
            x.iter()
                .zip(y)
                .enumerate()
                .find_map(|(i, (p, q))| json_diff(p, q, &format!("{path}[{i}]")))
        }
        (Value::Object(x), Value::Object(y)) => {
            if let Some(k) = x.keys().find(|k| !y.contains_key(*k)) {
                return Some(format!("{path}.{k}: missing on the right"));
            }
            if let Some(k) = y.keys().find(|k| !x.contains_key(*k)) {
                return Some(format!("{path}.{k}: missing on the left"));
            }
            x.iter()
                .find_map(|(k, v)| json_diff(v, &y[k], &format!("{path}.{k}")))
        }
        _ => (a != b).then(|| format!("{path}: {a} != {b}")),
    }
}
