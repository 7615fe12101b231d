//! One change to wasm-bindgen's glue: short strings from the renderer decoded in JavaScript.
//!
//! Every string the renderer hands the DOM (a cell's text, a class name, a tag name) crosses
//! as bytes in the wasm memory that the glue's `getStringFromWasm0` turns into a JavaScript
//! string with `TextDecoder.decode`. That call has a fixed cost far above the work for the
//! few bytes most of these strings have: in a CPU profile of the 1,000-row table (wasm engine)
//! it was 30–38 ms of samples for some 20,000 strings. [`fast_short_strings`] puts an ASCII
//! loop in front of it for strings under 48 bytes (a non-ASCII byte falls back to the
//! decoder); the same profile then showed under 4 ms. Both engines use the glue.

/// The function as wasm-bindgen 0.2.130 writes it; the build fails if it is not found.
const ORIGINAL: &str = "    function getStringFromWasm0(ptr, len) {
        ptr = ptr >>> 0;
        return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
    }";

const FAST: &str = "    function getStringFromWasm0(ptr, len) {
        ptr = ptr >>> 0;
        var memory = getUint8ArrayMemory0(), end = ptr + len;
        if (len < 48) {
            var text = \"\";
            for (var i = ptr; i < end; i++) {
                var byte = memory[i];
                if (byte > 127) return decodeText(memory.subarray(ptr, end));
                text += String.fromCharCode(byte);
            }
            return text;
        }
        return decodeText(memory.subarray(ptr, end));
    }";

/// The glue with the ASCII fast path in `getStringFromWasm0`.
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
}
