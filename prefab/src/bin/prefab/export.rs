//! `prefab export FILE|- -o PAGE [--title TITLE]`: a standalone HTML page that mounts the UI.
use crate::input;
use std::process::ExitCode;

const USAGE: &str = "usage: prefab export FILE|- -o PAGE.html [--title TITLE]";

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let mut file = None;
    let mut out = None;
    let mut title = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-o" | "--output" => out = Some(args.next().ok_or(USAGE)?),
            "--title" => title = Some(args.next().ok_or(USAGE)?),
            other if file.is_none() => file = Some(other),
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    let (Some(file), Some(out)) = (file, out) else {
        return Err(USAGE.into());
    };
    let wire = input::read_json(file)?;
    // A bare component tree is wrapped into an envelope, as `display()` would.
    let envelope = prefab::display::envelope(wire.into(), &prefab::display::DisplayOptions::new());
    let title = title.map_or("prefab", String::as_str);
    let html = prefab::page::standalone_html(&envelope, title);
    std::fs::write(out, html).map_err(|e| format!("writing {out}: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
