//! `prefab new NAME [--path DIR]`: writes a new MCP server crate (a UI tool, a form tool,
//! `stdio` and `http` subcommands) that builds and runs as is.
//!
//! The files are `prefab-cli/templates/new/`, with `{{name}}` (the crate name) and
//! `{{prefab_version}}` (this command's version, which is also `prefab-rs`'s and
//! `prefab-mcp`'s) replaced. The other dependencies' versions are written in the template;
//! `tests/new.rs` checks that they are the workspace's.
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The arguments of `prefab new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The crate's name: ASCII letters, digits, `-` and `_`, starting with a letter.
    name: String,
    /// The folder to create (default: ./NAME); it must not exist or be empty.
    #[arg(long, value_name = "DIR")]
    path: Option<PathBuf>,
}

/// The template: each file's path in the new crate and its text.
const FILES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../../templates/new/Cargo.toml.tmpl"),
    ),
    (
        "README.md",
        include_str!("../../templates/new/README.md.tmpl"),
    ),
    (
        ".gitignore",
        include_str!("../../templates/new/gitignore.tmpl"),
    ),
    (
        "src/main.rs",
        include_str!("../../templates/new/src/main.rs"),
    ),
    (
        "src/tools.rs",
        include_str!("../../templates/new/src/tools.rs"),
    ),
    (
        "src/tools/tests.rs",
        include_str!("../../templates/new/src/tools/tests.rs"),
    ),
];

/// Names a package cannot take: Rust keywords, the standard crates, the folders cargo
/// writes, and the template's own dependencies (a package cannot depend on its own name).
const RESERVED: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "gen",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "alloc",
    "core",
    "proc_macro",
    "std",
    "test",
    "build",
    "deps",
    "examples",
    "incremental",
    "prefab",
    "prefab-rs",
    "prefab-mcp",
    "prefab-test",
    "rmcp",
    "tokio",
    "serde",
    "serde_json",
    "schemars",
    "clap",
];

pub fn run(args: &NewArgs) -> Result<ExitCode, String> {
    let dir = args
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from(&args.name));
    let files = render(&args.name)?;
    create(&dir, &files)?;
    println!(
        "Created the MCP server `{}` in {}. Next:\n  cd {}\n  cargo run -- stdio     # or: prefab dev -- cargo run -- stdio\n(see its README.md to connect a host)",
        args.name,
        dir.display(),
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The template's files for the crate `name`.
fn render(name: &str) -> Result<Vec<(&'static str, String)>, String> {
    check_name(name)?;
    Ok(FILES
        .iter()
        .map(|(path, text)| {
            let text = text
                .replace("{{name}}", name)
                .replace("{{prefab_version}}", env!("CARGO_PKG_VERSION"));
            (*path, text)
        })
        .collect())
}

/// A valid package name, that also makes a valid binary and library name.
fn check_name(name: &str) -> Result<(), String> {
    let problem = if name.is_empty() {
        Some("is empty")
    } else if name.len() > 64 {
        Some("is longer than 64 characters")
    } else if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        Some("must start with an ASCII letter")
    } else if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        Some("may hold only ASCII letters, digits, `-` and `_`")
    } else if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
        Some("is reserved (a Rust keyword, a standard crate, or a dependency of the template)")
    } else {
        None
    };
    match problem {
        Some(problem) => Err(format!("invalid crate name {name:?}: it {problem}")),
        None => Ok(()),
    }
}

/// Writes `files` under `dir`, which must not exist or be an empty folder.
fn create(dir: &Path, files: &[(&str, String)]) -> Result<(), String> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(format!(
                    "{} is not empty: nothing was written (pick another --path)",
                    dir.display()
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("{}: {e}", parent.display()))?;
            }
            std::fs::DirBuilder::new()
                .create(dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    }
    write_files(dir, files)
}

/// Writes `files` under `dir` (checked empty a moment before). Others may be able to
/// write to `dir`: every folder and file is created here and must not exist yet, and no
/// symbolic link under `dir` is followed (each folder is checked right before a file is
/// written in it), so nothing planted meanwhile redirects or replaces a write.
fn write_files(dir: &Path, files: &[(&str, String)]) -> Result<(), String> {
    use std::io::Write;
    let mut made = std::collections::HashSet::new();
    for (relative, text) in files {
        let mut folder = dir.to_path_buf();
        let mut parts: Vec<_> = Path::new(relative).components().collect();
        let name = parts.pop().ok_or("an empty template path")?;
        for part in parts {
            folder.push(part);
            if made.insert(folder.clone()) {
                std::fs::DirBuilder::new().create(&folder).map_err(|e| {
                    format!("{}: {e} (it appeared while writing)", folder.display())
                })?;
            }
            let kind = std::fs::symlink_metadata(&folder)
                .map_err(|e| format!("{}: {e}", folder.display()))?
                .file_type();
            if !kind.is_dir() {
                return Err(format!(
                    "{} was replaced while writing (by a link or a file): stopped",
                    folder.display()
                ));
            }
        }
        let path = folder.join(name);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| format!("{}: {e} (it appeared while writing)", path.display()))?;
        file.write_all(text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder.
    fn scratch(name: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("prefab-new-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    /// Someone who can write to the (empty) target plants `src` -> a folder of theirs
    /// after the emptiness check: nothing may be written there.
    #[cfg(unix)]
    #[test]
    fn a_symlink_planted_in_the_target_is_not_followed() {
        let root = scratch("symlink");
        let (target, outside) = (root.join("target"), root.join("outside"));
        std::fs::create_dir(&target).expect("target");
        std::fs::create_dir(&outside).expect("outside");
        let files = render("planted").expect("a valid name");
        create(&target, &[]).expect("the empty target passes the check");
        std::os::unix::fs::symlink(&outside, target.join("src")).expect("the planted link");
        let written = write_files(&target, &files);
        let leaked: Vec<_> = std::fs::read_dir(&outside)
            .expect("outside")
            .map(|e| e.map(|e| e.file_name()))
            .collect();
        let _ = std::fs::remove_dir_all(&root);
        assert!(leaked.is_empty(), "written outside the target: {leaked:?}");
        let error = written.expect_err("the planted link is refused");
        assert!(error.contains("src"), "{error}");
    }

    #[test]
    fn a_file_planted_in_the_target_is_not_overwritten() {
        let target = scratch("planted-file");
        std::fs::write(target.join("Cargo.toml"), "mine").expect("a planted file");
        let files = render("planted").expect("a valid name");
        let written = write_files(&target, &files);
        let kept = std::fs::read_to_string(target.join("Cargo.toml")).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&target);
        assert!(written.is_err());
        assert_eq!(kept, "mine");
    }

    #[test]
    fn names_follow_cargo_rules() {
        for good in ["my-server", "orders_mcp", "a", "Tool2"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for (bad, why) in [
            ("", "is empty"),
            ("2fast", "must start with an ASCII letter"),
            ("-x", "must start with an ASCII letter"),
            ("my server", "may hold only"),
            ("café", "may hold only"),
            ("self", "is reserved"),
            ("Std", "is reserved"),
            ("rmcp", "is reserved"),
        ] {
            let err = check_name(bad).expect_err(bad);
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert!(check_name(&"x".repeat(65)).is_err());
    }

    #[test]
    fn every_placeholder_is_replaced() {
        let files = render("orders-mcp").expect("a valid name");
        for (path, text) in &files {
            assert!(
                !text.contains("{{name}}") && !text.contains("{{prefab_version}}"),
                "{path}"
            );
        }
        let manifest = &files
            .iter()
            .find(|(p, _)| *p == "Cargo.toml")
            .expect("manifest")
            .1;
        assert!(manifest.contains("name = \"orders-mcp\""));
        let version = format!("prefab-rs = \"{}\"", env!("CARGO_PKG_VERSION"));
        assert!(manifest.contains(&version), "{manifest}");
    }
}
