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

/// Writes every gallery view (each family and the sales dashboard, as the envelope its tool
/// returns) into `target/gallery/`, for the renderer's streaming browser test
/// (`prefab-renderer/tests/streaming.mjs`).
#[test]
fn gallery_views_are_written_for_the_streaming_test() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/gallery");
    std::fs::create_dir_all(&dir).unwrap();
    let mut views: Vec<(String, serde_json::Value)> = FAMILIES
        .iter()
        .map(|name| {
            let result = prefab::display::display(family(name).unwrap());
            (name.to_string(), result.structured_content.unwrap())
        })
        .collect();
    views.push((
        "sales_dashboard".into(),
        sales_dashboard().structured_content.unwrap(),
    ));
    for (name, envelope) in views {
        assert_eq!(envelope["view"]["cssClass"], "pf-app-root", "{name}");
        let text = serde_json::to_string_pretty(&envelope).unwrap();
        std::fs::write(dir.join(format!("{name}.json")), text).unwrap();
    }
}
