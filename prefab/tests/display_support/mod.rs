//! Realistic test data shared by the display, auto and forms tests.
#![allow(dead_code, clippy::unwrap_used)]
use serde::Serialize;
use serde_json::{Value, json};

/// A six-field database row (the shape the benchmark uses too).
#[derive(Debug, Clone, Serialize)]
pub struct Order {
    pub order_id: u64,
    pub customer: String,
    pub email: String,
    pub amount: f64,
    pub paid: bool,
    pub created_at: String,
}

pub fn orders(n: usize) -> Vec<Order> {
    let names = [
        "Ada Lovelace",
        "Grace Hopper",
        "Alan Turing",
        "Edsger Dijkstra",
        "Barbara Liskov",
    ];
    (0..n)
        .map(|i| Order {
            order_id: 1000 + i as u64,
            customer: names[i % names.len()].to_string(),
            email: format!("customer{i}@example.com"),
            amount: ((i * 37) % 500) as f64 + 0.99,
            paid: i % 3 != 0,
            created_at: format!("2024-{:02}-{:02}", i % 12 + 1, i % 28 + 1),
        })
        .collect()
}

/// Rows with mixed types and nulls in the same columns.
pub fn messy_rows() -> Value {
    json!([
        {"id": 1, "name": "Widget", "price": 9.5, "tags": ["a", "b"], "discontinued": null, "meta": {"sku": "W-1"}},
        {"id": 2, "name": null, "price": "n/a", "tags": [], "discontinued": true},
        {"id": 3, "name": "Gadget", "price": 12, "extra_note": "only here", "discontinued": false}
    ])
}

/// A monthly revenue series.
pub fn monthly() -> Value {
    json!([
        {"month": "2024-01-01", "revenue": 1200.5, "costs": 800},
        {"month": "2024-02-01", "revenue": 1350, "costs": 820.25},
        {"month": "2024-03-01", "revenue": 990, "costs": 1010}
    ])
}

/// Reads a file of the repository's `conformance/` folder.
pub fn conformance(path: &str) -> Value {
    let full = format!("{}/../conformance/{path}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&full).unwrap()).unwrap()
}

/// The text item of a tool result.
pub fn text(result: &prefab::display::ToolResult) -> &str {
    let prefab::display::Content::Text { text } = &result.content[0];
    text
}

/// A produced tree as JSON, after checking it with the wire model's validation (wrapped in
/// an app, as `display()` would send it).
pub fn json(node: impl Into<prefab::Node>) -> Value {
    let node = node.into();
    let app = prefab::App::new(node.clone()).to_value();
    let report = prefab::validate(&app);
    assert!(
        report.is_valid(),
        "invalid tree: {:?}\n{app:#}",
        report.errors
    );
    serde_json::to_value(&node).unwrap()
}
