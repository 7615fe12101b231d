//! `prefab export` (not implemented yet).
use std::process::ExitCode;

pub fn run(_args: &[String]) -> Result<ExitCode, String> {
    Err("`export` is not implemented yet".into())
}
