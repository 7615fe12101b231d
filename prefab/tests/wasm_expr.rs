//! The conformance vectors again, compiled to wasm32 and run under node with
//! wasm-bindgen-test: the renderer runs this exact engine in the browser.
//!
//! ```sh
//! cargo test -p prefab-rs --no-default-features --target wasm32-unknown-unknown --test wasm_expr
//! ```
//!
//! The vector files are embedded at compile time (same relative path as the native test).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

mod conformance;

use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn all_conformance_vectors_pass_in_wasm() {
    let report = conformance::run(&conformance::Files {
        expressions: include_str!("../../conformance/expressions.json"),
        interpolation: include_str!("../../conformance/interpolation.json"),
        conditions: include_str!("../../conformance/conditions.json"),
        props: include_str!("../../conformance/interpolate-props.json"),
    });
    assert!(
        report.failures.is_empty(),
        "{} passed, {} failed:\n{}",
        report.passed,
        report.failures.len(),
        report.failures.join("\n")
    );
    assert_eq!(report.skipped, conformance::SKIPPED.len());
    assert!(report.passed > 990, "only {} vectors ran", report.passed);
}

#[wasm_bindgen_test]
fn deep_nesting_is_an_error_in_wasm_too() {
    let src = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(prefab::expr::parse(&src).is_err());
    let ok = format!("{}1{}", "(".repeat(200), ")".repeat(200));
    assert!(prefab::expr::parse(&ok).is_ok());
}

#[wasm_bindgen_test]
fn the_matches_pipe_is_javascripts_regexp_test() {
    conformance::check_matches();
}
