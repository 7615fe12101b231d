//! How the renderer travels inside a self-contained page (`prefab::page`): the packed assets
//! `cargo xtask build-renderer` writes next to the plain ones.
//!
//! * `renderer_bg.wasm.gz` — the WebAssembly engine, gzip by zopfli; the loader unpacks it
//!   with the browser's native `DecompressionStream` (fast: the wasm path stays quick).
//! * `renderer.common.gz` — the stylesheet and the wrapped wasm-bindgen glue, which every
//!   page needs, gzip by zopfli: `css`, a NUL, then the glue script.
//! * `renderer.wasm2js.lzma` — the JavaScript engine, LZMA: about 17% smaller than gzip on
//!   this text, decoded by the page's own small decoder (`prefab/assets/unlzma.js`). Its
//!   data segments (wasm2js writes them as base64 strings) travel as raw bytes, which pack
//!   better: see [`wasm2js`].
//!
//! Both compressors are deterministic (zopfli with a zero time stamp; liblzma built from the
//! crate's bundled sources, single-threaded), so `check-assets` can compare bytes.
use std::io::Write;

/// `bytes` in the gzip format, compressed by zopfli (a time stamp of 0, so the same input
/// always gives the same bytes). The budgets keep measuring with `gzip -9`
/// ([`crate::sizes::gzip`]); only the inlined assets use this.
pub fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        bytes,
        &mut out,
    )
    .map_err(|e| format!("zopfli: {e}"))?;
    Ok(out)
}

/// `bytes` in the LZMA "alone" format with the decoded size in the header (the page's
/// decoder allocates its output once): preset 9 extreme, 4 literal context bits and no
/// position bits (best on minified JavaScript, measured: −0.5% against the defaults).
pub fn lzma(bytes: &[u8]) -> Result<Vec<u8>, String> {
    use liblzma::stream::{LzmaOptions, PRESET_EXTREME, Stream};
    let mut options =
        LzmaOptions::new_preset(9 | PRESET_EXTREME).map_err(|e| format!("lzma: {e}"))?;
    options
        .literal_context_bits(4)
        .literal_position_bits(0)
        .position_bits(0);
    let stream = Stream::new_lzma_encoder(&options).map_err(|e| format!("lzma: {e}"))?;
    let mut encoder = liblzma::write::XzEncoder::new_stream(Vec::new(), stream);
    encoder.write_all(bytes).map_err(|e| format!("lzma: {e}"))?;
    let mut out = encoder.finish().map_err(|e| format!("lzma: {e}"))?;
    // Header: properties (1 byte), dictionary size (4), decoded size (8, little endian;
    // liblzma writes "unknown" when streaming).
    let size = u64::try_from(bytes.len()).map_err(|e| format!("lzma: {e}"))?;
    match out.get_mut(5..13) {
        Some(field) => field.copy_from_slice(&size.to_le_bytes()),
        None => return Err("lzma: output shorter than its header".into()),
    }
    Ok(out)
}

