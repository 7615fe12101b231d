//! The crate's README (the crates.io page) shows the crate documentation's first example,
//! which `cargo test` runs as a doctest. Both files are in the package.
#![allow(clippy::unwrap_used)]

#[test]
fn crate_readme_example_is_the_doctested_one() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{dir}/README.md")).unwrap();
    let lib = std::fs::read_to_string(format!("{dir}/src/lib.rs")).unwrap();
    let block = |text: &str| -> String {
        text.split("```rust\n")
            .nth(1)
            .or_else(|| text.split("```\n").nth(1))
            .and_then(|rest| rest.split("```").next())
            .expect("code block")
            .to_owned()
    };
    let docs: String = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| format!("{}\n", line.strip_prefix(' ').unwrap_or(line)))
        .collect();
    assert_eq!(block(&readme), block(&docs));
}
