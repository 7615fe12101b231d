//! Wire model: parse + validate + serialize a 10,000-row `DataTable` app.
//!
//! Run: `cargo bench -p prefab-benches --bench wire`. Figures in `benches/README.md`.
#![allow(clippy::unwrap_used)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use prefab::{App, Column, DataTable, H1, Text};
use serde::Serialize;
use std::hint::black_box;

#[derive(Serialize)]
struct Row {
    id: u32,
    name: String,
    email: String,
    role: &'static str,
    score: f64,
    active: bool,
}

/// The benchmark document: a heading, a caption and a 10,000-row table, as JSON text.
fn ten_thousand_rows() -> String {
    let rows: Vec<Row> = (0..10_000)
        .map(|i| Row {
            id: i,
            name: format!("User {i}"),
            email: format!("user{i}@example.com"),
            role: ["admin", "editor", "viewer"][(i % 3) as usize],
            score: f64::from(i % 997) / 7.0,
            active: i % 2 == 0,
        })
        .collect();
    App::new(
        Column::new()
            .gap(4)
            .child(H1::new("Users"))
            .child(Text::new("{{ users | length }} users"))
            .child(
                DataTable::from_rows(&rows)
                    .search(true)
                    .paginated(true)
                    .page_size(50),
            ),
    )
    .to_json()
}

fn wire(c: &mut Criterion) {
    let text = ten_thousand_rows();
    let mut group = c.benchmark_group("wire/datatable_10k");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("parse+validate+serialize", |b| {
        b.iter(|| {
            let app = App::from_json(black_box(&text)).unwrap();
            black_box(app.to_json())
        });
    });
    group.bench_function("validate_only", |b| {
        b.iter(|| black_box(prefab::validate_str(black_box(&text))));
    });
    group.bench_function("serde_json_value_baseline", |b| {
        b.iter(|| {
            let v: serde_json::Value = serde_json::from_str(black_box(&text)).unwrap();
            black_box(serde_json::to_string(&v).unwrap())
        });
    });
    let app = App::from_json(&text).unwrap();
    group.bench_function("serialize_only", |b| b.iter(|| black_box(app.to_json())));
    group.finish();
}

criterion_group!(benches, wire);
criterion_main!(benches);
