//! `cargo xtask visual [--measure-prefab-ui] [--only TEXT] [--report-only] [--quiet]`: visual
//! parity with prefab-ui 0.21.1's bundled renderer (`prefab-renderer/tests/visual.mjs`). Every
//! catalogue document and gallery view rendered by ours at 1024 px light and dark and 390 px,
//! its texts, controls and chart marks compared with prefab-ui's figures committed in
//! `prefab-renderer/tests/visual/prefab-ui-0.21.1.json`; `--measure-prefab-ui` measures those
//! again with prefab-ui's renderer (from the FastMCP suite's venv) and rewrites them.
use crate::sh::{root, run};
use std::process::Command;

/// What the suite renders (the pages, the gallery views, the auto-renderer outputs), then the
/// suite with `args`.
pub fn cli(args: &[String]) -> Result<(), String> {
    crate::install::chromium()?;
    crate::install::node()?;
    crate::install::host_harness()?;
    if args.iter().any(|a| a == "--measure-prefab-ui") {
        crate::install::fastmcp()?;
    }
    let pages = root().join("target/pages");
    crate::pages::write(&pages)?;
    run(Command::new("cargo").args(["test", "-q", "-p", "prefab-examples", "--test", "gallery"]))?;
    run(Command::new("cargo").args([
        "test",
        "-q",
        "-p",
        "prefab-rs",
        "--test",
        "catalog_outputs",
    ]))?;
    run_suite(&pages, args)
}

/// The suite on the pages in `pages` (what `cargo xtask test` runs).
pub fn run_suite(pages: &std::path::Path, args: &[String]) -> Result<(), String> {
    run(Command::new("node")
        .arg("prefab-renderer/tests/visual.mjs")
        .arg("--pages")
        .arg(pages)
        .args(args))
}
