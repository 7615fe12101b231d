//! `prefab roundtrip` (not implemented yet).
use std::process::ExitCode;

pub fn run(_args: &[String]) -> Result<ExitCode, String> {
    Err("`roundtrip` is not implemented yet".into())
}
