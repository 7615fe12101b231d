//! The gallery's sales dashboard draws believable data: every product, region and month
//! with varied, plausible values, and money formatted by the auto renderers.
#![allow(clippy::unwrap_used)]

use examples::gallery::{orders, sales_dashboard};
use prefab::expr::{Env, Value as ExprValue};
use serde_json::Value;

/// Every node of `view` whose `type` is `ty`, in document order.
fn nodes<'a>(view: &'a Value, ty: &str, out: &mut Vec<&'a Value>) {
    match view {
        Value::Object(map) => {
            if map.get("type").and_then(Value::as_str) == Some(ty) {
                out.push(view);
            }
            map.values().for_each(|v| nodes(v, ty, out));
        }
        Value::Array(items) => items.iter().for_each(|v| nodes(v, ty, out)),
        _ => {}
    }
}

fn first<'a>(view: &'a Value, ty: &str) -> &'a Value {
    let mut found = Vec::new();
    nodes(view, ty, &mut found);
    found
        .first()
        .copied()
        .unwrap_or_else(|| panic!("no {ty} in the dashboard"))
}

/// A `{{ … }}` template evaluated as the renderer does (no state).
fn shown(template: &str) -> String {
    let inner = template
        .trim()
        .strip_prefix("{{")
        .unwrap()
        .strip_suffix("}}")
        .unwrap();
    let empty = ExprValue::object::<&str>([]);
    prefab::expr::evaluate(inner, &empty, &Env::default())
        .unwrap()
        .to_string()
}

/// The values of `key` in a chart's `data`, by the `name_key` of each row.
fn series(chart: &Value, name_key: &str, key: &str) -> Vec<(String, f64)> {
    chart["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row[name_key].as_str().unwrap().to_owned(),
                row[key].as_f64().unwrap(),
            )
        })
        .collect()
}

/// Varied and plausible: all positive, no two equal, the largest at most `spread` times the
/// smallest, and not a see-saw (fewer direction changes than points less two).
fn assert_varied(what: &str, values: &[(String, f64)], spread: f64) {
    let v: Vec<f64> = values.iter().map(|(_, v)| *v).collect();
    assert!(v.iter().all(|x| *x > 0.0), "{what}: {values:?}");
    let (lo, hi) = v
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), x| (lo.min(*x), hi.max(*x)));
    assert!(hi / lo <= spread, "{what}: {lo}..{hi}");
    for (i, a) in v.iter().enumerate() {
        assert!(
            v[i + 1..].iter().all(|b| (a - b).abs() > 1.0),
            "{what}: equal values {v:?}"
        );
    }
    let _ = what;
}

#[test]
fn the_dashboard_shows_every_month_region_and_product_with_believable_values() {
    let result = sales_dashboard();
    let envelope = result.structured_content.unwrap();
    let view = &envelope["view"];

    let line = first(view, "LineChart");
    let months = series(line, "month", "revenue");
    let names: Vec<String> = (1..=12).map(|m| format!("2025-{m:02}-01")).collect();
    assert_eq!(
        months.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>(),
        names
    );
    assert_varied("revenue by month", &months, 4.0);
    // A trend with a seasonal peak, not a zig-zag: the direction changes a few times only.
    let turns = months
        .windows(3)
        .filter(|w| (w[1].1 - w[0].1).signum() != (w[2].1 - w[1].1).signum())
        .count();
    assert!(turns <= 6, "revenue by month zig-zags: {months:?}");
    let (h1, h2): (f64, f64) = (
        months[..6].iter().map(|m| m.1).sum(),
        months[6..].iter().map(|m| m.1).sum(),
    );
    assert!(h2 > h1, "the second half sells more: {h1} {h2}");

    let pie = first(view, "PieChart");
    let regions = series(pie, "name", "revenue");
    let region_names: Vec<&str> = regions.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(
        region_names,
        ["North America", "Europe", "Asia Pacific", "Latin America"]
    );
    assert_varied("revenue by region", &regions, 8.0);

    let bar = first(view, "BarChart");
    let products = series(bar, "name", "revenue");
    let product_names: Vec<&str> = products.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        product_names,
        ["Starter", "Team", "Business", "Enterprise", "Support"]
    );
    assert_varied("revenue by product", &products, 200.0);

    // Every product, region and month among the orders themselves, and each status.
    let all = orders(2_000);
    for p in product_names {
        assert!(all.iter().filter(|o| o.product == p).count() > 50, "{p}");
    }
    for r in region_names {
        assert!(all.iter().filter(|o| o.region == r).count() > 100, "{r}");
    }
    for m in 1..=12 {
        let prefix = format!("2025-{m:02}-");
        assert!(
            all.iter().filter(|o| o.date.starts_with(&prefix)).count() > 100,
            "{prefix}"
        );
    }
    for s in ["paid", "pending", "refunded"] {
        assert!(all.iter().any(|o| o.status == s), "{s}");
    }

    // Money: the Revenue metric reads like money and adds up to the months' revenue.
    let mut metrics = Vec::new();
    nodes(view, "Metric", &mut metrics);
    let metric = |label: &str| *metrics.iter().find(|m| m["label"] == label).unwrap();
    let revenue = shown(metric("Revenue")["value"].as_str().unwrap());
    let dollars = |s: &str| {
        s.strip_prefix('$')
            .unwrap()
            .replace(',', "")
            .parse::<f64>()
            .unwrap()
    };
    assert!(
        revenue.starts_with('$') && revenue.contains(','),
        "{revenue}"
    );
    let total: f64 = months.iter().map(|m| m.1).sum();
    assert!(
        (dollars(&revenue) - total).abs() < 1.0,
        "{revenue} vs {total}"
    );
    let average = shown(metric("Average order")["value"].as_str().unwrap());
    assert!((100.0..10_000.0).contains(&dollars(&average)), "{average}");
    assert_eq!(shown(metric("Orders")["value"].as_str().unwrap()), "2,000");
    for m in &metrics {
        assert!(m["delta"].as_str().unwrap().ends_with('%'), "{m}");
    }
    // Charts of money are formatted; the orders table shows amounts as currency.
    for chart in [line, pie, bar] {
        assert_eq!(chart["valueFormat"], "compact", "{}", chart["type"]);
    }
    let table = first(view, "DataTable");
    let amount = table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == "amount")
        .unwrap();
    assert_eq!(amount["format"], "currency");
}
