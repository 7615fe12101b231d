//! `cargo xtask contact-sheet`: screenshots (light and dark) of every catalogue document
//! into `target/contact-sheet/` with an `index.html` grid, beside prefab-ui's renderer when
//! the render benchmark's setup has installed it (`target/bench-render`).
use crate::sh::{root, run};
use std::process::Command;

/// Writes the pages and the auto-renderer outputs, then runs the screenshot script.
pub fn write(args: &[String]) -> Result<(), String> {
    let pages = root().join("target/pages");
    crate::pages::write(&pages)?;
    run(Command::new("cargo").args(["test", "-p", "prefab-rs", "--test", "catalog_outputs"]))?;
    run(Command::new("node")
        .arg("prefab-renderer/tests/contact-sheet.mjs")
        .arg("--pages")
        .arg(&pages)
        .arg("--out")
        .arg(root().join("target/contact-sheet"))
        .args(args))
}
