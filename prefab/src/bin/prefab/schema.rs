//! `prefab schema` (not implemented yet).
use std::process::ExitCode;

pub fn run(_args: &[String]) -> Result<ExitCode, String> {
    Err("`schema` is not implemented yet".into())
}
