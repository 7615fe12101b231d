//! The Rust side of `benches/compare-display/run.sh`: writes the shared rows, or times
//! `display(auto_table(rows))` (build + serialize to bytes) on them and prints one JSON line
//! `{impl, median_ms, min_ms, bytes, rss_before_kb, peak_rss_kb}`.
#![forbid(unsafe_code)]
use prefab_benches::display_rows::{Order, display_table, orders};
use std::time::Instant;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["--write-rows", path, n] => {
            let n: usize = n.parse().map_err(|e| format!("row count {n:?}: {e}"))?;
            let json = serde_json::to_vec(&orders(n)).map_err(|e| e.to_string())?;
            std::fs::write(path, json).map_err(|e| format!("writing {path}: {e}"))
        }
        ["--time", path, iters] => {
            let iters: usize = iters
                .parse()
                .map_err(|e| format!("iterations {iters:?}: {e}"))?;
            let text = std::fs::read(path).map_err(|e| format!("reading {path}: {e}"))?;
            let rows: Vec<Order> =
                serde_json::from_slice(&text).map_err(|e| format!("{path}: {e}"))?;
            drop(text);
            let before = status_kb("VmRSS:");
            let mut times = Vec::with_capacity(iters);
            let mut bytes = 0;
            for i in 0..iters + 3 {
                let start = Instant::now();
                let out = display_table(&rows);
                let elapsed = start.elapsed().as_secs_f64() * 1000.0;
                bytes = out.len();
                if i >= 3 {
                    times.push(elapsed);
                }
            }
            times.sort_by(f64::total_cmp);
            println!(
                "{{\"impl\":\"prefab-rs display(auto_table(rows))\",\"median_ms\":{:.2},\"min_ms\":{:.2},\"bytes\":{bytes},\"rss_before_kb\":{before},\"peak_rss_kb\":{}}}",
                times[times.len() / 2],
                times[0],
                status_kb("VmHWM:")
            );
            Ok(())
        }
        _ => Err("usage: display-compare --write-rows FILE N | --time FILE ITERATIONS".into()),
    }
}

/// A `kB` line of `/proc/self/status` (0 where that file does not exist).
fn status_kb(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}
