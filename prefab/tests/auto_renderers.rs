//! Each auto renderer on realistic data: empty input, one row, mixed types, nulls and
//! 10,000 rows; assertions on the produced tree.
#![allow(clippy::unwrap_used)]
mod display_support;

use display_support::{json, messy_rows, monthly, orders};
use prefab::auto::{
    ChartKind, auto_chart, auto_comparison, auto_detail, auto_metrics, auto_progress, auto_table,
    auto_timeline,
};
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn keys(table: &Value) -> Vec<&str> {
    table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect()
}

fn column<'a>(table: &'a Value, key: &str) -> &'a Value {
    table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == key)
        .unwrap()
}

#[test]
fn table_of_structs_keeps_field_order_and_data_keys() {
    let table = json(auto_table(&orders(3)).unwrap());
    assert_eq!(table["type"], "DataTable");
    assert_eq!(
        keys(&table),
        [
            "order_id",
            "customer",
            "email",
            "amount",
            "paid",
            "created_at"
        ]
    );
    assert_eq!(column(&table, "created_at")["header"], "Created at");
    assert_eq!(column(&table, "created_at")["format"], "date");
    assert_eq!(column(&table, "amount")["cellClass"], "text-right");
    // Money (the column's name says so) reads as currency; see `money_and_large_numbers…`.
    assert_eq!(column(&table, "amount")["format"], "currency");
    assert_eq!(column(&table, "order_id")["cellClass"], "text-right");
    assert!(
        column(&table, "order_id").get("format").is_none(),
        "ids are not grouped"
    );
    assert!(
        table["columns"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["sortable"] == true)
    );
    assert_eq!(table["search"], true);
    assert_eq!(table["paginated"], true);
    assert_eq!(
        table["rows"][2]["created_at"], "2024-03-03",
        "data keys are never renamed"
    );
}

#[test]
fn table_edge_cases() {
    let empty = json(auto_table(&Vec::<display_support::Order>::new()).unwrap());
    assert_eq!(empty["columns"], json!([]));
    assert_eq!(empty["rows"], json!([]));
    let single = json(auto_table(&orders(1)[0]).unwrap());
    assert_eq!(
        single["rows"].as_array().unwrap().len(),
        1,
        "one struct is one row"
    );
    let messy = json(auto_table(&messy_rows()).unwrap());
    assert_eq!(
        keys(&messy),
        ["id", "name", "price", "discontinued", "extra_note"],
        "nested columns left out"
    );
    assert!(
        column(&messy, "price").get("cellClass").is_none(),
        "mixed text/number is text"
    );
    assert_eq!(messy["rows"][1]["name"], Value::Null);
    let scalars = json(auto_table(&[3, 1, 2]).unwrap());
    assert_eq!(keys(&scalars), ["value"]);
    let map = BTreeMap::from([("b", 2), ("a", 1)]);
    assert_eq!(keys(&json(auto_table(&map).unwrap())), ["a", "b"]);
}

#[test]
fn table_of_ten_thousand_rows() {
    let table = json(auto_table(&orders(10_000)).unwrap());
    assert_eq!(table["rows"].as_array().unwrap().len(), 10_000);
    assert_eq!(table["rows"][9_999]["order_id"], 10_999);
    assert_eq!(table["pageSize"], 10);
}

