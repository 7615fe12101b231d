//! `cargo xtask fastmcp`: the FastMCP suite (`xtask/fastmcp/`). Real FastMCP servers written
//! with prefab-ui's Python API (`xtask/fastmcp/servers/`) render on this project's renderer
//! bundle served by `prefab serve` at `/renderer/` (`PREFAB_RENDERER_URL`), in the MCP Apps
//! test host under both policies, compared with prefab-ui's own bundled renderer.
//!
//! `crate::install::fastmcp` creates `target/fastmcp/venv` with the pinned packages of
//! `xtask/fastmcp/requirements.txt` (fastmcp and prefab-ui from PyPI, every dependency
//! pinned); a venv whose pins match is kept.
use crate::sh::{root, run};
use std::path::PathBuf;
use std::process::Command;

/// Builds `prefab`, then runs `xtask/fastmcp/fastmcp.mjs` (`args` go to the script, e.g.
/// `--only display_family`).
pub fn run_suite(args: &[String]) -> Result<(), String> {
    crate::install::node()?;
    crate::install::host_harness()?;
    crate::install::fastmcp()?;
    run(Command::new("cargo").args(["build", "-p", "prefab-cli", "--bin", "prefab"]))?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    let prefab = target
        .join("debug")
        .join(format!("prefab{}", std::env::consts::EXE_SUFFIX));
    run(Command::new("node")
        .arg(root().join("xtask/fastmcp/fastmcp.mjs"))
        .arg("--python")
        .arg(crate::install::fastmcp_python())
        .arg("--prefab")
        .arg(prefab)
        .args(args))
}
