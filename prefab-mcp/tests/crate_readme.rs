//! The crate's own README (the crates.io page) shows `examples/add_ui.rs` verbatim, so the
//! code readers copy is the code `cargo test` compiles. Both files are in the package.
#![allow(clippy::unwrap_used)]

#[test]
fn crate_readme_snippet_is_the_compiled_example() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{dir}/README.md")).unwrap();
    let example = std::fs::read_to_string(format!("{dir}/examples/add_ui.rs")).unwrap();
    let code = readme
        .split("```rust,no_run\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("rust block");
    assert_eq!(code, example);
}
