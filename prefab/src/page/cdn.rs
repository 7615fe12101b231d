//! The viewer page that loads the renderer from a CDN: the bundle `cargo xtask cdn-bundle`
//! writes (what an npm package or a CDN serves), checked with subresource integrity.
//!
//! The page links `renderer.css`, `glue.js` and `loader.js` with `integrity` attributes and
//! tells the loader where the engines are and their hashes; the loader then fetches **only
//! the engine the host's CSP allows**: the wasm module (`fetch`, so the CDN origin must be in
//! `connectDomains`) when it may compile WebAssembly, otherwise the wasm2js script (a
//! `<script src>`, `resourceDomains`). The hashes are those of the committed assets
//! (`prefab/assets/integrity.json`, written by `cargo xtask build-renderer`).
use super::escape_text;

const INTEGRITY: &str = include_str!("../../assets/integrity.json");

/// Mermaid in the bundle: npm `mermaid` 12.3.0's `dist/mermaid.min.js` (the version
/// `cargo xtask install` pins; `cargo xtask cdn-bundle` copies it and checks this hash). A CDN
/// page's loader loads it the first time a `Mermaid` component draws.
pub const MERMAID_FILE: &str = "mermaid.min.js";

/// The `sha384-…` integrity of [`MERMAID_FILE`].
pub const MERMAID_INTEGRITY: &str =
    "sha384-HHW54r639fK42Ip0coGF3mz8oSiGn0eEoWNTLs75X7H63pLSDBa0Tqs0RwGmLlXE";

/// The `sha384-…` integrity of a bundle file (empty if unknown, which browsers reject).
fn integrity(file: &str) -> String {
    serde_json::from_str::<serde_json::Value>(INTEGRITY)
        .ok()
        .and_then(|v| v.get(file).and_then(|h| h.as_str().map(str::to_owned)))
        .unwrap_or_default()
}

/// The viewer page loading the bundle at `base` (no trailing `/`), for example
/// `https://cdn.example.com/prefab-renderer/0.1.0`.
///
/// ```
/// let html = prefab::page::cdn_viewer_html("https://cdn.example.com/p/0.1.0");
/// assert!(html.contains(r#"<script src="https://cdn.example.com/p/0.1.0/loader.js" integrity="sha384-"#));
/// assert!(!html.contains("prefab:wasm2js"));
/// ```
#[must_use]
pub fn cdn_viewer_html(base: &str) -> String {
    let base = base.trim_end_matches('/');
    let attr = |text: &str| escape_text(text).replace('"', "&quot;");
    let file = |name: &str| {
        format!(
            "\"{}/{name}\" integrity=\"{}\" crossorigin=\"anonymous\"",
            attr(base),
            attr(&integrity(name))
        )
    };
    let config = serde_json::json!({
        "base": base,
        "wasm": integrity("renderer_bg.wasm"),
        "wasm2js": integrity("renderer.wasm2js.js"),
        "mermaid": MERMAID_INTEGRITY,
    });
    let mut html = String::from(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>prefab</title>\n",
    );
    html.push_str(&format!(
        "<link rel=\"stylesheet\" href={}>\n</head>\n<body>\n<div id=\"root\"></div>\n",
        file("renderer.css")
    ));
    html.push_str("<script id=\"prefab:cdn\" type=\"application/json\">");
    html.push_str(&super::script_json(&config));
    html.push_str("</script>\n");
    html.push_str(&format!("<script src={}></script>\n", file("glue.js")));
    html.push_str(&format!("<script src={}></script>\n", file("loader.js")));
    html.push_str("</body>\n</html>\n");
    html
}
