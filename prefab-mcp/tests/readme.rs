//! The README's "Add a UI to your rmcp tool" snippet is `examples/add_ui.rs`, verbatim, so
//! the code readers copy is the code `cargo test` compiles.
#![allow(clippy::unwrap_used)]

#[test]
fn readme_snippet_is_the_compiled_example() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let example = std::fs::read_to_string(format!("{root}/prefab-mcp/examples/add_ui.rs")).unwrap();
    let section = readme
        .split("## Add a UI to your rmcp tool")
        .nth(1)
        .expect("README section");
    let code = section
        .split("```rust\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("rust block");
    assert_eq!(code, example);
}
