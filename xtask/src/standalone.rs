//! The guard that keeps the repository standing on its own.
//!
//! Our workplace keeps reference material in a folder beside the checkout; a clone of the
//! repository does not have it. No code, script or configuration may therefore refer to that
//! sibling folder: only documentation (Markdown) may name it, as the origin of facts.
use crate::sh::root;
use std::path::{Path, PathBuf};

/// Folders never searched: build output, installed packages, git's own data.
const SKIPPED_DIRS: &[&str] = &["target", "node_modules", ".git"];

/// Fails with every offending `file:line` when a non-Markdown file refers to the sibling
/// folder.
pub fn check() -> Result<(), String> {
    // Built at run time so this file does not match its own pattern.
    let needle = ["..", "shared"].join("/");
    let mut offending = Vec::new();
    let mut stack = vec![root()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                if !SKIPPED_DIRS.contains(&name.as_ref()) {
                    stack.push(path);
                }
            } else if !name.ends_with(".md") {
                offending.extend(matches(&path, &needle));
            }
        }
    }
    if offending.is_empty() {
        eprintln!("standalone: no code, script or config refers to {needle}");
        return Ok(());
    }
    offending.sort();
    Err(format!(
        "these files refer to {needle}, which a clone of the repository does not have:\n  {}",
        offending.join("\n  ")
    ))
}

/// `relative/path:line` for each line of a text file containing `needle` (binary files and
/// unreadable files are skipped).
fn matches(path: &Path, needle: &str) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let shown = relative(path);
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.contains(needle))
        .map(|(n, _)| format!("{}:{}", shown.display(), n + 1))
        .collect()
}

fn relative(path: &Path) -> PathBuf {
    path.strip_prefix(root())
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}
