//! `auto_chart` output as the renderer's chart test renders it: the committed fixture
//! `prefab-renderer/tests/fixtures/charts-auto.json` must equal what `auto_chart` emits for
//! the data below (run with `PREFAB_UPDATE_FIXTURES=1` to rewrite it after a change).
#![allow(clippy::unwrap_used)]
use prefab::auto::{ChartKind, auto_chart};
use serde_json::{Value, json};

const FIXTURE: &str = "../prefab-renderer/tests/fixtures/charts-auto.json";

fn envelope() -> Value {
    let monthly = json!([
        {"month": "2024-01-01", "revenue": 120, "cost": -30},
        {"month": "2024-02-01", "revenue": 180, "cost": 40},
        {"month": "2024-03-01", "revenue": 90, "cost": 55}
    ]);
    let shares = json!([{"browser": "Firefox", "share": 0.2}, {"browser": "Chrome", "share": 0.7}]);
    let regions = json!([{"region": "North", "sales": 10}, {"region": "South", "sales": -4}]);
    let points = json!([{"x": 1, "y": 2.5}, {"x": 2, "y": -1}, {"x": 3, "y": 4}]);
    let charts = [
        auto_chart(&monthly, None),
        auto_chart(&shares, None),
        auto_chart(&regions, None),
        auto_chart(&points, None),
        auto_chart(&monthly, Some(ChartKind::Area)),
    ];
    let children: Vec<Value> = charts
        .into_iter()
        .map(|c| serde_json::to_value(c.unwrap()).unwrap())
        .collect();
    json!({"$prefab": {"version": "0.3"}, "view": {"type": "Column", "children": children}})
}

#[test]
fn committed_fixture_is_auto_chart_output() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let expected = serde_json::to_string_pretty(&envelope()).unwrap() + "\n";
    if std::env::var_os("PREFAB_UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, expected,
        "run with PREFAB_UPDATE_FIXTURES=1 to rewrite {FIXTURE}"
    );
}
