//! `cargo xtask version [X.Y.Z]`: one version for every crate of the workspace and for the
//! npm/CDN bundle of the renderer.
//!
//! The version lives in the root `Cargo.toml` (`workspace.package.version`, inherited by
//! every crate, and the `version` of each internal entry of `workspace.dependencies`); the
//! bundle's `package.json` takes xtask's own version (`crate::cdn`), so it follows. Without
//! an argument the command checks that all of these agree, that `clippy.toml`'s `msrv` equals
//! the declared `rust-version` and that `CHANGELOG.md` has a section for the version; with
//! one it rewrites them all and refreshes the lock files.
use crate::sh::{root, run};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A workspace member as `cargo metadata` describes it.
pub struct Member {
    pub name: String,
    pub version: String,
    /// `publish` is not `false`: the crate goes to crates.io.
    pub published: bool,
    /// `rust-version`, when declared.
    pub rust_version: Option<String>,
    /// Dependencies on other members: (name, version requirement).
    pub internal: Vec<(String, String)>,
    /// Its folder, relative to the workspace root (`examples/kanban`).
    pub dir: PathBuf,
}

/// The members of the root workspace.
pub fn members() -> Result<Vec<Member>, String> {
    let out = Command::new("cargo")
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .current_dir(root())
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let meta: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let packages = meta["packages"]
        .as_array()
        .ok_or("cargo metadata: no packages")?;
    let root = root();
    Ok(packages.iter().map(|p| member(p, &root)).collect())
}

fn member(p: &serde_json::Value, root: &Path) -> Member {
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
    let internal = p["dependencies"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["path"].is_string())
        .map(|d| (text(&d["name"]), text(&d["req"])))
        .collect();
    Member {
        name: text(&p["name"]),
        version: text(&p["version"]),
        // `null`: any registry; `[]`: `publish = false`.
        published: p["publish"].is_null(),
        rust_version: p["rust_version"].as_str().map(str::to_owned),
        internal,
        dir: Path::new(p["manifest_path"].as_str().unwrap_or_default())
            .parent()
            .and_then(|dir| dir.strip_prefix(root).ok())
            .map(Path::to_path_buf)
            .unwrap_or_default(),
    }
}

/// `cargo xtask version [X.Y.Z]`.
pub fn cli(args: &[String]) -> Result<(), String> {
    match args {
        [] => check().map(|v| println!("{v}")),
        [new] => set(new),
        _ => Err("usage: cargo xtask version [X.Y.Z]".into()),
    }
}

/// Checks that the crates, their internal dependency requirements, the bundle, `clippy.toml`
/// and `CHANGELOG.md` agree; returns the version.
pub fn check() -> Result<String, String> {
    let members = members()?;
    let version = env!("CARGO_PKG_VERSION").to_owned();
    let mut problems = Vec::new();
    for m in &members {
        if m.version != version {
            problems.push(format!(
                "{} is version {}, the workspace {version}",
                m.name, m.version
            ));
        }
        for (dep, req) in &m.internal {
            if *req != format!("^{version}") && *req != "*" {
                problems.push(format!("{} requires {dep} {req}, not {version}", m.name));
            }
            if m.published && *req == "*" {
                problems.push(format!("{} depends on {dep} by path only", m.name));
            }
        }
    }
    problems.extend(msrv_problems(&members));
    if !changelog()?.contains(&format!("## [{version}]")) {
        problems.push(format!("CHANGELOG.md has no `## [{version}]` section"));
    }
    if problems.is_empty() {
        Ok(version)
    } else {
        Err(format!("versions disagree:\n  {}", problems.join("\n  ")))
    }
}

/// `clippy.toml`'s `msrv` must equal every crate's `rust-version` (clippy then checks that
/// no newer standard library API is used: `clippy::incompatible_msrv`).
fn msrv_problems(members: &[Member]) -> Vec<String> {
    let path = root().join("clippy.toml");
    let msrv = fs::read_to_string(&path)
        .ok()
        .and_then(|text| quoted_value(&text, "msrv"));
    let Some(msrv) = msrv else {
        return vec!["clippy.toml sets no `msrv`".into()];
    };
    members
        .iter()
        .filter(|m| m.rust_version.as_deref() != Some(msrv.as_str()))
        .map(|m| {
            format!(
                "{} declares rust-version {:?}, clippy.toml msrv {msrv}",
                m.name, m.rust_version
            )
        })
        .collect()
}

