//! The auto renderers on realistic, deterministic data: a sales dashboard and a
//! 10,000-row orders table.
use super::orders::{Order, PRODUCTS, REGIONS, orders};
use prefab::auto::{ChartKind, auto_chart, auto_metrics, auto_table};
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
use serde_json::{Value, json};

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Paid revenue per name of `names`, as `{name, revenue}` rows.
fn revenue_by<'a>(
    paid: &[&'a Order],
    names: impl Iterator<Item = &'a str>,
    key: fn(&Order) -> &str,
) -> Vec<Value> {
    names
        .map(|name| {
            let total: f64 = paid
                .iter()
                .filter(|o| key(o) == name)
                .map(|o| o.amount)
                .sum();
            json!({"name": name, "revenue": round2(total)})
        })
        .collect()
}

/// One quarter's figures, for the metrics' change against the quarter before.
struct Quarter {
    revenue: f64,
    orders: f64,
    paid: f64,
    refunds: f64,
}

impl Quarter {
    /// Orders dated in quarter `q` (1–4; dates are `2025-MM-DD`).
    fn of(orders: &[Order], q: u32) -> Quarter {
        let mut out = Quarter {
            revenue: 0.0,
            orders: 0.0,
            paid: 0.0,
            refunds: 0.0,
        };
        let months = (q - 1) * 3 + 1..=q * 3;
        for o in orders.iter().filter(|o| {
            o.date
                .get(5..7)
                .and_then(|m| m.parse().ok())
                .is_some_and(|m| months.contains(&m))
        }) {
            out.orders += 1.0;
            match o.status {
                "paid" => {
                    out.paid += 1.0;
                    out.revenue += o.amount;
                }
                "refunded" => out.refunds += 1.0,
                _ => {}
            }
        }
        out
    }
}

/// `{label, value, delta, trend, description}`: the change from `before` to `now` in percent.
fn metric(label: &str, value: Value, now: f64, before: f64) -> Value {
    let change = if before == 0.0 {
        0.0
    } else {
        (now / before - 1.0) * 100.0
    };
    let trend = if change >= 0.0 { "up" } else { "down" };
    json!({"label": label, "value": value, "delta": format!("{change:+.1}%"), "trend": trend,
           "description": "Q4 against Q3"})
}

/// The sales dashboard: metrics, revenue by month (line), by region (pie), by product
/// (bar) and the latest orders, all made by the auto renderers from 2,000 orders. Money is
/// formatted by the auto renderers from the column names (`revenue`, `amount`) and, for the
/// average order, the metric's `format`.
#[must_use]
pub fn sales_dashboard() -> ToolResult {
    let orders = orders(2_000);
    let paid: Vec<&Order> = orders.iter().filter(|o| o.status == "paid").collect();
    let revenue: f64 = paid.iter().map(|o| o.amount).sum();
    let by_month: Vec<Value> = (1..=12)
        .map(|m| {
            let month = format!("2025-{m:02}-01");
            let total: f64 = paid
                .iter()
                .filter(|o| o.date.starts_with(&month[..8]))
                .map(|o| o.amount)
                .sum();
            json!({"month": month, "revenue": round2(total)})
        })
        .collect();
    let by_region = revenue_by(&paid, REGIONS.iter().map(|r| r.0), |o| o.region);
    let by_product = revenue_by(&paid, PRODUCTS.iter().map(|p| p.0), |o| o.product);
    let (q3, q4) = (Quarter::of(&orders, 3), Quarter::of(&orders, 4));
    let refunds = orders.iter().filter(|o| o.status == "refunded").count();
    let mut refunds = metric("Refunds", json!(refunds), q4.refunds, q3.refunds);
    refunds["trendSentiment"] = json!(if q4.refunds > q3.refunds {
        "negative"
    } else {
        "positive"
    });
    let mut average = metric(
        "Average order",
        json!(round2(revenue / paid.len().max(1) as f64)),
        q4.revenue / q4.paid.max(1.0),
        q3.revenue / q3.paid.max(1.0),
    );
    average["format"] = json!("currency");
    let metrics = json!([
        metric("Revenue", json!(round2(revenue)), q4.revenue, q3.revenue),
        metric("Orders", json!(orders.len()), q4.orders, q3.orders),
        average,
        refunds,
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
