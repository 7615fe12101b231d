//! `cargo xtask bench-render [--baseline PAGE] [ARGS…]`: the render benchmark of
//! `benches/render/` in one command. Writes the pages (`target/pages/`), installs the two
//! reference renderers into `target/bench-render/` (`setup.mjs`; skipped when already there),
//! then runs `bench.mjs` with the standalone page `target/pages/bench-wasm.html` as the
//! candidate under both CSPs (wasm and wasm2js engines). `--baseline PAGE` adds another build's
//! `bench-wasm.html` (e.g. one written by `cargo xtask pages` on the commit before a change),
//! measured in the same rounds as `baseline`. Other `ARGS` go to `bench.mjs` after those
//! defaults, e.g. `--runs 7 --payloads table1000`. Not part of `cargo xtask test`: it takes
//! minutes. `cargo xtask bench-render --streaming [ARGS…]` runs the streaming benchmark
//! (`streaming.mjs`: a 200-node view in 100 partial messages against one mount) instead.
use crate::sh::{root, run, target_dir};
use std::process::Command;

/// Runs the render benchmark; `args` are passed on to `bench.mjs`.
pub fn render(args: &[String]) -> Result<(), String> {
    let pages = root().join("target/pages");
    crate::pages::write(&pages)?;
    let scripts = root().join("benches/render");
    if let [flag, rest @ ..] = args
        && flag == "--streaming"
    {
        return run(Command::new("node")
            .arg(scripts.join("streaming.mjs"))
            .arg("--pages")
            .arg(&pages)
            .args(rest));
    }
    run(Command::new("node").arg(scripts.join("setup.mjs")))?;
    let page = pages.join("bench-wasm.html").display().to_string();
    let (candidate, names, rest) = match args {
        [flag, baseline, rest @ ..] if flag == "--baseline" => {
            (format!("{baseline},{page}"), "baseline,prefab-rs", rest)
        }
        rest => (page, "prefab-rs", rest),
    };
    run(Command::new("node")
        .arg(scripts.join("bench.mjs"))
        .args(["--candidate", &candidate, "--name", names])
        .args(["--csp", "wasm,no-wasm"])
        .args(rest))
}

/// `cargo xtask bench-load [ARGS…]`: the load benchmark of `benches/load/`. Installs its peers
/// (the TypeScript SDK and port from `benches/load/package-lock.json`, FastMCP and prefab-ui
/// in `target/fastmcp/venv`), builds `prefab` and the load generator in release mode, and runs
/// the generator against `prefab serve`, `ts_server.mjs` and `fastmcp_server.py`; the table
/// is also written to `target/bench-load.md`. `ARGS` go to the generator (e.g. `--quick`,
/// `--clients 8 --calls show_users`, `--baseline OLD_PREFAB`). Not part of `cargo xtask
/// test`: a full run takes about five minutes.
pub fn load(args: &[String]) -> Result<(), String> {
    crate::install::bench_load()?;
    crate::install::fastmcp()?;
    for (package, bin) in [("prefab-cli", "prefab"), ("prefab-benches", "bench-load")] {
        run(Command::new("cargo").args(["build", "--release", "-p", package, "--bin", bin]))?;
    }
    let release = target_dir().join("release");
    let scripts = root().join("benches/load");
    run(Command::new(release.join("bench-load"))
        .arg("--prefab")
        .arg(release.join("prefab"))
        .arg("--ts")
        .arg(scripts.join("ts_server.mjs"))
        .arg("--fastmcp")
        .arg(scripts.join("fastmcp_server.py"))
        .arg("--python")
        .arg(crate::install::fastmcp_python())
        .arg("--out")
        .arg(target_dir().join("bench-load.md"))
        .args(args))
}
