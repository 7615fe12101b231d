//! Throughput of the `{{ }}` expression engine over the conformance vectors:
//!
//! * `parse/all` — parse every expression of `expressions.json`;
//! * `eval/all` — evaluate every pre-parsed expression against its state (parse once,
//!   evaluate many times: what the renderer does);
//! * `parse+eval/ts-subset` — parse and evaluate the vectors the TypeScript port can
//!   evaluate (listed by `benches/ts-port/bench.mjs` in `target/ts-port-subset.json`), the
//!   same work its string-splitting evaluator does per call (`-short`: without the
//!   `x.expr.long.*` stress vectors, which cost that evaluator seconds);
//! * `template/all` — `interpolate_string` over `interpolation.json`.
//!
//! Run: `cargo bench -p prefab-benches --bench expr`. Figures: `benches/README.md`.
#![allow(clippy::unwrap_used)]

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use prefab::expr::{Env, Expr, Value, interpolate_string, parse};
use serde_json::Value as Json;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn vectors(file: &str) -> Vec<Json> {
    let path = root().join("conformance").join(file);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// `(id, source, state)` of every expression vector.
fn expressions() -> Vec<(String, String, Value)> {
    vectors("expressions.json")
        .iter()
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_owned(),
                v["expr"].as_str().unwrap().to_owned(),
                Value::from(&v["state"]),
            )
        })
        .collect()
}

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, n: usize) {
    group
        .throughput(Throughput::Elements(n as u64))
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
}

fn bench(c: &mut Criterion) {
    let env = Env::default();
    let all = expressions();

    let mut group = c.benchmark_group("expr");
    configure(&mut group, all.len());
    group.bench_function("parse/all", |b| {
        b.iter(|| {
            for (_, src, _) in &all {
                let _ = black_box(parse(black_box(src)));
            }
        });
    });
    group.finish();

    let parsed: Vec<(Expr, &Value)> = all
        .iter()
        .filter_map(|(_, src, state)| Some((parse(src).ok()?, state)))
        .collect();
    let mut group = c.benchmark_group("expr");
    configure(&mut group, parsed.len());
    group.bench_function("eval/all", |b| {
        b.iter(|| {
            for (expr, state) in &parsed {
                let _ = black_box(expr.eval(*state, &env));
            }
        });
    });
    group.finish();

    let subset_file = root().join("target/ts-port-subset.json");
    match std::fs::read_to_string(&subset_file) {
        Ok(text) => {
            let ids: Vec<String> = serde_json::from_str(&text).unwrap();
            let subset: Vec<_> = all.iter().filter(|(id, _, _)| ids.contains(id)).collect();
            let short: Vec<_> = subset
                .iter()
                .copied()
                .filter(|(id, _, _)| !id.starts_with("x.expr.long."))
                .collect();
            for (name, set) in [
                ("parse+eval/ts-subset-short", &short),
                ("parse+eval/ts-subset", &subset),
            ] {
                let mut group = c.benchmark_group("expr");
                configure(&mut group, set.len());
                group.bench_function(name, |b| {
                    b.iter(|| {
                        for (_, src, state) in set {
                            let _ = black_box(parse(src).map(|e| e.eval(state, &env)));
                        }
                    });
                });
                group.finish();
            }
        }
        Err(_) => eprintln!(
            "{} missing: run `node benches/ts-port/bench.mjs` first for the TS-port comparison",
            subset_file.display()
        ),
    }

    let templates: Vec<(String, Value)> = vectors("interpolation.json")
        .iter()
        .map(|v| {
            (
                v["template"].as_str().unwrap().to_owned(),
                Value::from(&v["state"]),
            )
        })
        .collect();
    let mut group = c.benchmark_group("expr");
    configure(&mut group, templates.len());
    group.bench_function("template/all", |b| {
        b.iter(|| {
            for (src, state) in &templates {
                black_box(interpolate_string(black_box(src), state, &env));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
