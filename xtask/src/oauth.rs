//! The authorization suite (`prefab-mcp/tests/oauth`): `prefab serve` as an OAuth resource
//! server against `oidc-provider`, with the official TypeScript SDK client (client
//! credentials; authorization code + PKCE through the provider's login and consent pages)
//! and rmcp's auth client (`prefab-mcp`'s `oauth_client` example); the metadata compared with
//! the TypeScript SDK's, every JSON log line searched for tokens; and RFC 8693 token
//! exchange (`Caller::on_behalf_of`, through the `whoami_downstream` tool) at a grant the
//! suite registers in the provider, for a downstream API the suite runs. The Rust rejection tests
//! (`prefab-mcp/tests/auth.rs`) run with `cargo test --workspace`.
use crate::sh::{root, run};
use std::path::PathBuf;
use std::process::Command;

/// The npm pins, as in `prefab-mcp/tests/oauth/package.json`.
const PINS: [(&str, &str); 2] = [
    ("@modelcontextprotocol/sdk", "1.32.2"),
    ("oidc-provider", "9.13.3"),
];

fn dir() -> PathBuf {
    root().join("prefab-mcp").join("tests").join("oauth")
}

/// The suite's npm packages (node and npm are installed before), skipped when the pinned
/// versions are there.
pub fn install() -> Result<(), String> {
    let dir = dir();
    let manifest = std::fs::read_to_string(dir.join("package.json")).unwrap_or_default();
    let mut installed = true;
    for (name, version) in PINS {
        if !manifest.contains(&format!("\"{name}\": \"{version}\"")) {
            return Err(format!(
                "prefab-mcp/tests/oauth/package.json must pin {name} at {version}"
            ));
        }
        let package = dir.join("node_modules").join(name).join("package.json");
        let text = std::fs::read_to_string(package).unwrap_or_default();
        installed &= text.contains(&format!("\"version\": \"{version}\""));
    }
    if installed {
        return Ok(());
    }
    run(Command::new("npm")
        .args(["install", "--no-audit", "--no-fund"])
        .current_dir(&dir))
}

/// Builds `prefab` (the same build as the MCP end-to-end suite's) and the rmcp client
/// example, then runs the node script.
pub fn run_suite() -> Result<(), String> {
    run(Command::new("cargo").args(["build", "-p", "prefab-cli", "--bin", "prefab"]))?;
    run(Command::new("cargo").args([
        "build",
        "-p",
        "prefab-mcp",
        "--features",
        "auth",
        "--example",
        "oauth_client",
    ]))?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    let debug = target.join("debug");
    let exe = std::env::consts::EXE_SUFFIX;
    run(Command::new("node")
        .arg("oauth.mjs")
        .env("PREFAB_BIN", debug.join(format!("prefab{exe}")))
        .env(
            "OAUTH_CLIENT_BIN",
            debug.join("examples").join(format!("oauth_client{exe}")),
        )
        .current_dir(dir()))
}
