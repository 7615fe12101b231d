//! HTML pages that load the renderer: the MCP Apps viewer and standalone exported pages.
//!
//! Both pages are **self-contained**: the renderer's stylesheet, its wasm-bindgen glue, the
//! engines and a small loader are inlined, so the page needs no network (the default MCP
//! Apps CSP has `connect-src 'none'`). The engines are two builds of the same Rust code —
//! the WebAssembly module and its translation to JavaScript by `wasm2js` — inlined
//! compressed (gzip and LZMA) and unpacked by the loader.
//! Which ones a page carries is an [`Engines`] choice: the viewer carries only the
//! JavaScript engine by default (it runs under every CSP, and most MCP Apps hosts refuse
//! WebAssembly); with [`Engines::Both`] the loader compiles the WebAssembly module when the
//! CSP allows it (`'wasm-unsafe-eval'`) and falls back to JavaScript, silently.
//! `<html data-prefab-engine>` tells which one runs.
//!
//! The assets are built by `cargo xtask build-renderer` and committed in `prefab/assets/`,
//! so using this module needs no wasm toolchain.
//!
//! ```
//! use prefab::page::Engines;
//! let html = prefab::page::viewer_html();
//! assert!(html.contains("id=\"prefab:wasm2js\""));
//! assert!(!html.contains("id=\"prefab:wasm\""));
//! assert!(prefab::page::viewer_html_with(Engines::Both).contains("id=\"prefab:wasm\""));
//!
//! let envelope = serde_json::json!({"$prefab": {"version": "0.3"}, "view": {"type": "Text", "content": "Hi"}});
//! let page = prefab::page::standalone_html(&envelope, "Greeting");
//! assert!(page.contains("<script id=\"prefab:initial-data\" type=\"application/json\">"));
//! ```

mod assets;
mod bundle;
mod cdn;

pub use assets::base64;
pub use bundle::{CDN_FILES, bundle_file, cdn_file};
pub use cdn::{MERMAID_FILE, MERMAID_INTEGRITY, cdn_viewer_html};

/// Which renderer engines a self-contained page carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engines {
    /// The JavaScript (wasm2js) engine only: runs under every CSP, smallest page.
    #[default]
    JavaScript,
    /// Both engines: WebAssembly where the CSP allows it, JavaScript otherwise. About
    /// 130 KB more on the wire; faster where WebAssembly may run.
    Both,
}

/// The self-contained viewer page served as the MCP Apps UI resource, with the JavaScript
/// engine only ([`Engines::JavaScript`]). It needs no network: the renderer is inlined. It
/// waits for the host's tool result (MCP Apps `ui/*` protocol).
///
/// ```
/// assert!(prefab::page::viewer_html().starts_with("<!doctype html>"));
/// ```
#[must_use]
pub fn viewer_html() -> String {
    viewer_html_with(Engines::default())
}

/// The viewer page carrying `engines`.
///
/// ```
/// use prefab::page::{Engines, viewer_html, viewer_html_with};
/// assert!(viewer_html_with(Engines::Both).len() > viewer_html().len());
/// ```
#[must_use]
pub fn viewer_html_with(engines: Engines) -> String {
    page(None, "prefab", engines)
}

/// A standalone page that mounts `envelope` without a host (prefab-ui's `PrefabApp.html()`
/// layout: the wire JSON in `<script id="prefab:initial-data" type="application/json">`).
/// It carries both engines ([`Engines::Both`]): an exported page usually opens in a plain
/// browser tab, where WebAssembly may run.
///
/// ```
/// let page = prefab::page::standalone_html(&serde_json::json!({"view": null}), "A & B");
/// assert!(page.contains("<title>A &amp; B</title>"));
/// ```
#[must_use]
pub fn standalone_html(envelope: &serde_json::Value, title: &str) -> String {
    page(Some(envelope), title, Engines::Both)
}

fn page(envelope: Option<&serde_json::Value>, title: &str, engines: Engines) -> String {
    let assets = assets::Assets::get();
    let mut html = String::with_capacity(assets.len(engines) + 1024);
    html.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    html.push_str("<title>");
    html.push_str(&escape_text(title));
    // The renderer's stylesheet travels packed with the glue; the loader puts it first in
    // this element.
    html.push_str("</title>\n<style id=\"prefab-renderer-css\">\n");
    if let Some(envelope) = envelope {
        // The document's `cssClass` utilities (no `<` can appear in it: `prefab::style`).
        html.push_str(&crate::style::document_css(envelope));
    }
    html.push_str("</style>\n</head>\n<body>\n");
    // A standalone page centres the UI like prefab-ui's `PrefabApp.html()`; inside a host the
    // view fills the frame the host gives it.
    html.push_str(match envelope {
        Some(_) => "<div id=\"root\" style=\"max-width:64rem;margin:0 auto;padding:2rem\"></div>\n",
        None => "<div id=\"root\"></div>\n",
    });
    if let Some(envelope) = envelope {
        html.push_str("<script id=\"prefab:initial-data\" type=\"application/json\">");
        html.push_str(&script_json(envelope));
        html.push_str("</script>\n");
    }
    assets.push_scripts(&mut html, engines);
    html.push_str("</body>\n</html>\n");
    html
}

/// The wasm-bindgen glue (`renderer.js`) as the script pages run: wrapped in
/// `function prefabGlue(WebAssembly)`, so the loader can hand it a stand-in `WebAssembly`
/// for the wasm2js engine, and with `document` hidden from it (its only use of it is to
/// compute its own script URL, which fails in `srcdoc`). The CDN bundle's `glue.js` is this
/// text too (`cargo xtask cdn-bundle`).
///
/// ```
/// let script = prefab::page::glue_script("let wasm_bindgen = {};\n");
/// assert!(script.starts_with("function prefabGlue(WebAssembly) {"));
/// ```
#[must_use]
pub fn glue_script(glue: &str) -> String {
    format!("function prefabGlue(WebAssembly) {{\nvar document;\n{glue}return wasm_bindgen;\n}}\n")
}

/// JSON safe inside a `<script>` element: every `<` is written `\u003c` (so neither
/// `</script>` nor `<!--` can change how the HTML parser reads the element), and U+2028 /
/// U+2029 as `\u2028` / `\u2029` (JavaScript parsers before ES2019 end a line there). These
/// characters only occur inside JSON strings, where the escapes mean the same text.
///
/// Every page this crate (and `prefab-mcp`) produces embeds JSON through this function.
///
/// ```
/// let v = serde_json::json!({"a": "</script><!--<script>", "b": "\u{2028}"});
/// assert_eq!(
///     prefab::page::script_json(&v),
///     r#"{"a":"\u003c/script>\u003c!--\u003cscript>","b":"\u2028"}"#
/// );
/// ```
#[must_use]
pub fn script_json(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len() + json.len() / 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests;
