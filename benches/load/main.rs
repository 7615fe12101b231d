//! The load generator of `cargo xtask bench-load`: starts `prefab serve`, the TypeScript SDK
//! server with the TypeScript port (`ts_server.mjs`) and FastMCP with prefab-ui
//! (`fastmcp_server.py`), checks that each serves the same data, then loads them with
//! closed-loop clients (each sends its next request when the previous one is answered, on
//! its own kept-alive connection) for `ping`, `user_stats` and `show_users` at each number
//! of clients. The servers take turns within each cell, round after round (the first one
//! changing each round), so the machine's noise hits them alike. Prints a Markdown table
//! (req/s, p50, p99 and the ratios of the first server's rate to the others').
//!
//! The generator runs on one thread, so on a small machine it takes one core at most and
//! leaves the rest to the server under test.
#![forbid(unsafe_code)]
mod client;
mod protocol;
mod report;
mod servers;

use clap::Parser;
use protocol::{Call, Protocol};
use report::{Row, Sample};
use servers::{Server, Spec};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Load-tests `prefab serve` against the TypeScript SDK and FastMCP.
#[derive(Debug, Parser)]
struct Args {
    /// The `prefab` binary (a release build).
    #[arg(long)]
    prefab: PathBuf,
    /// Another `prefab` binary measured in the same rounds (e.g. the build before a change).
    #[arg(long)]
    baseline: Option<PathBuf>,
    /// `ts_server.mjs` (its `node_modules` installed).
    #[arg(long)]
    ts: Option<PathBuf>,
    /// `fastmcp_server.py`.
    #[arg(long, requires = "python")]
    fastmcp: Option<PathBuf>,
    /// The Python with FastMCP and prefab-ui.
    #[arg(long)]
    python: Option<PathBuf>,
    /// Numbers of concurrent clients.
    #[arg(long, value_delimiter = ',', default_value = "1,8,64")]
    clients: Vec<usize>,
    /// The calls measured (`ping`, `user_stats`, `show_users`).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "ping,user_stats,show_users"
    )]
    calls: Vec<String>,
    /// Seconds measured per server, cell and round.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Seconds of warm-up before each measurement (same clients, not counted).
    #[arg(long, default_value_t = 1.0)]
    warmup: f64,
    /// Rounds per cell.
    #[arg(long, default_value_t = 2)]
    rounds: usize,
    /// Only check that every server starts and answers the three calls correctly.
    #[arg(long)]
    quick: bool,
    /// Also write the table here.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn specs(args: &Args) -> Vec<Spec> {
    let prefab = |name: &str, program: &PathBuf| Spec {
        name: name.to_owned(),
        program: program.clone(),
        args: vec!["serve".into(), "--port".into()],
        trailing: vec!["--data-dir".into(), data_dir(name)],
        protocol: Protocol::Stateless,
    };
    let mut specs = vec![prefab("prefab serve", &args.prefab)];
    specs.extend(args.baseline.as_ref().map(|b| prefab("baseline", b)));
    specs.extend(args.ts.as_ref().map(|script| Spec {
        name: "TS SDK + TS port".into(),
        program: "node".into(),
        args: vec![script.display().to_string()],
        trailing: Vec::new(),
        protocol: Protocol::Classic,
    }));
    if let (Some(script), Some(python)) = (&args.fastmcp, &args.python) {
        specs.push(Spec {
            name: "FastMCP + prefab-ui".into(),
            program: python.clone(),
            args: vec![script.display().to_string()],
            trailing: Vec::new(),
            protocol: Protocol::Classic,
        });
    }
    specs
}

/// The scratch folder of this run (removed at the end).
fn scratch() -> PathBuf {
    std::env::temp_dir().join(format!("bench-load-{}", std::process::id()))
}

/// A scratch data directory for a `prefab serve` (its example stores).
fn data_dir(name: &str) -> String {
    let slug: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    scratch().join(slug).display().to_string()
}

fn calls(labels: &[String]) -> Result<Vec<Call>, String> {
    labels
        .iter()
        .map(|label| {
            Call::ALL
                .into_iter()
                .find(|c| c.label() == label)
                .ok_or_else(|| format!("--calls: no call {label:?} (ping, user_stats, show_users)"))
        })
        .collect()
}

/// One cell: `clients` clients on `server` for warm-up plus `seconds`.
async fn measure(
    server: &Server,
    call: Call,
    clients: usize,
    warmup: f64,
    seconds: f64,
) -> Result<(Vec<Duration>, f64), String> {
    let from = Instant::now() + Duration::from_secs_f64(warmup);
    let window = client::Window {
        from,
        until: from + Duration::from_secs_f64(seconds),
    };
    let tasks: Vec<_> = (0..clients)
        .map(|seed| tokio::spawn(client::run(server.target(call), window, seed as u64)))
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        let done = task.await.map_err(|e| format!("a client panicked: {e}"))?;
        latencies.extend(done.map_err(|e| format!("{}, {}: {e}", server.spec.name, call.label()))?);
    }
    Ok((latencies, seconds))
}

async fn run(args: Args) -> Result<(), String> {
    let calls = calls(&args.calls)?;
    let mut servers = Vec::new();
    for spec in specs(&args) {
        eprintln!("starting {} …", spec.name);
        servers.push(servers::start(spec).await?);
    }
    if args.quick {
        eprintln!(
            "{} servers answer ping, user_stats and show_users with the same data",
            servers.len()
        );
        return Ok(());
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut rows = Vec::new();
    for &call in &calls {
        for &clients in &args.clients {
            let mut samples = vec![Sample::default(); servers.len()];
            for round in 0..args.rounds {
                for turn in 0..servers.len() {
                    let i = (turn + round) % servers.len();
                    let (latencies, seconds) =
                        measure(&servers[i], call, clients, args.warmup, args.seconds).await?;
                    samples[i].add(latencies, seconds);
                }
            }
            let row = Row {
                call: call.label(),
                clients,
                samples,
            };
            eprintln!(
                "{}",
                report::markdown(&names(&servers), std::slice::from_ref(&row))
                    .lines()
                    .last()
                    .unwrap_or_default()
            );
            rows.push(row);
        }
    }
    let after = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let table = format!(
        "{}\n{} s per server and cell × {} rounds after {} s warm-up; load average before {}, after {}\n",
        report::markdown(&names(&servers), &rows),
        args.seconds,
        args.rounds,
        args.warmup,
        first_three(&load),
        first_three(&after),
    );
    print!("{table}");
    if let Some(out) = &args.out {
        std::fs::write(out, &table).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(())
}

fn names(servers: &[Server]) -> Vec<String> {
    servers.iter().map(|s| s.spec.name.clone()).collect()
}

fn first_three(loadavg: &str) -> String {
    loadavg
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let outcome = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?
        .block_on(run(args));
    // The servers were stopped with the runtime.
    let _ = std::fs::remove_dir_all(scratch());
    outcome
}
