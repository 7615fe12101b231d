//! `prefab export FILE|- -o PAGE [--title TITLE]`: a standalone HTML page that mounts the UI.
use super::input;
use std::path::Path;
use std::process::ExitCode;

pub fn run(file: &str, out: &Path, title: &str) -> Result<ExitCode, String> {
    let wire = input::read_json(file)?;
    // A bare component tree is wrapped into an envelope, as `display()` would.
    let envelope = prefab::display::envelope(wire.into(), &prefab::display::DisplayOptions::new());
    let html = prefab::page::standalone_html(&envelope, title);
    std::fs::write(out, html).map_err(|e| format!("writing {}: {e}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}