#[test]
fn chart_kind_follows_the_data() {
    let line = json(auto_chart(&monthly(), None).unwrap());
    assert_eq!(line["type"], "LineChart");
    assert_eq!(line["xAxis"], "month");
    assert_eq!(
        line["series"],
        json!([{"dataKey": "revenue", "label": "Revenue"}, {"dataKey": "costs", "label": "Costs"}])
    );
    let bar = json(
        auto_chart(
            &json!([{"team": "a", "wins": 3, "losses": 1}, {"team": "b", "wins": 5, "losses": 2}]),
            None,
        )
        .unwrap(),
    );
    assert_eq!(bar["type"], "BarChart");
    let pie = json(
        auto_chart(
            &json!([{"os": "linux", "share": 0.3}, {"os": "mac", "share": 0.7}]),
            None,
        )
        .unwrap(),
    );
    assert_eq!(
        (
            pie["type"].as_str(),
            pie["dataKey"].as_str(),
            pie["nameKey"].as_str()
        ),
        (Some("PieChart"), Some("share"), Some("os"))
    );
    let negative = json(
        auto_chart(
            &json!([{"q": "Q1", "profit": -3}, {"q": "Q2", "profit": 4}]),
            None,
        )
        .unwrap(),
    );
    assert_eq!(negative["type"], "BarChart", "no pie with negative slices");
    let scatter = json(
        auto_chart(
            &json!([{"height": 1.7, "weight": 60}, {"height": 1.8, "weight": 80}]),
            None,
        )
        .unwrap(),
    );
    assert_eq!(
        (
            scatter["type"].as_str(),
            scatter["xAxis"].as_str(),
            scatter["yAxis"].as_str()
        ),
        (Some("ScatterChart"), Some("height"), Some("weight"))
    );
    let wide: Vec<Value> = (1..=3)
        .map(|m| json!({"day": format!("2024-01-0{m}"), "a": 1, "b": 2, "c": 3, "d": 4}))
        .collect();
    let area = json(auto_chart(&wide, None).unwrap());
    assert_eq!(
        (area["type"].as_str(), area["stacked"].as_bool()),
        (Some("AreaChart"), Some(true))
    );
    let forced = json(auto_chart(&monthly(), Some(ChartKind::Bar)).unwrap());
    assert_eq!(forced["type"], "BarChart");
}

#[test]
fn chart_edge_cases() {
    let empty = json(auto_chart(&json!([]), None).unwrap());
    assert_eq!(empty["type"], "BarChart");
    assert_eq!(empty["series"], json!([]));
    let nulls = json(
        auto_chart(
            &json!([{"d": "2024-01-01", "v": null}, {"d": "2024-01-02", "v": 2}]),
            None,
        )
        .unwrap(),
    );
    assert_eq!(nulls["series"][0]["dataKey"], "v");
    let big: Vec<Value> = (0..10_000)
        .map(|i| json!({"t": format!("2024-01-01T00:{:02}:00", i % 60), "v": i}))
        .collect();
    let line = json(auto_chart(&big, None).unwrap());
    assert_eq!(line["type"], "LineChart");
    assert_eq!(line["data"].as_array().unwrap().len(), 10_000);
}

#[test]
fn metrics_from_a_record_or_a_list() {
    let grid = json(
        auto_metrics(
            &json!({"revenue": 1200.5, "active_users": 31, "region": "EU", "tags": ["x"]}),
        )
        .unwrap(),
    );
    assert_eq!(grid["type"], "Grid");
    // One column in a narrow view, three from the `sm` breakpoint (a min-width media query).
    assert_eq!(grid["cssClass"], "grid-cols-1 sm:grid-cols-3 gap-4");
    let css = prefab::style::compile(grid["cssClass"].as_str().unwrap().split(' '));
    let narrow = css.find(".grid-cols-1{").expect("grid-cols-1 compiled");
    let wide = css.find("@media (width >= 40rem)");
    assert!(
        wide.is_some_and(|at| at > narrow),
        "sm:grid-cols-3 in a media query after the base: {css}"
    );
    let metrics = grid["children"].as_array().unwrap();
    assert_eq!(metrics.len(), 3, "nested values skipped");
    assert_eq!(
        metrics[1],
        json!({"label": "Active users", "value": 31, "type": "Metric"})
    );
    let list = json(
        auto_metrics(&json!([{"label": "Churn", "value": 0.03, "delta": -0.01}, {"value": 1}]))
            .unwrap(),
    );
    assert_eq!(
        list["children"].as_array().unwrap().len(),
        1,
        "items without label skipped"
    );
    assert_eq!(list["children"][0]["trend"], "down");
    let empty = json(auto_metrics(&json!({})).unwrap());
    assert_eq!(empty["children"], json!([]));
    let nulls = json(auto_metrics(&json!({"x": null})).unwrap());
    assert_eq!(nulls["children"][0]["value"], "—");
}

