//! `cargo xtask` — the project's chores in one place.
//!
//! * `cargo xtask test` — installs what the test suites need on a fresh machine and runs
//!   every suite, native and browser. This is the command `.ci/run` calls.
//! * `cargo xtask install` — only the installation part.
#![forbid(unsafe_code)]

mod e2e;
mod install;
mod sh;
mod suites;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("install") => install::all(),
        Some("test") => install::all().and_then(|()| suites::run_all()),
        _ => {
            eprintln!("usage: cargo xtask <install|test>");
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
