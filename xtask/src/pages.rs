//! `cargo xtask pages`: the pages the browser tests, the benchmark and the size gate load,
//! assembled by `prefab::page` from the committed renderer assets.
use crate::sh::root;
use std::fs;
use std::path::{Path, PathBuf};

/// Writes the pages the browser tests load into `dir`: `viewer-default.html` and
/// `viewer.html` (the MCP Apps viewer with one engine and with both)
/// and `standalone-<name>.html` for each `prefab-renderer/tests/fixtures/<name>.json`.
pub fn write(dir: &Path) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // `viewer-default.html` is what `prefab_mcp::Viewer::new()` serves (the JavaScript
    // engine only); `viewer.html` carries both engines, so the host suite exercises each.
    write_file(
        &dir.join("viewer-default.html"),
        prefab::page::viewer_html().as_bytes(),
    )?;
    write_file(
        &dir.join("viewer.html"),
        prefab::page::viewer_html_with(prefab::page::Engines::Both).as_bytes(),
    )?;
    // Candidate pages for the render benchmark (benches/render/bench.mjs fills the
    // initial-data tag): one as served, one with a CSP that refuses WebAssembly, so the
    // wasm2js engine runs (bench.mjs --csp can also add either CSP to the first).
    let bench = prefab::page::standalone_html(&serde_json::json!({}), "prefab-rs");
    write_file(&dir.join("bench-wasm.html"), bench.as_bytes())?;
    let strict = bench.replacen(
        "<head>\n",
        "<head>\n<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'unsafe-inline'\">\n",
        1,
    );
    write_file(&dir.join("bench-wasm2js.html"), strict.as_bytes())?;
    // The CDN viewer (a placeholder base the delivery test replaces with its local server)
    // and the bundle it loads.
    let cdn_base = format!(
        "https://cdn.invalid/{}/{}",
        crate::cdn::PACKAGE,
        env!("CARGO_PKG_VERSION")
    );
    write_file(
        &dir.join("viewer-cdn.html"),
        prefab::page::cdn_viewer_html(&cdn_base).as_bytes(),
    )?;
    crate::cdn::write_bundle(&dir.join("cdn"))?;
    let fixtures = root().join("prefab-renderer/tests/fixtures");
    let entries = fs::read_dir(&fixtures).map_err(|e| format!("{}: {e}", fixtures.display()))?;
    let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    names.sort();
    for path in names {
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let envelope: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("page");
        let html = prefab::page::standalone_html(&envelope, stem);
        write_file(
            &dir.join(format!("standalone-{stem}.html")),
            html.as_bytes(),
        )?;
    }
    eprintln!("pages written to {}", dir.display());
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
