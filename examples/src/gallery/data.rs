//! The auto renderers on realistic, deterministic data: a sales dashboard and a
//! 10,000-row orders table.
use prefab::auto::{ChartKind, auto_chart, auto_metrics, auto_table};
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
use serde::Serialize;
use serde_json::{Value, json};

const CUSTOMERS: [&str; 10] = [
    "Acme Corp",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Stark Industries",
    "Wayne Enterprises",
    "Wonka Industries",
    "Soylent",
    "Tyrell",
];
const REGIONS: [&str; 4] = ["North America", "Europe", "Asia Pacific", "Latin America"];
const PRODUCTS: [&str; 5] = ["Starter", "Team", "Business", "Enterprise", "Support"];
const STATUSES: [&str; 4] = ["paid", "paid", "pending", "refunded"];

/// One order of the generated sales data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Order {
    /// Order number.
    pub id: u32,
    /// Date, `2025-MM-DD`.
    pub date: String,
    /// Customer name.
    pub customer: &'static str,
    /// Sales region.
    pub region: &'static str,
    /// Product line.
    pub product: &'static str,
    /// Amount in dollars (whole cents).
    pub amount: f64,
    /// `paid`, `pending` or `refunded`.
    pub status: &'static str,
}

/// `count` deterministic orders spread over 2025.
///
/// ```
/// let orders = examples::gallery::orders(3);
/// assert_eq!(orders[0].id, 10001);
/// assert!(orders[2].date.starts_with("2025-"));
/// ```
#[must_use]
pub fn orders(count: u32) -> Vec<Order> {
    (0..count)
        .map(|i| {
            let n = i as usize;
            // A small linear congruential sequence: varied but reproducible amounts.
            let r = (u64::from(i) * 1_103_515_245 + 12_345) % 100_000;
            let cents = 4_900 + r * 7 % 250_000;
            Order {
                id: 10_001 + i,
                date: format!("2025-{:02}-{:02}", n % 12 + 1, n % 28 + 1),
                customer: CUSTOMERS[n * 7 % CUSTOMERS.len()],
                region: REGIONS[n * 3 % REGIONS.len()],
                product: PRODUCTS[n * 5 % PRODUCTS.len()],
                amount: cents as f64 / 100.0,
                status: STATUSES[n * 11 % STATUSES.len()],
            }
        })
        .collect()
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The sales dashboard: metrics, revenue by month (line), by region (pie), by product
/// (bar) and the latest orders, all made by the auto renderers from 2,000 orders.
#[must_use]
pub fn sales_dashboard() -> ToolResult {
    let orders = orders(2_000);
    let paid: Vec<&Order> = orders.iter().filter(|o| o.status == "paid").collect();
    let revenue: f64 = paid.iter().map(|o| o.amount).sum();
    let sum_by = |key: &dyn Fn(&Order) -> String, names: Vec<String>, label: &str| -> Value {
        Value::Array(
            names
                .iter()
                .map(|name| {
                    let total: f64 = paid
                        .iter()
                        .filter(|o| key(o) == *name)
                        .map(|o| o.amount)
                        .sum();
                    json!({"name": name, label: round2(total)})
                })
                .collect(),
        )
    };
    let months: Vec<String> = (1..=12).map(|m| format!("2025-{m:02}-01")).collect();
    let by_month: Vec<Value> = months
        .iter()
        .map(|month| {
            let prefix = &month[..8];
            let total: f64 = paid
                .iter()
                .filter(|o| o.date.starts_with(prefix))
                .map(|o| o.amount)
                .sum();
            let count = orders.iter().filter(|o| o.date.starts_with(prefix)).count();
            json!({"month": month, "revenue": round2(total), "orders": count})
        })
        .collect();
    let by_region = sum_by(
        &|o| o.region.to_owned(),
        REGIONS.map(str::to_owned).to_vec(),
        "revenue",
    );
    let by_product = sum_by(
        &|o| o.product.to_owned(),
        PRODUCTS.map(str::to_owned).to_vec(),
        "revenue",
    );
    let metrics = json!([
        {"label": "Revenue", "value": round2(revenue), "delta": "+12.4%", "trend": "up"},
        {"label": "Orders", "value": orders.len(), "delta": "+8.1%", "trend": "up"},
        {"label": "Average order", "value": round2(revenue / paid.len().max(1) as f64), "delta": "+3.9%", "trend": "up"},
        {"label": "Refunds", "value": orders.iter().filter(|o| o.status == "refunded").count(), "delta": "-2.0%", "trend": "down"},
    ]);
    let latest: Vec<&Order> = orders.iter().rev().take(8).collect();
    let parts = (|| -> Result<Value, prefab::auto::AutoError> {
        Ok(json!({"type": "Column", "cssClass": "gap-6", "children": [
            {"type": "H2", "content": "Sales 2025"},
            prefab::Node::from(auto_metrics(&metrics)?),
            {"type": "Grid", "cssClass": "grid-cols-2 gap-4", "children": [
                {"type": "Card", "children": [{"type": "CardHeader", "children": [{"type": "CardTitle", "content": "Revenue by month"}]},
                    {"type": "CardContent", "children": [auto_chart(&by_month, Some(ChartKind::Line))?]}]},
                {"type": "Card", "children": [{"type": "CardHeader", "children": [{"type": "CardTitle", "content": "Revenue by region"}]},
                    {"type": "CardContent", "children": [auto_chart(&by_region, Some(ChartKind::Pie))?]}]},
            ]},
            {"type": "Card", "children": [{"type": "CardHeader", "children": [{"type": "CardTitle", "content": "Revenue by product"}]},
                {"type": "CardContent", "children": [auto_chart(&by_product, Some(ChartKind::Bar))?]}]},
            {"type": "H3", "content": "Latest orders"},
            prefab::Node::from(auto_table(&latest)?),
        ]}))
    })();
    match parts {
        Ok(view) => display_with(
            view,
            &DisplayOptions::new().title(format!("Sales 2025: {} orders", orders.len())),
        ),
        Err(e) => display_error(format!("cannot build the dashboard: {e}")),
    }
}

/// The 10,000-row orders table (`auto_table`: search, sortable columns, pages).
#[must_use]
pub fn big_table() -> ToolResult {
    let orders = orders(10_000);
    match auto_table(&orders) {
        Ok(table) => display_with(table, &DisplayOptions::new().title("10,000 orders")),
        Err(e) => display_error(format!("cannot build the table: {e}")),
    }
}
