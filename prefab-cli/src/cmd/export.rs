//! `prefab export FILE|- -o PAGE [--title TITLE] [--static]`: a standalone HTML page that
//! mounts the UI, or with `--static` the UI already drawn, as HTML and CSS with no script.
use super::input;
use std::path::Path;
use std::process::ExitCode;

pub fn run(file: &str, out: &Path, title: &str, no_script: bool) -> Result<ExitCode, String> {
    let wire = input::read_json(file)?;
    // A bare component tree is wrapped into an envelope, as `display()` would.
    let envelope = prefab::display::envelope(wire.into(), &prefab::display::DisplayOptions::new());
    let html = if no_script {
        // The renderer draws the view natively; the page carries its markup and styles only.
        prefab_test::static_html(&envelope, title)
    } else {
        prefab::page::standalone_html(&envelope, title)
    };
    std::fs::write(out, html).map_err(|e| format!("writing {}: {e}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}
