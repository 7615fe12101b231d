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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use wasm_encoder::{ConstExpr, DataSection, Module};

    /// A module with one memory and these active segments.
    fn module(segments: &[(i32, &[u8])]) -> Vec<u8> {
        let memories = crate::post::one_page_memory();
        let mut data = DataSection::new();
        for &(offset, bytes) in segments {
            data.active(0, &ConstExpr::i32_const(offset), bytes.iter().copied());
        }
        let mut module = Module::new();
        module.section(&memories).section(&data);
        module.finish()
    }

    fn b64(bytes: &[u8]) -> String {
        STANDARD.encode(bytes)
    }

    const SECOND: &[u8] = b"a second segment, long enough to be data: 0123456789";

    #[test]
    fn data_segments_become_raw_bytes_in_script_order() {
        let (a, b, short) = (b64(&[7u8; 60]), b64(SECOND), b64(b"tiny"));
        // Any quotes, any call shape; the short segment stays in the script.
        let script =
            format!("f(m,9,'{b}');function init(){{d(m,1024,\"{a}\")}}s=`{short}`;x(\"{a}{a}\")");
        let wasm = module(&[(1024, &[7u8; 60]), (4096, SECOND), (8, b"tiny")]);
        let packed = pack(&script, &wasm).unwrap();
        let word = |i: usize| u32::from_le_bytes(packed[i..i + 4].try_into().unwrap());
        assert_eq!(word(0), 2);
        assert_eq!((word(4), word(8)), (4096, 52));
        assert_eq!((word(12), word(16)), (1024, 60));
        assert_eq!(&packed[20..72], SECOND);
        assert_eq!(&packed[72..132], &[7u8; 60]);
        let text = std::str::from_utf8(&packed[132..]).unwrap();
        assert_eq!(
            text,
            format!("f(m,9,'');function init(){{d(m,1024,\"\")}}s=`{short}`;x(\"{a}{a}\")")
        );
    }

    #[test]
    fn a_segment_missing_from_the_script_or_written_twice_is_refused() {
        let a = b64(&[1u8; 60]);
        let wasm = module(&[(16, &[1u8; 60])]);
        for script in [
            String::new(),
            format!("d(m,16,\"{a}\");e(m,16,'{a}')"),
            format!("d(m,16,\"{a}=\")"),
            format!("d(m,16,\"x{a}\")"),
        ] {
            let err = pack(&script, &wasm).unwrap_err();
            assert!(err.starts_with("wasm2js output changed"), "{err}");
        }
        assert!(pack("", &module(&[])).is_err(), "no segment at all");
    }

    #[test]
    fn passive_segments_and_computed_offsets_are_refused() {
        let mut data = DataSection::new();
        data.passive([1u8, 2, 3]);
        let mut passive = Module::new();
        passive.section(&data);
        let err = data_segments(&passive.finish()).unwrap_err();
        assert!(err.contains("passive"), "{err}");

        let mut data = DataSection::new();
        data.active(0, &ConstExpr::global_get(0), [1u8]);
        let mut computed = Module::new();
        computed.section(&data);
        let err = data_segments(&computed.finish()).unwrap_err();
        assert!(err.contains("i32.const"), "{err}");
    }

    /// The golden test against the committed build: the committed LZMA engine is the pack of
    /// the committed script with the data segments of the committed wasm engine (wasm2js
    /// translates the same module, only lowered to MVP instructions, which leaves data alone).
    /// Every segment of at least [`MIN_LITERAL`] base64 characters is in the pack, at its offset.
    #[test]
    fn the_committed_lzma_engine_is_the_pack_of_the_committed_script_and_module() {
        let assets = crate::sh::root().join("prefab/assets");
        let read = |name: &str| std::fs::read(assets.join(name)).unwrap();
        let wasm = read("renderer_bg.wasm");
        let script = String::from_utf8(read("renderer.wasm2js.js")).unwrap();
        let committed = crate::post::pack::unlzma(&read("renderer.wasm2js.lzma")).unwrap();
        let packed = pack(&script, &wasm).unwrap();
        assert!(
            packed == committed,
            "stale prefab/assets: run build-renderer"
        );
        // The default viewer's stream: the common text (stylesheet, NUL, glue), a NUL, the pack.
        let with_common = crate::post::pack::unlzma(&read("renderer.wasm2js-common.lzma")).unwrap();
        let common = with_common.len() - packed.len();
        assert!(with_common.ends_with(&packed) && with_common[common - 1] == 0);
        assert_eq!(with_common[..common].iter().filter(|&&b| b == 0).count(), 2);
        assert!(with_common.starts_with(&read("renderer.css")));
        // Memory written from the pack equals memory written from the module's long segments.
        let count = u32::from_le_bytes(packed[..4].try_into().unwrap()) as usize;
        let segments = data_segments(&wasm).unwrap();
        let long: Vec<_> = segments
            .iter()
            .filter(|(_, bytes)| b64(bytes).len() >= MIN_LITERAL)
            .collect();
        assert!(
            count > 0 && count == long.len(),
            "{count} of {}",
            long.len()
        );
        let mut at = 4 + 8 * count;
        for i in 0..count {
            let word = |j: usize| u32::from_le_bytes(packed[j..j + 4].try_into().unwrap());
            let (offset, len) = (word(4 + 8 * i), word(8 + 8 * i) as usize);
            let bytes = &packed[at..at + len];
            assert!(long.iter().any(|&&(o, b)| o == offset && b == bytes));
            at += len;
        }
    }

    #[test]
    fn wrap_makes_a_classic_script_whose_memory_growth_detaches_the_buffer() {
        let module = "import * as env from 'env';\nfunction asmFunc(imports) {\n newHEAP8.set(HEAP8);\n}\nvar retasmFunc = asmFunc({});\nexport var f = retasmFunc.f;\n";
        let wrapped = wrap(module).unwrap();
        assert!(wrapped.contains("var prefabWasm2js = (function () {\nfunction asmFunc(imports)"));
        assert!(wrapped.contains("buffer.transfer(0)"));
        assert!(wrapped.ends_with("return asmFunc;\n})();\n"));
        assert!(!wrapped.contains("import ") && !wrapped.contains("retasmFunc"));
        assert!(wrap("function asmFunc() {}").is_err());
    }
}
