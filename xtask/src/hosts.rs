//! The hosts suite (`xtask/hosts`): two real third-party MCP Apps hosts open every UI tool of
//! `prefab serve` in headless Chromium: the MCP Inspector (npm
//! `@modelcontextprotocol/inspector`, its web UI and server on Node 22) and a small page around
//! `@mcp-ui/client`'s `AppRenderer` (the TypeScript SDK client, a sandbox proxy on a second
//! origin). Each view shows its text, the Kanban "Add card" and the sign-up form call their
//! tools through the host, and no view logs a console error or a CSP refusal. About 80 s.
use crate::sh::{root, run};
use std::process::Command;

/// Installs what the suite needs, builds `prefab` and runs `xtask/hosts/hosts.mjs`.
pub fn run_suite() -> Result<(), String> {
    crate::install::node()?;
    crate::install::hosts()?;
    run(Command::new("cargo").args(["build", "-p", "prefab-cli", "--bin", "prefab"]))?;
    let bin = crate::sh::target_dir()
        .join("debug")
        .join(format!("prefab{}", std::env::consts::EXE_SUFFIX));
    run(Command::new("node")
        .arg(root().join("xtask/hosts/hosts.mjs"))
        .arg("--bin")
        .arg(&bin)
        .arg("--node")
        .arg(crate::install::mcp_conformance_node()))
}
