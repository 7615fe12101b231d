//! `prefab eval` (not implemented yet).
use std::process::ExitCode;

pub fn run(_args: &[String]) -> Result<ExitCode, String> {
    Err("`eval` is not implemented yet".into())
}