fn changelog() -> Result<String, String> {
    let path = root().join("CHANGELOG.md");
    fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The value of the first `key = "value"` line of `text`.
fn quoted_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_owned())
    })
}

/// Sets the version everywhere: the root `Cargo.toml`, both lock files, and a new
/// `CHANGELOG.md` section made of the `Unreleased` one.
fn set(new: &str) -> Result<(), String> {
    if !is_semver(new) {
        return Err(format!("{new:?} is not a version like 1.2.3 or 1.2.3-rc.1"));
    }
    let old = env!("CARGO_PKG_VERSION");
    let path = root().join("Cargo.toml");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    fs::write(&path, rewrite_manifest(&text, old, new))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let log = changelog()?;
    if !log.contains(&format!("## [{new}]")) {
        let date = crate::sh::output("date", &["-u", "+%F"]);
        let dated = release_changelog(&log, new, date.trim())?;
        fs::write(root().join("CHANGELOG.md"), dated).map_err(|e| format!("CHANGELOG.md: {e}"))?;
    }
    // The lock files record the members' versions.
    run(Command::new("cargo").args(["update", "--workspace"]))?;
    run(Command::new("cargo").args([
        "update",
        "--workspace",
        "--manifest-path",
        "fuzz/Cargo.toml",
    ]))?;
    eprintln!("version {old} -> {new}; `cargo xtask version` checks it (xtask rebuilt)");
    Ok(())
}

/// The root manifest with `old` replaced by `new` in `workspace.package.version` and in the
/// internal (`path = …`) entries of `workspace.dependencies`.
pub fn rewrite_manifest(text: &str, old: &str, new: &str) -> String {
    let mut section = "";
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            section = trimmed.trim_end();
        }
        let from = format!("version = \"{old}\"");
        let to = format!("version = \"{new}\"");
        let ours = match section {
            "[workspace.package]" => trimmed.starts_with("version"),
            "[workspace.dependencies]" => line.contains("path = "),
            _ => false,
        };
        if ours {
            out.push_str(&line.replace(&from, &to));
        } else {
            out.push_str(line);
        }
    }
    out
}

/// `CHANGELOG.md` with its `## [Unreleased]` section renamed `## [new] - date` under a new,
/// empty `Unreleased` section.
pub fn release_changelog(log: &str, new: &str, date: &str) -> Result<String, String> {
    const UNRELEASED: &str = "## [Unreleased]\n";
    if !log.contains(UNRELEASED) {
        return Err("CHANGELOG.md has no `## [Unreleased]` section to release".into());
    }
    Ok(log.replacen(
        UNRELEASED,
        &format!("{UNRELEASED}\n## [{new}] - {date}\n"),
        1,
    ))
}

fn is_semver(v: &str) -> bool {
    let core = v.split_once('-').map_or(v, |(core, _)| core);
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_only_our_versions() {
        let text = "[workspace.package]\nversion = \"0.1.0\"\n\n[workspace.dependencies]\n\
                    prefab-mcp = { path = \"prefab-mcp\", version = \"0.1.0\" }\n\
                    other = { version = \"0.1.0\" }\n";
        let out = rewrite_manifest(text, "0.1.0", "0.2.0");
        assert_eq!(
            out,
            "[workspace.package]\nversion = \"0.2.0\"\n\n[workspace.dependencies]\n\
             prefab-mcp = { path = \"prefab-mcp\", version = \"0.2.0\" }\n\
             other = { version = \"0.1.0\" }\n"
        );
    }

    #[test]
    fn releases_the_unreleased_section() {
        let log = "# Changelog\n\n## [Unreleased]\n\n### Fixed\n- a\n\n## [0.1.0] - 2026-01-01\n";
        let out = release_changelog(log, "0.2.0", "2026-02-02").unwrap_or_default();
        assert_eq!(
            out,
            "# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2026-02-02\n\n### Fixed\n- a\n\n\
             ## [0.1.0] - 2026-01-01\n"
        );
        assert!(release_changelog("# Changelog\n", "0.2.0", "d").is_err());
    }

    #[test]
    fn semver_shapes() {
        assert!(is_semver("1.2.3") && is_semver("0.10.0-rc.1"));
        assert!(!is_semver("1.2") && !is_semver("1.2.x") && !is_semver("v1.2.3"));
    }

    /// The committed tree agrees with itself (what `cargo xtask version` checks).
    #[test]
    fn committed_versions_agree() {
        if let Err(e) = check() {
            panic!("{e}");
        }
    }
}
