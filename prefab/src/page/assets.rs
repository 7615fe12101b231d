//! The committed renderer assets (`prefab/assets/`), inlined into pages.
//!
//! A page carries the renderer packed (written by `cargo xtask build-renderer`, see its
//! `pack` module) and base64-encoded in inert scripts, which keeps it small on the wire even
//! where it travels uncompressed (an MCP `resources/read` over stdio):
//!
//! * `prefab:common` — the stylesheet and the wasm-bindgen glue, gzip (`renderer.common.gz`);
//! * `prefab:wasm` — the WebAssembly engine, gzip (`renderer_bg.wasm.gz`), when the page has it;
//! * `prefab:wasm2js` — the JavaScript engine, LZMA (`renderer.wasm2js.lzma`); on a page
//!   with that engine only, it also carries the stylesheet and glue in front, in the same
//!   LZMA stream (`renderer.wasm2js-common.lzma`), and the page has no `prefab:common`.
//!
//! The loader unpacks gzip with the browser's `DecompressionStream` and LZMA with
//! `unlzma.js`, and only the engine it runs.
use super::Engines;
use std::sync::OnceLock;

const COMMON_GZ: &[u8] = include_bytes!("../../assets/renderer.common.gz");
const WASM_GZ: &[u8] = include_bytes!("../../assets/renderer_bg.wasm.gz");
const WASM2JS_LZMA: &[u8] = include_bytes!("../../assets/renderer.wasm2js.lzma");
const WASM2JS_COMMON_LZMA: &[u8] = include_bytes!("../../assets/renderer.wasm2js-common.lzma");
const UNLZMA: &str = include_str!("../../assets/unlzma.js");
const LOADER: &str = include_str!("../../assets/loader.js");

/// The assets as they go into a page; the base64 texts are computed once.
pub(crate) struct Assets {
    common: String,
    wasm: String,
    wasm2js: String,
    wasm2js_common: String,
}

impl Assets {
    pub(crate) fn get() -> &'static Assets {
        static ASSETS: OnceLock<Assets> = OnceLock::new();
        ASSETS.get_or_init(|| Assets {
            common: base64(COMMON_GZ),
            wasm: base64(WASM_GZ),
            wasm2js: base64(WASM2JS_LZMA),
            wasm2js_common: base64(WASM2JS_COMMON_LZMA),
        })
    }

    /// Approximate byte length of everything inlined.
    pub(crate) fn len(&self, engines: Engines) -> usize {
        let packed = if engines == Engines::Both {
            self.common.len() + self.wasm.len() + self.wasm2js.len()
        } else {
            self.wasm2js_common.len()
        };
        packed + UNLZMA.len() + LOADER.len()
    }

    /// The scripts, in the order the loader needs them: the packed assets (inert script
    /// types: the loader unpacks and runs only the engine it picks, so wasm hosts never
    /// decode the JavaScript engine), then the LZMA decoder and the loader.
    pub(crate) fn push_scripts(&self, html: &mut String, engines: Engines) {
        if engines == Engines::Both {
            push_packed(html, "prefab:common", GZIP, &self.common);
            push_packed(html, "prefab:wasm", GZIP, &self.wasm);
            push_packed(html, "prefab:wasm2js", LZMA, &self.wasm2js);
        } else {
            push_packed(html, "prefab:wasm2js", LZMA, &self.wasm2js_common);
        }
        html.push_str("<script>\n");
        html.push_str(UNLZMA);
        html.push_str("</script>\n<script>\n");
        html.push_str(LOADER);
        html.push_str("</script>\n");
    }
}

/// The script types of the packed assets.
pub(crate) const GZIP: &str = "application/gzip-base64";
pub(crate) const LZMA: &str = "application/x-lzma-base64";

fn push_packed(html: &mut String, id: &str, kind: &str, base64: &str) {
    html.push_str("<script id=\"");
    html.push_str(id);
    html.push_str("\" type=\"");
    html.push_str(kind);
    html.push_str("\">");
    html.push_str(base64);
    html.push_str("</script>\n");
}

/// Standard base64 with padding (RFC 4648 §4), by the `base64` crate.
///
/// ```
/// assert_eq!(prefab::page::base64(b"foobar"), "Zm9vYmFy");
/// ```
#[must_use]
pub fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Every inlined script as it appears in a page (for tests).
#[cfg(test)]
pub(crate) const SCRIPTS: [&str; 2] = [UNLZMA, LOADER];
