//! `display(auto_table(rows))` for 10,000 rows of a 6-field struct: build the tree, wrap it
//! in a tool result (with the text fallback) and serialize it to bytes. Then the `hello`
//! example's `show_users` tool (300 users), whole and in its parts.
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
    group.finish();

    let mut group = c.benchmark_group("display parts");
    group.sample_size(30);
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

fn show_users(c: &mut Criterion) {
    use examples::hello::{USER_COUNT, show_users_result};
    use examples::users::users;
    let mut group = c.benchmark_group("show_users");
    group.bench_function("users(300)", |b| b.iter(|| users(black_box(USER_COUNT))));
    let list = users(USER_COUNT);
    group.bench_function("to_value(300 users)", |b| {
        b.iter(|| serde_json::to_value(black_box(&list)));
    });
    group.bench_function("auto_table(300 users)", |b| {
        b.iter(|| prefab::auto::auto_table(black_box(&list)));
    });
    group.bench_function("show_users_result(300 users)", |b| {
        b.iter(|| show_users_result(black_box(&list)));
    });
    let table = prefab::auto::auto_table(&list).unwrap_or_default();
    let options = prefab::display::DisplayOptions::new().title("300 users");
    group.bench_function("envelope of the table", |b| {
        b.iter(|| prefab::display::envelope(black_box(table.clone()).into(), &options));
    });
    group.bench_function("clone of the table", |b| {
        b.iter(|| black_box(&table).clone())
    });
    let envelope = prefab::display::envelope(table.into(), &options);
    group.bench_function("text fallback of the envelope", |b| {
        b.iter(|| {
            options
                .fallback
                .render(black_box(&envelope), Some("300 users"))
        });
    });
    let result = prefab_mcp::call_tool_result(show_users_result(&list));
    group.bench_function("serialize the result", |b| {
        b.iter(|| serde_json::to_vec(black_box(&result)));
    });
    group.bench_function("whole call (users, result, bytes)", |b| {
        b.iter(|| {
            let result = show_users_result(&users(black_box(USER_COUNT)));
            serde_json::to_vec(&prefab_mcp::call_tool_result(result))
        });
    });
    group.finish();
}

criterion_group!(benches, bench, show_users);
criterion_main!(benches);
