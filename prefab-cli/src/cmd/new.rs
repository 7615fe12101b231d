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
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    }
    for (path, text) in files {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
