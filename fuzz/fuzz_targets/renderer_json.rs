//! The renderer's own JSON reader (`prefab_renderer::json`, compiled natively): it never
//! panics, and it accepts every document serde_json accepts (serde_json stops at 128
//! levels of nesting and refuses out-of-range numbers, so it accepts a subset of RFC 8259).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ours = prefab_renderer::json::parse(text);
    if serde_json::from_str::<serde_json::Value>(text).is_ok() {
        assert!(ours.is_ok(), "{text:?}: {ours:?}");
    }
});
