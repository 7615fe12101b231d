//! The committed renderer assets (`prefab/assets/`), inlined into pages.
use std::sync::OnceLock;

const CSS: &str = include_str!("../../assets/renderer.css");
const GLUE: &str = include_str!("../../assets/renderer.js");
const WASM: &[u8] = include_bytes!("../../assets/renderer_bg.wasm");
const WASM2JS: &str = include_str!("../../assets/renderer.wasm2js.js");
const LOADER: &str = include_str!("../../assets/loader.js");

/// The assets as they go into a page; the base64 text of the wasm module is computed once.
pub(crate) struct Assets {
    pub(crate) css: &'static str,
    wasm_base64: String,
}

impl Assets {
    pub(crate) fn get() -> &'static Assets {
        static ASSETS: OnceLock<Assets> = OnceLock::new();
        ASSETS.get_or_init(|| Assets {
            css: CSS,
            wasm_base64: base64(WASM),
        })
    }

    /// Approximate byte length of everything inlined.
    pub(crate) fn len(&self) -> usize {
        self.css.len() + self.wasm_base64.len() + GLUE.len() + WASM2JS.len() + LOADER.len()
    }

    /// The engine scripts, in the order the loader needs them: the wasm bytes (inert
    /// script type), the wasm2js engine (inert too: the loader runs it only when
    /// WebAssembly is refused, so wasm hosts never parse it), the glue wrapped so it can be
    /// given a stand-in `WebAssembly`, then the loader. The wrapper also hides `document`
    /// from the glue, whose only use of it is to compute its own script URL, which fails in
    /// `srcdoc`.
    pub(crate) fn push_scripts(&self, html: &mut String) {
        html.push_str("<script id=\"prefab:wasm\" type=\"application/wasm-base64\">");
        html.push_str(&self.wasm_base64);
        html.push_str("</script>\n<script id=\"prefab:wasm2js\" type=\"text/x-prefab-engine\">\n");
        html.push_str(WASM2JS);
        html.push_str("</script>\n<script>\nfunction prefabGlue(WebAssembly) {\nvar document;\n");
        html.push_str(GLUE);
        html.push_str("return wasm_bindgen;\n}\n</script>\n<script>\n");
        html.push_str(LOADER);
        html.push_str("</script>\n");
    }
}

/// Standard base64 with padding (RFC 4648 §4).
pub(crate) fn base64(bytes: &[u8]) -> String {
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
pub(crate) const SCRIPTS: [&str; 3] = [GLUE, WASM2JS, LOADER];
