//! The invariants the fuzz targets check, as plain functions: each takes the fuzzer's bytes
//! and panics when an invariant breaks. The targets in `fuzz_targets/` call them, and
//! `prefab/tests/fuzz_regressions.rs` replays the inputs kept in `fuzz/regressions/`
//! through the same functions (it includes this file by path, so it must only use `prefab`
//! and `serde_json`).
//!
//! * [`wire`]: anything `validate` accepts parses into the typed model, round-trips to a
//!   fixed point, validates again, and renders a bounded text fallback.
//! * [`expr`]: any expression that parses evaluates without panicking, and its printed form
//!   parses back and prints the same.
//! * [`fallback`]: any JSON value gets a text fallback within the default size bound.
#![allow(clippy::panic)]

use prefab::display::{Content, display};
use prefab::fallback::{DEFAULT_MAX_BYTES, text_fallback};
use prefab::validate::{Document, validate_str};

/// Wire text → validate → typed model → JSON → typed model → JSON, and the fallback.
pub fn wire(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if !validate_str(text).is_valid() {
        return;
    }
    let doc = Document::from_json(text)
        .unwrap_or_else(|e| panic!("validate accepted {text:?} but parsing failed: {e}"));
    let first = doc.to_value().expect("a parsed document serializes");
    let printed = first.to_string();
    assert!(
        validate_str(&printed).is_valid(),
        "the round-tripped {printed} does not validate"
    );
    let again = Document::from_json(&printed)
        .unwrap_or_else(|e| panic!("the round-tripped {printed} does not parse: {e}"));
    assert_eq!(
        again.to_value().expect("serializes"),
        first,
        "the round trip of {text:?} is not stable"
    );
    bounded_fallback(first);
}

/// Expression text → parse → evaluate (against a small state) → print → parse → print.
pub fn expr(data: &[u8]) {
    use prefab::expr::{Env, Template, Value, parse};
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let state: Value = (&serde_json::json!({
        "n": 3, "x": -2.5, "big": 1e300, "s": "Hello, world", "t": true, "z": null,
        "items": [{"name": "a", "price": 2}, {"name": "b", "price": 0.5}],
        "user": {"name": "Ada", "tags": ["x", "y"], "since": "2024-01-15T10:00:00Z"}
    }))
        .into();
    let env = Env::default();
    // Templates take any text; they must never panic either.
    let _ = Template::parse(src).render(&state, &env);
    let Ok(expr) = parse(src) else {
        return;
    };
    let _ = expr.eval(&state, &env);
    let printed = expr.to_string();
    let back = parse(&printed)
        .unwrap_or_else(|e| panic!("{src:?} printed as {printed:?}, which does not parse: {e}"));
    assert_eq!(
        back.to_string(),
        printed,
        "{src:?}: printing is not a fixed point"
    );
}

/// Any JSON value → text fallback and `display()` content, both within the bound.
pub fn fallback(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let text = text_fallback(&value);
    assert!(text.len() <= DEFAULT_MAX_BYTES, "{} bytes", text.len());
    bounded_fallback(value);
}

fn bounded_fallback(value: serde_json::Value) {
    let result = display(value);
    for Content::Text { text } in &result.content {
        assert!(text.len() <= DEFAULT_MAX_BYTES, "{} bytes", text.len());
    }
}
