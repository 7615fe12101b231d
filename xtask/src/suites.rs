//! Every test suite of the project, in the order CI runs them.
use crate::sh::run;
use std::process::Command;

pub fn run_all() -> Result<(), String> {
    native()?;
    crate::e2e::run_suite()?;
    Ok(())
}

/// `cargo test --workspace` and clippy with warnings denied.
fn native() -> Result<(), String> {
    run(Command::new("cargo").args(["test", "--workspace"]))?;
    run(Command::new("cargo").args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))
}
