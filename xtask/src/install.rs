//! Installs what the test suites need on a fresh machine. Every step checks first, so a
//! machine that already has a tool skips it.
use crate::sh::{output, run, succeeds};
use std::process::Command;

/// The wasm-bindgen CLI version; it must equal the `wasm-bindgen` crate pin in `Cargo.toml`.
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";

pub fn all() -> Result<(), String> {
    wasm_target()?;
    wasm_bindgen_cli()?;
    chromium()?;
    crate::e2e::install()?;
    Ok(())
}

fn wasm_target() -> Result<(), String> {
    if output("rustup", &["target", "list", "--installed"]).contains("wasm32-unknown-unknown") {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

fn wasm_bindgen_cli() -> Result<(), String> {
    let have = output("wasm-bindgen", &["--version"]);
    if have.contains(WASM_BINDGEN_VERSION) && succeeds("wasm-bindgen-test-runner", &["--version"]) {
        return Ok(());
    }
    // Not `--locked`: the CLI's lockfile pins a crate version this registry lacks.
    run(Command::new("cargo").args([
        "install",
        "wasm-bindgen-cli",
        "--version",
        WASM_BINDGEN_VERSION,
        "--no-default-features",
    ]))
}

fn chromium() -> Result<(), String> {
    if succeeds("chromium", &["--version"]) && succeeds("chromedriver", &["--version"]) {
        return Ok(());
    }
    run(Command::new("apt-get").args(["update", "-qq"]))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq", "chromium", "chromium-driver"]))
}
