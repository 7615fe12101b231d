//! See `prefab_fuzz::fallback` for the invariants.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| prefab_fuzz::fallback(data));
