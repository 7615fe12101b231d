//! HTML pages that load the renderer: the MCP Apps viewer and standalone exported pages.
//!
//! Both pages are **self-contained**: the renderer's stylesheet, its wasm-bindgen glue, the
//! WebAssembly module (base64), the same module translated to JavaScript by `wasm2js`, and
//! a small loader are inlined, so the page needs no network (the default MCP Apps CSP has
//! `connect-src 'none'`). At load time the loader tries to compile the WebAssembly module;
//! when the CSP refuses it (no `'wasm-unsafe-eval'`, the default in MCP Apps hosts) it runs
//! the JavaScript build instead, silently. `<html data-prefab-engine>` tells which one runs.
//!
//! The assets are built by `cargo xtask build-renderer` and committed in `prefab/assets/`,
//! so using this module needs no wasm toolchain.
//!
//! ```
//! let html = prefab::page::viewer_html();
//! assert!(html.contains("id=\"prefab:wasm\""));
//!
//! let envelope = serde_json::json!({"$prefab": {"version": "0.3"}, "view": {"type": "Text", "content": "Hi"}});
//! let page = prefab::page::standalone_html(&envelope, "Greeting");
//! assert!(page.contains("<script id=\"prefab:initial-data\" type=\"application/json\">"));
//! ```

mod assets;

/// The self-contained viewer page served as the MCP Apps UI resource. It needs no network:
/// the renderer is inlined. It waits for the host's tool result (MCP Apps `ui/*` protocol).
///
/// ```
/// assert!(prefab::page::viewer_html().starts_with("<!doctype html>"));
/// ```
#[must_use]
pub fn viewer_html() -> String {
    page(None, "prefab")
}

/// A standalone page that mounts `envelope` without a host (prefab-ui's `PrefabApp.html()`
/// layout: the wire JSON in `<script id="prefab:initial-data" type="application/json">`).
///
/// ```
/// let page = prefab::page::standalone_html(&serde_json::json!({"view": null}), "A & B");
/// assert!(page.contains("<title>A &amp; B</title>"));
/// ```
#[must_use]
pub fn standalone_html(envelope: &serde_json::Value, title: &str) -> String {
    page(Some(envelope), title)
}

fn page(envelope: Option<&serde_json::Value>, title: &str) -> String {
    let assets = assets::Assets::get();
    let mut html = String::with_capacity(assets.len() + 1024);
    html.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    html.push_str("<title>");
    html.push_str(&escape_text(title));
    html.push_str("</title>\n<style id=\"prefab-renderer-css\">\n");
    html.push_str(assets.css);
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
    assets.push_scripts(&mut html);
    html.push_str("</body>\n</html>\n");
    html
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
