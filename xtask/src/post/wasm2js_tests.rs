#![allow(clippy::unwrap_used)]
use super::*;
use wasm_encoder::{ConstExpr, DataSection, MemorySection, MemoryType, Module};

/// A module with one memory and these active segments.
fn module(segments: &[(i32, &[u8])]) -> Vec<u8> {
    let mut memories = MemorySection::new();
    memories.memory(MemoryType {
        minimum: 1,
        maximum: None,
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
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
    let committed = super::super::pack::unlzma(&read("renderer.wasm2js.lzma")).unwrap();
    let packed = pack(&script, &wasm).unwrap();
    assert!(
        packed == committed,
        "stale prefab/assets: run build-renderer"
    );
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
