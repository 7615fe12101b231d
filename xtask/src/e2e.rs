//! End-to-end tests of the MCP integration with the official TypeScript MCP SDK client
//! (`prefab-mcp/tests/e2e`; `crate::install::mcp_e2e` installs the SDK with npm): builds
//! the `hello` example server and the `prefab` command, and runs the node script against
//! both transports; the viewer it reads is then rendered in the project's MCP Apps test host
//! (`xtask/testhost`).
use crate::install::e2e_dir;
use crate::sh::{root, run};
use std::process::Command;

/// Builds the binaries, runs the node e2e script over stdio and HTTP, then the
/// 200-parallel-calls check.
pub fn run_suite() -> Result<(), String> {
    run(Command::new("cargo").args([
        "build",
        "-p",
        "prefab-examples",
        "--bin",
        "hello",
        "-p",
        "prefab-cli",
        "--bin",
        "prefab",
    ]))?;
    let target = crate::sh::target_dir();
    let bin = |name: &str| {
        target
            .join("debug")
            .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
    };
    run(Command::new("node")
        .arg("e2e.mjs")
        .env("HELLO_BIN", bin("hello"))
        .env("PREFAB_BIN", bin("prefab"))
        .current_dir(e2e_dir()))?;
    // The concurrency check: 200 parallel stateless tools/call must all succeed (the
    // latency figures in benches/README.md come from a release build of the same script).
    let script = root()
        .join("benches")
        .join("mcp")
        .join("parallel_calls.mjs");
    run(Command::new("node")
        .arg(script)
        .arg(bin("hello"))
        .arg("200"))
}

/// The test host's own self-test (`npm test` in `xtask/testhost`): a probe view and the
/// official `server-basic-vanillajs` example view (fetched from npm) through both CSPs.
pub fn testhost_selftest() -> Result<(), String> {
    run(Command::new("npm")
        .current_dir(crate::install::testhost_dir())
        .args(["test", "--silent"]))
}
