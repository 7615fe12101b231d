//! `prefab validate` (not implemented yet).
use std::process::ExitCode;

pub fn run(_args: &[String]) -> Result<ExitCode, String> {
    Err("`validate` is not implemented yet".into())
}
