//! Building the renderer pages: the MCP Apps viewer (served on every `resources/read`) and a
//! standalone page with an envelope inlined (`prefab export`).
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn pages(c: &mut Criterion) {
    c.bench_function("page/viewer_html", |b| {
        b.iter(|| black_box(prefab::page::viewer_html()))
    });
    let rows: Vec<serde_json::Value> = (0..1000)
        .map(|i| serde_json::json!({"id": i, "name": format!("Name {i}"), "email": format!("n{i}@example.com")}))
        .collect();
    let envelope = serde_json::json!({
        "$prefab": {"version": "0.3"},
        "view": {"type": "DataTable", "columns": [{"key": "id"}, {"key": "name"}, {"key": "email"}], "rows": rows},
    });
    c.bench_function("page/standalone_html_1000_rows", |b| {
        b.iter(|| black_box(prefab::page::standalone_html(black_box(&envelope), "table")))
    });
}

criterion_group!(benches, pages);
criterion_main!(benches);
