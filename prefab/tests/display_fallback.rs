//! The text fallback: bounded, informative, template-driven, snapshot-reviewed.
#![allow(clippy::unwrap_used)]
mod display_support;

use display_support::{conformance, json, messy_rows, monthly, orders, text};
use prefab::auto::{
    ChartKind, auto_chart, auto_comparison, auto_detail, auto_metrics, auto_progress, auto_table,
    auto_timeline,
};
use prefab::display::{DisplayOptions, display, display_with};
use prefab::fallback::{DEFAULT_MAX_BYTES, FallbackOptions, FallbackTemplates, text_fallback};
use serde_json::json;

#[test]
fn thousand_row_table_fallback_is_small_and_says_what_is_there() {
    let result = display(auto_table(&orders(1000)).unwrap());
    let text = text(&result);
    assert!(text.len() < 4096, "{} bytes", text.len());
    assert!(text.contains("1000 rows"), "{text}");
    for header in [
        "Order ID",
        "Customer",
        "Email",
        "Amount",
        "Paid",
        "Created at",
    ] {
        assert!(text.contains(header), "missing {header}: {text}");
    }
    assert!(text.contains("… 995 more rows"), "{text}");
    assert!(!text.contains("\"$prefab\""), "raw JSON leaked: {text}");
}

#[test]
fn many_wide_tables_are_cut_to_the_bound() {
    let tables: Vec<_> = (0..40)
        .map(|_| json(auto_table(&orders(50)).unwrap()))
        .collect();
    let view = json!({"type": "Column", "children": tables});
    for max in [DEFAULT_MAX_BYTES, 1000, 300] {
        let opts = DisplayOptions::new().fallback(FallbackOptions::new().max_bytes(max));
        let text = text(&display_with(view.clone(), &opts)).to_string();
        assert!(text.len() <= max, "{} > {max}", text.len());
        assert!(text.ends_with("… (shortened)"), "{text}");
    }
}

#[test]
fn cutting_respects_character_boundaries() {
    let view = json!({"type": "Text", "content": "é".repeat(5000)});
    let opts = FallbackOptions::new().max_bytes(101);
    let text = opts.render(&json!({"$prefab": {"version": "0.3"}, "view": view}), None);
    assert!(text.len() <= 101);
    assert!(text.starts_with("éé"));
}

#[test]
fn raw_json_only_when_asked() {
    let ui = json!({"$prefab": {"version": "0.3"}, "view": {"type": "Text", "content": "hi"}});
    assert_eq!(text_fallback(&ui), "hi");
    let raw = FallbackOptions::new().raw_json(true).render(&ui, None);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&raw).unwrap(), ui);
}

#[test]
fn per_call_templates_replace_the_builtin_ones() {
    let templates = FallbackTemplates::builtin()
        .with("table", "{{ row_count }} rows: {{ columns | join('/') }}")
        .unwrap()
        .with("document", "{{ blocks | join(' | ') }}")
        .unwrap();
    let opts = DisplayOptions::new().fallback(FallbackOptions::new().templates(templates));
    let result = display_with(auto_table(&orders(3)).unwrap(), &opts);
    assert_eq!(
        text(&result),
        "3 rows: Order ID/Customer/Email/Amount/Paid/Created at"
    );
}

#[test]
fn bad_templates_are_rejected_with_their_name() {
    let err = FallbackTemplates::builtin().with("tabel", "x").unwrap_err();
    assert_eq!(err.name, "tabel");
    assert!(err.message.contains("unknown template"));
    let err = FallbackTemplates::builtin()
        .with("text", "{% if %}")
        .unwrap_err();
    assert_eq!(err.name, "text");
    assert!(err.to_string().contains("fallback template \"text\""));
}

#[test]
fn a_template_failing_at_render_time_falls_back_to_the_builtin() {
    let templates = FallbackTemplates::builtin()
        .with("text", "{{ text | no_such_filter }}")
        .unwrap();
    let ui = json!({"$prefab": {"version": "0.3"}, "view": {"type": "Text", "content": "hi"}});
    assert_eq!(
        FallbackOptions::new()
            .templates(templates)
            .render(&ui, None),
        "hi"
    );
}

#[test]
fn rows_bound_from_state_are_counted() {
    let ui = json!({
        "$prefab": {"version": "0.3"},
        "view": {"type": "DataTable", "columns": [{"key": "n", "header": "N"}], "rows": "{{ items }}"},
        "state": {"items": [{"n": 1}, {"n": 2}]}
    });
    let text = text_fallback(&ui);
    assert!(text.contains("2 rows"), "{text}");
}

#[test]
fn templates_in_text_are_rendered_like_the_renderer_does() {
    let ui = json!({
        "$prefab": {"version": "0.3"},
        "view": {"type": "Column", "children": [
            {"type": "Text", "content": "Hello {{ user.name | upper }}!"},
            {"type": "Text", "content": "{{ count + 1 }} items"},
            {"type": "Text", "content": "{{ nobody.knows }}"}
        ]},
        "state": {"user": {"name": "Ada"}, "count": 1}
    });
    assert_eq!(
        text_fallback(&ui),
        "Hello ADA!\n2 items\n{{ nobody.knows }}"
    );
}

