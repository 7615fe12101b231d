//! `prefab serve`: stub
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `prefab serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0 = any free port).
    #[arg(long, default_value_t = 8931)]
    pub port: u16,
    /// Where the servers keep their SQLite data (default: the user's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Runs `prefab serve`.
pub fn run(_args: &ServeArgs) -> Result<ExitCode, String> {
    Ok(ExitCode::SUCCESS)
}
