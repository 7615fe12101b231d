//! The rows of the display benchmark: 10,000 orders of a 6-field struct, the same rows
//! the TypeScript port and prefab-ui are timed on (`benches/compare-display/`).
use serde::{Deserialize, Serialize};

/// One row: six fields of the kinds a database row has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Integer id.
    pub order_id: u64,
    /// Short text.
    pub customer: String,
    /// Longer text.
    pub email: String,
    /// Float.
    pub amount: f64,
    /// Boolean.
    pub paid: bool,
    /// ISO date.
    pub created_at: String,
}

/// `n` deterministic rows.
///
/// ```
/// let rows = prefab_benches::display_rows::orders(3);
/// assert_eq!(rows[2].order_id, 1002);
/// ```
#[must_use]
pub fn orders(n: usize) -> Vec<Order> {
    const NAMES: [&str; 5] = [
        "Ada Lovelace",
        "Grace Hopper",
        "Alan Turing",
        "Edsger Dijkstra",
        "Barbara Liskov",
    ];
    (0..n)
        .map(|i| Order {
            order_id: 1000 + i as u64,
            customer: NAMES[i % NAMES.len()].to_string(),
            email: format!("customer{i}@example.com"),
            amount: ((i * 37) % 500) as f64 + 0.99,
            paid: i % 3 != 0,
            created_at: format!("2024-{:02}-{:02}", i % 12 + 1, i % 28 + 1),
        })
        .collect()
}

/// The measured operation: build the table, wrap it in a tool result, serialize to bytes.
///
/// ```
/// let bytes = prefab_benches::display_rows::display_table(&prefab_benches::display_rows::orders(2));
/// assert!(bytes.starts_with(b"{\"content\""));
/// ```
#[must_use]
pub fn display_table(rows: &[Order]) -> Vec<u8> {
    match prefab::auto::auto_table(&rows) {
        Ok(table) => serde_json::to_vec(&prefab::display::display(table)).unwrap_or_default(),
        Err(_) => Vec::new(),
    }
}