/// Every full document of the conformance pack gives a bounded, non-JSON summary; the
/// summaries are reviewed snapshots.
#[test]
fn conformance_documents() {
    let dir = format!(
        "{}/../conformance/wire/documents",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert!(!names.is_empty());
    for name in names {
        let name = name.to_string_lossy().to_string();
        let doc = conformance(&format!("wire/documents/{name}"));
        let text = text_fallback(&doc);
        assert!(text.len() <= DEFAULT_MAX_BYTES);
        assert!(!text.contains("\"$prefab\""));
        insta::assert_snapshot!(format!("document_{}", name.trim_end_matches(".json")), text);
    }
}

fn fallback_of(view: impl Into<prefab::display::Displayable>) -> String {
    text(&display_with(view, &DisplayOptions::new().title("Result"))).to_string()
}

#[test]
fn snapshot_auto_table() {
    insta::assert_snapshot!(fallback_of(auto_table(&orders(12)).unwrap()));
}

#[test]
fn snapshot_auto_table_messy() {
    insta::assert_snapshot!(fallback_of(auto_table(&messy_rows()).unwrap()));
}

#[test]
fn snapshot_auto_chart() {
    insta::assert_snapshot!(fallback_of(auto_chart(&monthly(), None).unwrap()));
    let shares = json!([{"browser": "Firefox", "share": 0.2}, {"browser": "Chrome", "share": 0.7}]);
    insta::assert_snapshot!(
        "snapshot_auto_chart_pie",
        fallback_of(auto_chart(&shares, None).unwrap())
    );
    let points = json!([{"x": 1, "y": 2.5}, {"x": 2, "y": -1}]);
    insta::assert_snapshot!(
        "snapshot_auto_chart_scatter",
        fallback_of(auto_chart(&points, Some(ChartKind::Scatter)).unwrap())
    );
}

#[test]
fn snapshot_auto_metrics() {
    let metrics = json!([
        {"label": "Revenue", "value": "$12.4k", "delta": "+8%", "trend": "up"},
        {"label": "Churn", "value": 0.031, "delta": -0.004, "description": "monthly"}
    ]);
    insta::assert_snapshot!(fallback_of(auto_metrics(&metrics).unwrap()));
}

#[test]
fn snapshot_auto_detail() {
    let user = json!({
        "name": "Ada Lovelace", "email": "ada@example.com", "is_admin": true, "manager": null,
        "address": {"city": "London", "zip": "N1"},
        "orders": [{"order_id": 1, "amount": 9.5}, {"order_id": 2, "amount": 20}]
    });
    insta::assert_snapshot!(fallback_of(auto_detail(&user).unwrap()));
}

#[test]
fn snapshot_auto_comparison() {
    let plans = json!([
        {"name": "Basic", "price": 5, "seats": 1, "sso": false},
        {"name": "Team", "price": 20, "seats": 10, "sso": true}
    ]);
    insta::assert_snapshot!(fallback_of(auto_comparison(&plans).unwrap()));
}

#[test]
fn snapshot_auto_progress() {
    let jobs = json!({"upload": 0.4, "transcode": 0.75, "publish": 1});
    insta::assert_snapshot!(fallback_of(auto_progress(&jobs).unwrap()));
}

#[test]
fn snapshot_auto_timeline() {
    let events = json!([
        {"date": "2024-01-15", "title": "Project started", "description": "Kick-off with the team"},
        {"date": "2024-03-01", "title": "Beta", "description": null},
        {"date": "2024-06-30", "title": "1.0 released", "description": "Public launch"}
    ]);
    insta::assert_snapshot!(fallback_of(auto_timeline(&events).unwrap()));
}

/// Every component and action fixture of the conformance pack: the walker copes with each
/// (bounded output, never the raw JSON) and names every action's effect.
#[test]
fn conformance_components_and_actions() {
    let root = format!("{}/../conformance/wire", env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for entry in std::fs::read_dir(format!("{root}/components")).unwrap() {
        let path = entry.unwrap().path();
        let node: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let text = text_fallback(&json!({"$prefab": {"version": "0.3"}, "view": node}));
        assert!(text.len() <= DEFAULT_MAX_BYTES, "{}", path.display());
        assert!(!text.contains("\"type\""), "{}: {text}", path.display());
        seen += 1;
    }
    assert!(seen > 100, "{seen} component fixtures");
    for entry in std::fs::read_dir(format!("{root}/actions")).unwrap() {
        let path = entry.unwrap().path();
        let action: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let ui = json!({"$prefab": {"version": "0.3"}, "view": {"type": "Button", "label": "Go", "onClick": action}});
        let text = text_fallback(&ui);
        assert!(
            text.starts_with("Buttons: Go ("),
            "{}: {text}",
            path.display()
        );
        assert!(
            !text.contains("does something"),
            "{}: {text}",
            path.display()
        );
    }
}
