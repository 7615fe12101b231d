//! The renderer's tree of each document, drawn natively: reads a JSON array of
//! `{"name", "envelope"}` on stdin and prints `{name: tree}` on stdout, a tree being
//! `[tag, {attributes sorted by name}, ...children]` with text nodes as their text (white
//! space collapsed, empty ones left out). `prefab-renderer/tests/equivalence.mjs` draws the
//! same documents in Chromium and compares.
use prefab_renderer::dom::{Node, arena};
use serde_json::{Map, Value, json};
use std::io::Read;

pub fn tree(node: &Node) -> Option<Value> {
    match node.node_type() {
        3 => {
            let text = node.data().split_whitespace().collect::<Vec<_>>().join(" ");
            (!text.is_empty()).then_some(Value::String(text))
        }
        1 => {
            let mut attrs: Vec<(String, String)> = node.attributes();
            attrs.sort();
            let attrs: Map<String, Value> = attrs
                .into_iter()
                .map(|(k, v)| (k, Value::String(v)))
                .collect();
            let mut out = vec![json!(node.local_name()), Value::Object(attrs)];
            out.extend(node.child_list().iter().filter_map(tree));
            Some(Value::Array(out))
        }
        _ => None,
    }
}

/// The JSON array on stdin; exits with a message when there is none.
pub fn read_stdin_array(what: &str) -> Vec<Value> {
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        eprintln!("stdin is not UTF-8 text");
        std::process::exit(2);
    }
    serde_json::from_str(&input).unwrap_or_else(|e| {
        eprintln!("stdin is not a JSON array of {what}: {e}");
        std::process::exit(2);
    })
}

fn main() {
    let mut out = Map::new();
    for doc in read_stdin_array("documents") {
        let name = doc["name"].as_str().unwrap_or_default().to_string();
        let envelope = prefab::expr::Value::from(&doc["envelope"]);
        let (root, app) = prefab_renderer::headless::install(false);
        app.mount(&envelope);
        // What a browser runs before its second frame: microtasks and 0 ms timers.
        arena::clock::advance(0.0);
        out.insert(name, tree(&root).unwrap_or(Value::Null));
    }
    println!("{}", Value::Object(out));
}