/// The JavaScript engine as the page carries it, before compression: a little-endian `u32`
/// count of data segments, then each segment's memory offset and length (`u32`, `u32`), the
/// segments' bytes, then the engine's script with every segment's base64 string emptied.
/// The loader writes the segments into the engine's memory right after instantiating it,
/// before any of its code runs (the module has no start function).
///
/// wasm2js initialises memory with calls `decode(memory, offset, "base64…")` to one decoder
/// function; in the minified script they read `NAME(VIEW,OFFSET,"…")`. All must call the same
/// function with the same view, or the build fails (the output format changed).
pub fn wasm2js(script: &str) -> Result<Vec<u8>, String> {
    let mut segments: Vec<(u32, Vec<u8>)> = Vec::new();
    let mut callee: Option<&str> = None;
    let mut text = String::with_capacity(script.len());
    let mut rest = script;
    while let Some(quote) = rest.find(",\"") {
        let (before, after) = rest.split_at(quote);
        let body = &after[2..];
        let Some(end) = body.find("\")") else {
            text.push_str(&rest[..quote + 2]);
            rest = body;
            continue;
        };
        let literal = &body[..end];
        let call = call_before(before);
        match call {
            Some((name_view, offset))
                if literal.len() >= 64 && literal.bytes().all(is_base64_byte) =>
            {
                if *callee.get_or_insert(name_view) != name_view {
                    return Err(format!(
                        "wasm2js output changed: data written by {name_view} and by {}",
                        callee.unwrap_or_default()
                    ));
                }
                segments.push((offset, base64_decode(literal)?));
                text.push_str(before);
                text.push_str(",\"\")");
            }
            _ => {
                // Not a data segment: move on past the `,"` only.
                text.push_str(&rest[..quote + 2]);
                rest = body;
                continue;
            }
        }
        rest = &body[end + 2..];
    }
    text.push_str(rest);
    if segments.is_empty() {
        return Err("wasm2js output changed: no base64 data segments found".into());
    }
    let mut out = Vec::with_capacity(script.len());
    let count = u32::try_from(segments.len()).map_err(|e| e.to_string())?;
    out.extend_from_slice(&count.to_le_bytes());
    for (offset, bytes) in &segments {
        let len = u32::try_from(bytes.len()).map_err(|e| e.to_string())?;
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&len.to_le_bytes());
    }
    for (_, bytes) in &segments {
        out.extend_from_slice(bytes);
    }
    out.extend_from_slice(text.as_bytes());
    Ok(out)
}

/// In `before` (the script up to `,"`), the call `NAME(VIEW,OFFSET` it ends with: returns
/// (`NAME(VIEW`, OFFSET).
fn call_before(before: &str) -> Option<(&str, u32)> {
    let comma = before.rfind(',')?;
    let offset = before[comma + 1..].parse::<u32>().ok()?;
    let head = &before[..comma];
    let open = head.rfind('(')?;
    let is_name = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
    };
    let view = &head[open + 1..];
    let start = head[..open]
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .map_or(0, |i| i + 1);
    let name = &head[start..open];
    (is_name(view) && is_name(name)).then_some((&head[start..], offset))
}

fn is_base64_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'='
}

fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let value = |b: u8| -> Result<u32, String> {
        Ok(match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("wasm2js data: {:?} is not base64", char::from(b))),
        }
        .into())
    };
    let bytes = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            n |= value(b)? << (18 - 6 * i);
        }
        let whole = n.to_be_bytes();
        out.extend_from_slice(&whole[1..chunk.len()]);
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_through_prefab_page() {
        for input in [&b""[..], b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar"] {
            let text = prefab::page::base64(input);
            assert_eq!(base64_decode(&text).unwrap(), input, "{text}");
        }
    }

    #[test]
    fn wasm2js_data_segments_become_raw_bytes() {
        let a = prefab::page::base64(&[7u8; 60]);
        let b = prefab::page::base64(b"a second segment, long enough to be data: 0123456789");
        let script = format!(
            "function d(v,o,t){{}}function init(){{d(m,1024,\"{a}\");d(m,4096,\"{b}\")}}x(\"short\")"
        );
        let packed = wasm2js(&script).unwrap();
        let word = |i: usize| u32::from_le_bytes(packed[i..i + 4].try_into().unwrap());
        assert_eq!(word(0), 2);
        assert_eq!((word(4), word(8)), (1024, 60));
        assert_eq!((word(12), word(16)), (4096, 52));
        assert_eq!(&packed[20..80], &[7u8; 60]);
        assert_eq!(
            &packed[80..132],
            b"a second segment, long enough to be data: 0123456789"
        );
        let text = std::str::from_utf8(&packed[132..]).unwrap();
        assert_eq!(
            text,
            "function d(v,o,t){}function init(){d(m,1024,\"\");d(m,4096,\"\")}x(\"short\")"
        );
    }

    #[test]
    fn wasm2js_data_through_two_decoders_is_refused() {
        let a = prefab::page::base64(&[1u8; 60]);
        let script = format!("d(m,1,\"{a}\");e(m,2,\"{a}\")");
        assert!(
            wasm2js(&script)
                .unwrap_err()
                .contains("wasm2js output changed")
        );
    }
}
