//! See `prefab_fuzz::expr` for the invariants.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| prefab_fuzz::expr(data));