#[test]
fn detail_of_a_record() {
    let card = json(auto_detail(&orders(1)[0]).unwrap());
    let rows = card["children"][0]["children"][0]["children"]
        .as_array()
        .unwrap();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[5]["children"][0]["content"], "Created at");
    assert_eq!(rows[4]["children"][1]["content"], "No");
    let nested = json(
        auto_detail(&json!({"user": {"name": "Ada"}, "orders": [{"id": 1}], "note": null}))
            .unwrap(),
    );
    let rows = &nested["children"][0]["children"][0]["children"];
    assert_eq!(rows[0]["children"][0]["content"], "User");
    assert_eq!(rows[1]["children"][1]["type"], "DataTable");
    assert_eq!(rows[2]["children"][1]["content"], "—");
    let empty = json(auto_detail(&json!(null)).unwrap());
    assert_eq!(empty["children"][0]["children"][0]["children"], json!([]));
}

#[test]
fn comparison_of_records() {
    let table = json(auto_comparison(&orders(3)).unwrap());
    // No name/title/label/id key: the first text column (customer) names the records.
    assert_eq!(table["columns"][1]["header"], "Ada Lovelace");
    assert_eq!(table["rows"].as_array().unwrap().len(), 5);
    assert_eq!(table["rows"][0]["field"], "Order ID");
    let mixed =
        json(auto_comparison(&json!([{"name": "A", "x": 1}, {"name": "B", "y": null}])).unwrap());
    assert_eq!(mixed["rows"][0]["item_1"], "—");
    assert_eq!(mixed["rows"][1]["item_1"], "—");
    let empty = json(auto_comparison(&json!([])).unwrap());
    assert_eq!(empty["rows"], json!([]));
    let many = json(auto_comparison(&orders(10_000)).unwrap());
    assert_eq!(many["columns"].as_array().unwrap().len(), 10_001);
}

#[test]
fn progress_bars() {
    let bars = json(
        auto_progress(
            &json!([{"label": "Disk", "value": 40, "max": 50}, {"name": "CPU", "value": 99}]),
        )
        .unwrap(),
    );
    let first = &bars["children"][0]["children"];
    assert_eq!(first[0]["children"][1]["content"], "80%");
    assert_eq!(first[1]["max"], 50.0);
    assert_eq!(bars["children"][1]["children"][1]["max"], 100.0);
    let done = json(auto_progress(&json!({"a": 1.0})).unwrap());
    assert_eq!(done["children"][0]["children"][1]["variant"], "success");
    let skipped = json(auto_progress(&json!({"a": null, "b": "x"})).unwrap());
    assert_eq!(skipped["children"], json!([]));
}

#[test]
fn timeline_of_events() {
    let events = json!([
        {"id": 7, "at": "2024-01-15T10:00:00Z", "event": "Deployed", "message": "v2"},
        {"id": 8, "at": "2024-01-16T09:30:00Z", "event": "Rolled back", "message": null}
    ]);
    let timeline = json(auto_timeline(&events).unwrap());
    let first = &timeline["children"][0]["children"];
    assert_eq!(first[0]["label"], "2024-01-15T10:00:00Z");
    assert_eq!(first[1]["children"][0]["content"], "Deployed");
    assert_eq!(first[1]["children"][1]["content"], "v2");
    assert_eq!(
        timeline["children"][1]["children"][1]["children"]
            .as_array()
            .unwrap()
            .len(),
        1,
        "null description left out"
    );
    let empty = json(auto_timeline(&json!([])).unwrap());
    assert_eq!(empty["children"], json!([]));
    let big: Vec<Value> = (0..10_000)
        .map(|i| json!({"date": "2024-01-01", "title": format!("e{i}")}))
        .collect();
    assert_eq!(
        json(auto_timeline(&big).unwrap())["children"]
            .as_array()
            .unwrap()
            .len(),
        10_000
    );
}

/// Records every renderer understands: a label, a value, a date, a title and a description.
fn records(n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| {
            json!({
                "label": format!("item {i}"),
                "value": (i % 100) as f64 / 100.0,
                "date": format!("2024-01-{:02}", i % 28 + 1),
                "title": format!("Event {i}"),
                "description": if i % 2 == 0 { Value::Null } else { json!("odd") },
            })
        })
        .collect()
}

