//! The JavaScript engine after binaryen's wasm2js: [`wrap`] makes its ES module a classic
//! script, [`pack`] moves its memory's data segments out of the script for the page's LZMA
//! pack.
//!
//! wasm2js writes each data segment of the module as a base64 string literal that the
//! script decodes into memory when it starts. As raw bytes beside the script they pack
//! better, so [`pack`] takes the segments from the module wasm2js translated (read with
//! `wasmparser`), finds each one's base64 text as a whole string literal in the script and
//! empties it there. Nothing depends on how the script calls its decoder or how it was
//! minified: a segment whose literal is missing or appears twice fails the build.
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use wasmparser::{DataKind, Operator, Parser, Payload};

/// Turns wasm2js's ES module into `var prefabWasm2js = function (imports) { … }`, which
/// returns the module's exports like `WebAssembly.Instance#exports`, and makes memory
/// growth detach the old buffer as real wasm does (the glue refreshes its views when it
/// sees a detached buffer).
pub fn wrap(js: &str) -> Result<String, String> {
    let mut body = String::new();
    let mut tail = false;
    for line in js.lines() {
        if line.starts_with("import ") {
            continue;
        }
        if line.starts_with("var retasmFunc") {
            tail = true;
        }
        if !tail {
            body.push_str(line);
            body.push('\n');
        }
    }
    const GROW: &str = "newHEAP8.set(HEAP8);";
    if body.matches(GROW).count() != 1 {
        return Err("wasm2js output changed: memory growth code not found".into());
    }
    let body = body.replace(
        GROW,
        "newHEAP8.set(HEAP8);\n   if (buffer.transfer) buffer.transfer(0); else structuredClone(buffer, { transfer: [buffer] });",
    );
    Ok(format!(
        "// The renderer as JavaScript (binaryen wasm2js): the engine for hosts that refuse WebAssembly.\nvar prefabWasm2js = (function () {{\n{body}return asmFunc;\n}})();\n"
    ))
}

/// Segments whose base64 text is shorter stay in the script: their table entry (8 bytes)
/// would cost about what they save, and a short text may occur more than once.
pub const MIN_LITERAL: usize = 64;

/// The active data segments of `wasm`: (memory offset, bytes), in module order. Fails on a
/// passive segment or an offset that is not an `i32.const`.
pub fn data_segments(wasm: &[u8]) -> Result<Vec<(u32, &[u8])>, String> {
    let mut out = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let Payload::DataSection(reader) = payload.map_err(|e| format!("wasm: {e}"))? else {
            continue;
        };
        for data in reader {
            let data = data.map_err(|e| format!("wasm data: {e}"))?;
            let DataKind::Active { offset_expr, .. } = data.kind else {
                return Err("wasm data: a passive segment (wasm2js output changed?)".into());
            };
            let mut ops = offset_expr.get_operators_reader();
            let offset = match (ops.read(), ops.read()) {
                (Ok(Operator::I32Const { value }), Ok(Operator::End)) => value,
                _ => return Err("wasm data: an offset that is not an i32.const".into()),
            };
            let offset = u32::try_from(offset).map_err(|e| format!("wasm data offset: {e}"))?;
            out.push((offset, data.data));
        }
    }
    Ok(out)
}

/// The JavaScript engine as the page carries it, before compression: a little-endian `u32`
/// count of data segments, then each segment's memory offset and length (`u32`, `u32`), the
/// segments' bytes, then the engine's `script` with each of those segments' base64 literal
/// emptied. `wasm` is the module wasm2js translated into `script`. Segments go in the order
/// their literals appear in the script. The loader writes them into the engine's memory
/// right after instantiating it, before any of its code runs (the module has no start
/// function); the emptied literals decode to nothing.
pub fn pack(script: &str, wasm: &[u8]) -> Result<Vec<u8>, String> {
    let mut found: Vec<(usize, usize, u32, &[u8])> = Vec::new();
    for (offset, bytes) in data_segments(wasm)? {
        let text = STANDARD.encode(bytes);
        if text.len() < MIN_LITERAL {
            continue;
        }
        let at = literal(script, &text)
            .map_err(|e| format!("wasm2js output changed: data segment at {offset} {e}"))?;
        found.push((at, text.len(), offset, bytes));
    }
    if found.is_empty() {
        return Err("wasm2js output changed: no data segment to move".into());
    }
    found.sort_by_key(|&(at, ..)| at);
    let mut out = Vec::with_capacity(script.len());
    let count = u32::try_from(found.len()).map_err(|e| e.to_string())?;
    out.extend_from_slice(&count.to_le_bytes());
    for &(_, _, offset, bytes) in &found {
        let len = u32::try_from(bytes.len()).map_err(|e| e.to_string())?;
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&len.to_le_bytes());
    }
    for &(_, _, _, bytes) in &found {
        out.extend_from_slice(bytes);
    }
    let mut copied = 0;
    for &(at, len, ..) in &found {
        out.extend_from_slice(&script.as_bytes()[copied..at]);
        copied = at + len;
    }
    out.extend_from_slice(&script.as_bytes()[copied..]);
    Ok(out)
}

/// Where `text` is the whole content of a string literal of `script` (between two equal
/// quotes of any kind); it must be so exactly once.
fn literal(script: &str, text: &str) -> Result<usize, String> {
    let bytes = script.as_bytes();
    let mut places = script.match_indices(text).map(|(at, _)| at).filter(|&at| {
        let (before, after) = (at.checked_sub(1), at + text.len());
        before.is_some_and(|b| {
            matches!(bytes[b], b'"' | b'\'' | b'`') && bytes.get(after) == Some(&bytes[b])
        })
    });
    match (places.next(), places.next()) {
        (Some(at), None) => Ok(at),
        (None, _) => Err("is not a string literal of the script".into()),
        (Some(_), Some(_)) => Err("is more than one string literal of the script".into()),
    }
}

#[cfg(test)]
#[path = "wasm2js_tests.rs"]
mod tests;
