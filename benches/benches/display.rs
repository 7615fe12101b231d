//! `display(auto_table(rows))` for 10,000 rows of a 6-field struct: build the tree, wrap it
//! in a tool result (with the text fallback) and serialize it to bytes.
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use prefab_benches::display_rows::{display_table, orders};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let rows = orders(10_000);
    let bytes = display_table(&rows).len() as u64;
    let mut group = c.benchmark_group("display");
    group.throughput(Throughput::Bytes(bytes));
    group.sample_size(30);
    group.bench_function("display(auto_table(10k rows)) to bytes", |b| {
        b.iter(|| display_table(black_box(&rows)));
    });
    let table = prefab::auto::auto_table(&rows).unwrap_or_default();
    group.bench_function("auto_table(10k rows)", |b| {
        b.iter(|| prefab::auto::auto_table(black_box(&rows)));
    });
    let envelope = prefab::display::envelope(table.into(), &prefab::display::DisplayOptions::new());
    group.bench_function("text fallback of the 10k-row envelope", |b| {
        b.iter(|| prefab::fallback::text_fallback(black_box(&envelope)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