/// Every renderer × empty / one / mixed / nulls / 10,000 records: a valid tree whose size
/// follows the input.
#[test]
fn every_renderer_scales_with_its_input() {
    let mixed = json!([
        {"label": "a", "value": 1, "date": "2024-01-01", "title": "x", "description": "d"},
        {"label": 2, "value": "n/a", "date": null, "title": true, "description": ["l"]}
    ]);
    let nulls =
        json!([{"label": null, "value": null, "date": null, "title": null, "description": null}]);
    let inputs = [
        ("empty", json!([]), 0),
        ("one", Value::Array(records(1)), 1),
        ("mixed", mixed, 2),
        ("nulls", nulls, 1),
        ("10k", Value::Array(records(10_000)), 10_000),
    ];
    for (what, input, n) in inputs {
        let len = |v: &Value| v.as_array().map_or(0, Vec::len);
        let table = json(auto_table(&input).unwrap());
        assert_eq!(len(&table["rows"]), n, "table {what}");
        let chart = json(auto_chart(&input, None).unwrap());
        assert_eq!(len(&chart["data"]), n, "chart {what}");
        let comparison = json(auto_comparison(&input).unwrap());
        assert_eq!(len(&comparison["columns"]), n + 1, "comparison {what}");
        let timeline = json(auto_timeline(&input).unwrap());
        assert_eq!(len(&timeline["children"]), n, "timeline {what}");
        let metrics = json(auto_metrics(&input).unwrap());
        let labelled = input
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r["label"].is_null())
            .count();
        assert_eq!(len(&metrics["children"]), labelled, "metrics {what}");
        let progress = json(auto_progress(&input).unwrap());
        let numeric = input
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r["label"].is_null() && r["value"].is_number())
            .count();
        assert_eq!(len(&progress["children"]), numeric, "progress {what}");
        let detail = json(auto_detail(&json!({"records": input})).unwrap());
        assert_eq!(detail["type"], "Card", "detail {what}");
    }
}

/// The pipe the renderer applies to a metric's value: the `{{ n | pipe }}` template, evaluated.
fn metric_text(metric: &Value) -> String {
    let value = &metric["value"];
    let Some(template) = value.as_str() else {
        return value.to_string();
    };
    let inner = template
        .strip_prefix("{{")
        .and_then(|t| t.strip_suffix("}}"))
        .unwrap();
    let scope = prefab::expr::Value::object::<&str>([]);
    prefab::expr::evaluate(inner, &scope, &prefab::expr::Env::default())
        .unwrap()
        .to_string()
}

#[test]
fn money_and_large_numbers_are_formatted_from_what_the_data_says() {
    let metrics = json(
        auto_metrics(&json!([
            {"label": "Revenue", "value": 1_223_575.5},
            {"label": "Total orders", "value": 2000},
            {"label": "Visits", "value": 4_500_000},
            {"label": "Churn", "value": 0.031},
            {"label": "Average order", "value": 612.4, "format": "currency"},
            {"label": "Spend", "value": 80, "currency": "EUR"},
            {"label": "unitPrice", "value": 9.5},
        ]))
        .unwrap(),
    );
    let shown: Vec<String> = metrics["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(metric_text)
        .collect();
    assert_eq!(
        shown,
        [
            "$1,223,575.50",
            "2,000",
            "4.5M",
            "0.031",
            "$612.40",
            "€80.00",
            "$9.50"
        ]
    );

    let chart = |rows: Value| json(auto_chart(&rows, None).unwrap());
    let small_money = chart(json!([{"region": "N", "sales": 120.5}, {"region": "S", "sales": 80}]));
    assert_eq!(small_money["valueFormat"], "currency");
    let big_money =
        chart(json!([{"region": "N", "revenue": 1_200_000}, {"region": "S", "revenue": 800}]));
    assert_eq!(big_money["valueFormat"], "compact");
    let big_count = chart(json!([{"region": "N", "visits": 52_000}, {"region": "S", "visits": 9}]));
    assert_eq!(big_count["valueFormat"], "compact");
    let small_count = chart(json!([{"region": "N", "visits": 52}, {"region": "S", "visits": 9}]));
    assert!(small_count.get("valueFormat").is_none(), "{small_count}");
    let mixed = chart(json!([{"month": "2024-01-01", "revenue": 10, "orders": 3}]));
    assert!(
        mixed.get("valueFormat").is_none(),
        "not every series is money: {mixed}"
    );

    let table =
        json(auto_table(&json!([{"item": "a", "price": 3, "qty": 2, "weight": 1.5}])).unwrap());
    assert_eq!(column(&table, "price")["format"], "currency");
    assert!(column(&table, "qty").get("format").is_none());
    assert_eq!(column(&table, "weight")["format"], "number");
}
