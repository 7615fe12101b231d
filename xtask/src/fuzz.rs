//! `cargo xtask fuzz [--seconds N] [TARGET…]`: runs each fuzz target of `fuzz/` for N
//! seconds (default 60) and prints the executions per target. The targets are built once,
//! then run as many at a time as the machine has cores: a libFuzzer process uses one core,
//! so each target still gets N seconds of one core.
//!
//! Only the stable toolchain is needed: libFuzzer's coverage instrumentation is a stable
//! codegen option, and the unstable flags cargo-fuzz passes are allowed with
//! `RUSTC_BOOTSTRAP=1` (no sanitizer: `--sanitizer none`; Rust code is memory safe and the
//! invariants are assertions). The corpora are seeded from `fuzz/seeds/`, the regression
//! inputs in `fuzz/regressions/` and the conformance data in `conformance/` when present.
use crate::sh::{root, run, succeeds};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The cargo-fuzz release the fuzz crate is run with.
pub const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// Every target, with the seed folder it starts from.
const TARGETS: &[(&str, Seeds)] = &[
    ("wire", Seeds::Wire),
    ("expr", Seeds::Expressions),
    ("fallback", Seeds::Wire),
    ("renderer_json", Seeds::Wire),
];

#[derive(Clone, Copy)]
enum Seeds {
    /// Wire documents: `conformance/wire/**/*.json`.
    Wire,
    /// The `expr` of every vector in `conformance/expressions.json`.
    Expressions,
}

pub fn run_cli(args: &[String]) -> Result<(), String> {
    let mut seconds = 60;
    let mut only = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seconds takes a whole number")?;
            }
            name if TARGETS.iter().any(|(t, _)| *t == name) => only.push(name.to_owned()),
            other => return Err(format!("unknown fuzz argument {other:?}")),
        }
    }
    install()?;
    let chosen: Vec<(&str, Seeds)> = TARGETS
        .iter()
        .copied()
        .filter(|(target, _)| only.is_empty() || only.iter().any(|o| o == target))
        .collect();
    run(cargo_fuzz().args(["build", "--sanitizer", "none"]))?;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut summary = Vec::new();
    for batch in chosen.chunks(cores) {
        let results: Vec<_> = std::thread::scope(|scope| {
            let running: Vec<_> = batch
                .iter()
                .map(|&(target, seeds)| scope.spawn(move || fuzz(target, seeds, seconds)))
                .collect();
            running
                .into_iter()
                .map(|r| {
                    r.join()
                        .unwrap_or_else(|_| Err("a fuzz run panicked".into()))
                })
                .collect()
        });
        for result in results {
            summary.push(result?);
        }
    }
    eprintln!("\ntarget          seconds  executions");
    for (target, secs, execs) in summary {
        eprintln!("{target:<15} {secs:>7}  {execs:>10}");
    }
    Ok(())
}

/// cargo-fuzz from crates.io, when it is not installed.
fn install() -> Result<(), String> {
    if succeeds("cargo", &["fuzz", "--version"]) {
        return Ok(());
    }
    run(Command::new("cargo").args([
        "install",
        "cargo-fuzz",
        "--locked",
        "--version",
        CARGO_FUZZ_VERSION,
    ]))
}

/// Runs one target; returns (name, seconds, executions).
fn fuzz(target: &str, seeds: Seeds, seconds: u64) -> Result<(String, u64, u64), String> {
    let fuzz_dir = root().join("fuzz");
    let corpus = fuzz_dir.join("corpus").join(target);
    std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    seed(&corpus, seeds)?;
    // New inputs go to the first folder; the others are only read (libFuzzer refuses
    // folders that do not exist).
    let read_only = [
        fuzz_dir.join("seeds").join(seed_folder(target)),
        fuzz_dir.join("regressions").join(target),
    ];
    let start = Instant::now();
    let mut child = cargo_fuzz()
        .args(["run", "--sanitizer", "none", target])
        .arg(&corpus)
        .args(read_only.iter().filter(|dir| dir.is_dir()))
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .args(["-timeout=10", "-rss_limit_mb=2048", "-print_final_stats=1"])
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cargo fuzz run {target}: {e}"))?;
    let mut executions = 0;
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            eprintln!("[{target}] {line}");
            if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
                executions = n.trim().parse().unwrap_or(0);
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cargo fuzz run {target}: {e}"))?;
    if !status.success() {
        return Err(format!(
            "fuzz target {target} failed ({status}); the input is in fuzz/artifacts/{target}/"
        ));
    }
    Ok((target.to_owned(), start.elapsed().as_secs(), executions))
}

/// `cargo fuzz` from the repository root, its unstable flags allowed on stable.
fn cargo_fuzz() -> Command {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root())
        .env("RUSTC_BOOTSTRAP", "1")
        .arg("fuzz");
    cmd
}

fn seed_folder(target: &str) -> &str {
    match target {
        "renderer_json" => "json",
        other => other,
    }
}

/// Copies the conformance data into the corpus (files already there are kept).
fn seed(corpus: &Path, seeds: Seeds) -> Result<(), String> {
    let conformance = root().join("conformance");
    match seeds {
        Seeds::Wire => {
            for file in json_files(&conformance.join("wire")) {
                let name = file
                    .strip_prefix(&conformance)
                    .unwrap_or(&file)
                    .to_string_lossy()
                    .replace(['/', '\\'], "_");
                std::fs::copy(&file, corpus.join(name))
                    .map_err(|e| format!("{}: {e}", file.display()))?;
            }
        }
        Seeds::Expressions => {
            let path = conformance.join("expressions.json");
            let Ok(text) = std::fs::read_to_string(&path) else {
                return Ok(());
            };
            let vectors: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let exprs = vectors.as_array().into_iter().flatten();
            for (i, expr) in exprs.filter_map(|v| v["expr"].as_str()).enumerate() {
                std::fs::write(corpus.join(format!("conformance-{i}")), expr)
                    .map_err(|e| format!("{}: {e}", corpus.display()))?;
            }
        }
    }
    Ok(())
}

/// Every `*.json` file under `dir` (none when it does not exist).
fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.filter_map(Result::ok).map(|e| e.path()) {
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    out
}
