//! The workspace `cargo xtask package` tests in: `target/packaged/`, the repository's
//! workspace with each published crate replaced by its unpacked `.crate`.
//!
//! * the root `Cargo.toml` is the repository's (same members, `workspace.dependencies`,
//!   profiles, lints) plus a `[patch.crates-io]` entry per published crate, since a packaged
//!   manifest asks crates.io for its sibling crates (`prefab-rs = "0.1.0"`);
//! * a published crate's folder holds its unpacked `.crate` and nothing else, so what the
//!   package reaches outside itself is missing here;
//! * an unpublished member (the side-by-side example, benches, xtask) is a stand-in: its
//!   manifest without its targets, and an empty library. It keeps every dependency with the
//!   same features, so the dependencies resolve exactly as in the repository and, built into
//!   the repository's target directory, are not rebuilt; its code is not there (nor needed:
//!   nothing published depends on it).
use crate::sh::{root, run};
use crate::version::Member;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes the mirror of the workspace of `members` into `dir`, each published member
/// unpacked from its `.crate` file (`crate_file`).
pub fn write(
    members: &[Member],
    dir: &Path,
    crate_file: impl Fn(&Member) -> PathBuf,
) -> Result<(), String> {
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for m in members {
        let folder = dir.join(&m.dir);
        mkdir(&folder)?;
        if m.published {
            // -m: files dated now, so cargo rebuilds what changed since the last run.
            run(Command::new("tar")
                .arg("-xzmf")
                .arg(crate_file(m))
                .arg("--strip-components=1")
                .arg("-C")
                .arg(&folder))?;
        } else {
            stand_in(m, &folder)?;
        }
    }
    let manifest = read(&root().join("Cargo.toml"))?;
    let published: Vec<&Member> = members.iter().filter(|m| m.published).collect();
    write_file(
        &dir.join("Cargo.toml"),
        &with_patches(&manifest, &published),
    )?;
    // The repository's versions of every dependency.
    write_file(&dir.join("Cargo.lock"), &read(&root().join("Cargo.lock"))?)
}

/// An unpublished member's manifest without its targets, and an empty library.
fn stand_in(m: &Member, folder: &Path) -> Result<(), String> {
    let manifest = read(&root().join(&m.dir).join("Cargo.toml"))?;
    write_file(&folder.join("Cargo.toml"), &without_targets(&manifest))?;
    mkdir(&folder.join("src"))?;
    write_file(
        &folder.join("src/lib.rs"),
        "//! Stand-in written by `cargo xtask package`: this member's dependencies, not its code.\n",
    )
}

/// `manifest` without its `[lib]`, `[[bin]]`, `[[bench]]`, `[[test]]` and `[[example]]`
/// tables (the stand-in has only `src/lib.rs`).
pub fn without_targets(manifest: &str) -> String {
    const TARGETS: [&str; 5] = ["[lib]", "[[bin]]", "[[bench]]", "[[test]]", "[[example]]"];
    let mut keep = true;
    let mut out = String::new();
    for line in manifest.split_inclusive('\n') {
        let header = line.trim();
        if header.starts_with('[') {
            keep = !TARGETS.contains(&header);
        }
        if keep {
            out.push_str(line);
        }
    }
    out
}

/// `manifest` with `[patch.crates-io]` entries pointing each published crate at its folder.
pub fn with_patches(manifest: &str, published: &[&Member]) -> String {
    const HEADER: &str = "[patch.crates-io]\n";
    let entries: String = published
        .iter()
        .map(|m| format!("{} = {{ path = \"{}\" }}\n", m.name, m.dir.display()))
        .collect();
    match manifest.find(HEADER) {
        Some(at) => {
            let at = at + HEADER.len();
            format!("{}{entries}{}", &manifest[..at], &manifest[at..])
        }
        None => format!("{manifest}\n# Written by `cargo xtask package`.\n{HEADER}{entries}"),
    }
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn mkdir(path: &Path) -> Result<(), String> {
    fs::create_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str, dir: &str) -> Member {
        Member {
            name: name.into(),
            version: "0.1.0".into(),
            published: true,
            rust_version: None,
            internal: Vec::new(),
            dir: dir.into(),
        }
    }

    #[test]
    fn stand_ins_keep_dependencies_and_drop_targets() {
        let manifest = "[package]\nname = \"b\"\n\n[lib]\ncrate-type = [\"cdylib\"]\n\n\
                        [dependencies]\nserde.workspace = true\n\n[[bench]]\nname = \"x\"\n\
                        harness = false\n\n[lints]\nworkspace = true\n";
        assert_eq!(
            without_targets(manifest),
            "[package]\nname = \"b\"\n\n[dependencies]\nserde.workspace = true\n\n\
             [lints]\nworkspace = true\n"
        );
    }

    #[test]
    fn patches_point_at_the_unpacked_folders() {
        let (a, b) = (
            member("prefab-rs", "prefab"),
            member("prefab-kanban", "examples/kanban"),
        );
        let text = with_patches("[workspace]\n", &[&a, &b]);
        assert!(text.ends_with(
            "[patch.crates-io]\nprefab-rs = { path = \"prefab\" }\n\
             prefab-kanban = { path = \"examples/kanban\" }\n"
        ));
        let merged = with_patches("[patch.crates-io]\nx = { path = \"y\" }\n", &[&a]);
        assert_eq!(
            merged,
            "[patch.crates-io]\nprefab-rs = { path = \"prefab\" }\nx = { path = \"y\" }\n"
        );
    }
}
