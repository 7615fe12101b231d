//! Every gallery view is valid and draws no warning (a misspelt prop would be one).
#![allow(clippy::unwrap_used)]

use examples::gallery::{FAMILIES, big_table, family, sales_dashboard};

fn check(name: &str, view: &serde_json::Value) {
    let report = prefab::validate(view);
    assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
    assert!(report.warnings.is_empty(), "{name}: {:?}", report.warnings);
}

#[test]
fn every_family_view_is_valid_without_warnings() {
    for name in FAMILIES {
        check(name, &family(name).unwrap());
    }
    assert!(family("nope").is_none());
}

#[test]
fn the_auto_rendered_views_are_valid() {
    let dashboard = sales_dashboard();
    assert!(!dashboard.is_error);
    check("dashboard", dashboard.structured_content.as_ref().unwrap());
    let table = big_table();
    let view = table.structured_content.unwrap();
    check("table", &view);
    assert_eq!(longest_array(&view), 10_000, "every order is in the table");
}

/// The length of the longest array anywhere in `value` (the table's rows, wherever the
/// envelope keeps them).
fn longest_array(value: &serde_json::Value) -> usize {
    match value {
        serde_json::Value::Array(items) => items
            .iter()
            .map(longest_array)
            .max()
            .unwrap_or(0)
            .max(items.len()),
        serde_json::Value::Object(map) => map.values().map(longest_array).max().unwrap_or(0),
        _ => 0,
    }
}
