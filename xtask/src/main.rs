//! `cargo xtask` — the project's chores in one place.
//!
//! * `cargo xtask test` — installs what the test suites need on a fresh machine and runs
//!   every suite, native and browser. This is the command `.ci/run` calls.
//! * `cargo xtask install` — only the installation part.
//! * `cargo xtask build-renderer` — builds the renderer assets into `prefab/assets/` (wasm
//!   and its wasm2js JavaScript twin) and prints their sizes.
//! * `cargo xtask check-assets` — rebuilds them into a temporary folder and fails if the
//!   committed assets are stale.
//! * `cargo xtask e2e` — only the MCP end-to-end suite (TypeScript SDK client, 200 parallel
//!   calls).
//! * `cargo xtask fuzz [--seconds N] [TARGET…]` — runs the fuzz targets of `fuzz/` (60 s
//!   each by default); see `CONTRIBUTING.md`.
//! * `cargo xtask pages` — writes the viewer and standalone test pages to `target/pages/`.
#![forbid(unsafe_code)]

mod e2e;
mod fuzz;
mod install;
mod renderer;
mod sh;
mod suites;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("install") => install::all(),
        Some("test") => install::all().and_then(|()| suites::run_all()),
        Some("build-renderer") => install::binaryen().and_then(|()| renderer::build()),
        Some("check-assets") => install::binaryen().and_then(|()| renderer::check()),
        Some("e2e") => e2e::install().and_then(|()| e2e::run_suite()),
        Some("fuzz") => fuzz::run_cli(&args[1..]),
        Some("pages") => renderer::pages(&sh::root().join("target/pages")),
        _ => {
            eprintln!(
                "usage: cargo xtask <install|test|e2e|fuzz|build-renderer|check-assets|pages>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
