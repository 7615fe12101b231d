//! One change to wasm-bindgen's glue: short strings from the renderer decoded in JavaScript.
//!
//! Every string the renderer hands the DOM (a cell's text, a class name, a tag name) crosses
//! as bytes in the wasm memory that the glue's `getStringFromWasm0` turns into a JavaScript
//! string with `TextDecoder.decode`. That call has a fixed cost far above the work for the
//! few bytes most of these strings have: in a CPU profile of the 1,000-row table (wasm engine)
//! it was 30–38 ms of samples for some 20,000 strings. [`fast_short_strings`] decodes strings
//! under 48 bytes with a loop instead (the bytes are a Rust `&str`, so valid UTF-8: one-, two-
//! and three-byte sequences are decoded there, a four-byte one falls back to the decoder);
//! the same profile then showed under 4 ms. Both engines use the glue.

/// The function as wasm-bindgen 0.2.130 writes it; the build fails if it is not found.
const ORIGINAL: &str = "    function getStringFromWasm0(ptr, len) {
        ptr = ptr >>> 0;
        return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
    }";

const FAST: &str = "    function getStringFromWasm0(ptr, len) {
        ptr = ptr >>> 0;
        var memory = getUint8ArrayMemory0(), end = ptr + len;
        if (len < 48) {
            var text = \"\", i = ptr;
            while (i < end) {
                var byte = memory[i++];
                if (byte < 128) {
                    text += String.fromCharCode(byte);
                } else if (byte < 224) {
                    text += String.fromCharCode(((byte & 31) << 6) | (memory[i++] & 63));
                } else if (byte < 240) {
                    text += String.fromCharCode(((byte & 15) << 12) | ((memory[i++] & 63) << 6) | (memory[i++] & 63));
                } else {
                    return decodeText(memory.subarray(ptr, end));
                }
            }
            return text;
        }
        return decodeText(memory.subarray(ptr, end));
    }";

/// The glue with the short-string loop in `getStringFromWasm0`.
pub fn fast_short_strings(glue: &str) -> Result<String, String> {
    if glue.matches(ORIGINAL).count() != 1 {
        return Err(
            "wasm-bindgen glue changed: getStringFromWasm0 is not the expected function".into(),
        );
    }
    Ok(glue.replace(ORIGINAL, FAST))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_decoder_call_once_and_refuses_other_glue() {
        let glue = format!("let wasm_bindgen;\n{ORIGINAL}\nfunction other() {{}}\n");
        let fast = fast_short_strings(&glue).expect("the expected function is replaced");
        assert!(fast.contains("if (len < 48)") && fast.contains("function other()"));
        assert!(!fast.contains(ORIGINAL));
        assert!(fast_short_strings(&fast).is_err(), "already changed");
        assert!(fast_short_strings("function getStringFromWasm0(a, b) {}").is_err());
    }

    /// The loop decodes like `TextDecoder` (which it replaces) every code point of the Basic
    /// Multilingual Plane alone and between ASCII, and strings with astral characters (the
    /// decoder's fallback). Runs the function under node; without node (a machine where
    /// `cargo xtask install` has not run) it says so and checks nothing, except under CI.
    #[test]
    fn the_loop_decodes_like_text_decoder() {
        let script = format!(
            "{FAST}
            let mem;
            const getUint8ArrayMemory0 = () => mem;
            const decoder = new TextDecoder('utf-8', {{ ignoreBOM: true }});
            const decodeText = (bytes) => decoder.decode(bytes);
            const encoder = new TextEncoder();
            let bad = 0, checked = 0;
            const check = (s) => {{
                const bytes = encoder.encode(s);
                mem = new Uint8Array(bytes.length + 3);
                mem.set(bytes, 3);
                checked++;
                if (getStringFromWasm0(3, bytes.length) !== s) bad++;
            }};
            for (let c = 0; c < 0x10000; c++) {{
                if (c >= 0xd800 && c < 0xe000) continue;
                check(String.fromCharCode(c));
                check('ab' + String.fromCharCode(c) + 'z');
            }}
            for (const s of ['row 12 \\u{{b7}} abc', 'a\\u{{1f600}}', '', 'x'.repeat(47), '\\u{{e9}}'.repeat(24), '\\u{{20ac}}'.repeat(16), 'y'.repeat(200)]) check(s);
            console.log(checked + ' ' + bad);"
        );
        let Some(out) = crate::post::node(["--input-type=commonjs", "-e", &script]) else {
            return;
        };
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(text.trim(), "126983 0", "checked, mismatched");
    }
}
