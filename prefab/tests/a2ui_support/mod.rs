//! Shared by the A2UI tests: the vendored A2UI v0.9 schemas and examples
//! (`tests/data/a2ui/v0.9`) and v1.0 schemas (`tests/data/a2ui/v1.0`; see each PROVENANCE.md),
//! and validators for messages.
#![allow(dead_code, clippy::unwrap_used)]

use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// `prefab/tests/data/a2ui/v0.9` (this file is also included by other crates' tests).
pub fn data_dir() -> PathBuf {
    version_dir("v0.9")
}

/// `prefab/tests/data/a2ui/<version>` (`v0.9`, `v1.0`; each has its PROVENANCE.md).
pub fn version_dir(version: &str) -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let own = here.join("tests/data/a2ui").join(version);
    if own.is_dir() {
        own
    } else {
        here.join("../prefab/tests/data/a2ui").join(version)
    }
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every official example (basic and minimal catalog) as `(catalog/file, messages)`.
pub fn examples() -> Vec<(String, Vec<Value>)> {
    let mut out = Vec::new();
    for catalog in ["basic", "minimal"] {
        let dir = data_dir().join("examples").join(catalog);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            let doc = read_json(&file);
            let messages = doc["messages"].as_array().cloned().unwrap();
            let name = format!("{catalog}/{}", file.file_name().unwrap().to_string_lossy());
            out.push((name, messages));
        }
    }
    assert!(
        out.len() >= 43,
        "expected the 36 basic and 7 minimal examples, found {}",
        out.len()
    );
    out
}

/// Resolves the schemas' references (`catalog.json`, `common_types.json`, absolute
/// `https://a2ui.org/specification/<v>/…` ids) to the vendored files of one version; nothing
/// is fetched.
struct Vendored {
    /// `v0_9` / `v1_0`, as the ids spell the version.
    id_version: &'static str,
    dir: PathBuf,
}

impl jsonschema::Retrieve for Vendored {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let path = uri.path().as_str();
        let file = path.rsplit('/').next().unwrap_or_default();
        let local = self.dir.join(file);
        let prefix = format!("/specification/{}/", self.id_version);
        if local.is_file() && path.starts_with(&prefix) {
            Ok(read_json(&local))
        } else {
            Err(format!("not vendored: {uri}").into())
        }
    }
}

/// The validator of one server-to-client message (`server_to_client.json`, basic catalog).
pub fn validator() -> jsonschema::Validator {
    build("v0.9", "server_to_client.json")
}

/// The validator of one A2UI v1.0 agent-to-renderer message (`agent_to_renderer.json` of the
/// draft v1.0 specification, basic catalog; `tests/data/a2ui/v1.0`).
pub fn validator_v1_0() -> jsonschema::Validator {
    build("v1.0", "agent_to_renderer.json")
}

/// The validator of `schema`, a file of `tests/data/a2ui/<version>`.
fn build(version: &str, schema: &str) -> jsonschema::Validator {
    let dir = version_dir(version);
    let root = read_json(&dir.join(schema));
    let id_version = if version == "v0.9" { "v0_9" } else { "v1_0" };
    jsonschema::options()
        .with_retriever(Vendored { id_version, dir })
        .build(&root)
        .unwrap()
}

/// Every schema error of every message, with the message's index.
pub fn schema_errors(validator: &jsonschema::Validator, messages: &[Value]) -> Vec<String> {
    let mut errors = Vec::new();
    for (i, message) in messages.iter().enumerate() {
        for error in validator.iter_errors(message) {
            errors.push(format!("messages[{i}]{}: {error}", error.instance_path()));
        }
    }
    errors
}

/// A prefab envelope around `view` (inside the root `Div`), with a little state.
pub fn envelope(view: Value) -> Value {
    json!({"$prefab": {"version": "0.3"}, "view": {"type": "Div", "cssClass": "pf-app-root", "children": [view]},
           "state": {"users": [{"name": "Ada"}], "count": 2}})
}

/// The components of a one-surface batch around `components` (the first is the root).
pub fn surface(components: Value) -> [Value; 1] {
    [json!({"messages": [
        {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}},
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": components}}]})]
}
