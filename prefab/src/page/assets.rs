//! The committed renderer assets (`prefab/assets/`), inlined into pages.
//!
//! The engines are inlined gzip-compressed (`*.gz`, written by `cargo xtask build-renderer`
//! in the gzip format by zopfli) and base64-encoded; the loader unpacks the one it runs with the
//! browser's `DecompressionStream`. That keeps the page small on the wire even where it
//! travels uncompressed (an MCP `resources/read` over stdio).
use super::Engines;
use std::sync::OnceLock;

const CSS: &str = include_str!("../../assets/renderer.css");
const GLUE: &str = include_str!("../../assets/renderer.js");
const WASM_GZ: &[u8] = include_bytes!("../../assets/renderer_bg.wasm.gz");
const WASM2JS_GZ: &[u8] = include_bytes!("../../assets/renderer.wasm2js.js.gz");
const LOADER: &str = include_str!("../../assets/loader.js");

/// The assets as they go into a page; the base64 texts are computed once.
pub(crate) struct Assets {
    pub(crate) css: &'static str,
    wasm: String,
    wasm2js: String,
}

impl Assets {
    pub(crate) fn get() -> &'static Assets {
        static ASSETS: OnceLock<Assets> = OnceLock::new();
        ASSETS.get_or_init(|| Assets {
            css: CSS,
            wasm: base64(WASM_GZ),
            wasm2js: base64(WASM2JS_GZ),
        })
    }

    /// Approximate byte length of everything inlined.
    pub(crate) fn len(&self, engines: Engines) -> usize {
        let wasm = if engines == Engines::Both {
            self.wasm.len()
        } else {
            0
        };
        self.css.len() + wasm + self.wasm2js.len() + GLUE.len() + LOADER.len()
    }

    /// The engine scripts, in the order the loader needs them: the compressed engines
    /// (inert script types: the loader unpacks and runs only the one it picks, so wasm
    /// hosts never parse the JavaScript engine), the glue wrapped so it can be given a
    /// stand-in `WebAssembly`, then the loader. The wrapper also hides `document` from the
    /// glue, whose only use of it is to compute its own script URL, which fails in `srcdoc`.
    pub(crate) fn push_scripts(&self, html: &mut String, engines: Engines) {
        if engines == Engines::Both {
            push_engine(html, "prefab:wasm", &self.wasm);
        }
        push_engine(html, "prefab:wasm2js", &self.wasm2js);
        html.push_str("<script>\n");
        html.push_str(&super::glue_script(GLUE));
        html.push_str("</script>\n<script>\n");
        html.push_str(LOADER);
        html.push_str("</script>\n");
    }
}

fn push_engine(html: &mut String, id: &str, base64: &str) {
    html.push_str("<script id=\"");
    html.push_str(id);
    html.push_str("\" type=\"application/gzip-base64\">");
    html.push_str(base64);
    html.push_str("</script>\n");
}

/// Standard base64 with padding (RFC 4648 §4).
///
/// ```
/// assert_eq!(prefab::page::base64(b"foobar"), "Zm9vYmFy");
/// ```
#[must_use]
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Every inlined script as it appears in a page (for tests).
#[cfg(test)]
pub(crate) const SCRIPTS: [&str; 2] = [GLUE, LOADER];
