//! `cargo xtask package`: the published crates as crates.io would serve them, built and
//! tested from those packaged sources alone.
//!
//! 1. `cargo xtask version`'s check (one version everywhere, `msrv` = `rust-version`);
//! 2. `cargo package` of every member whose `publish` is not `false` (cargo packages them
//!    together, resolving their dependencies on each other through a local overlay of the
//!    registry), and each `.crate`'s size against [`MAX_CRATE_BYTES`];
//! 3. the `.crate` files unpacked into `target/packaged/`, a generated workspace whose
//!    `[patch.crates-io]` points each name at its unpacked folder (so they find each other
//!    as they will on crates.io, and nothing else of the repository), then `cargo test` there
//!    with the repository's lock file and target directory (dependencies are not rebuilt);
//!    a package that reaches outside itself (`include_str!("../../…")`, a path dependency,
//!    a test reading the workspace's files) fails here;
//! 4. `cargo install --path` of the unpacked `prefab-cli` and its `prefab --version`.
use crate::sh::{root, run};
use crate::version::Member;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// crates.io refuses a `.crate` above 10 MB; we fail well before.
const MAX_CRATE_BYTES: u64 = 8 * 1024 * 1024;

/// The crate whose binary `cargo install` must give (`prefab --version`).
const CLI: (&str, &str) = ("prefab-cli", "prefab");

/// Every step above.
pub fn verify() -> Result<(), String> {
    let version = crate::version::check()?;
    let crates: Vec<Member> = crate::version::members()?
        .into_iter()
        .filter(|m| m.published)
        .collect();
    package(&crates)?;
    let dir = root().join("target/packaged");
    unpack(&crates, &dir)?;
    test(&dir)?;
    install_cli(&dir, &version)
}

fn crate_dir(m: &Member) -> String {
    format!("{}-{}", m.name, m.version)
}

/// `cargo package` of `crates` (sources as committed or not: this is a check, not a
/// release) and the size of each `.crate`.
fn package(crates: &[Member]) -> Result<(), String> {
    let mut cmd = Command::new("cargo");
    cmd.args(["package", "--no-verify", "--allow-dirty"]);
    for m in crates {
        cmd.args(["-p", &m.name]);
    }
    run(&mut cmd)?;
    let mut over = Vec::new();
    for m in crates {
        let path = packaged(m);
        let size = fs::metadata(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .len();
        eprintln!(
            "{:>28}.crate {:>10} bytes (limit {MAX_CRATE_BYTES})",
            crate_dir(m),
            thousands(size)
        );
        if size > MAX_CRATE_BYTES {
            over.push(crate_dir(m));
        }
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!("over {MAX_CRATE_BYTES} bytes: {}", over.join(", ")))
    }
}

fn packaged(m: &Member) -> PathBuf {
    root().join(format!("target/package/{}.crate", crate_dir(m)))
}

/// Unpacks every `.crate` into `dir` and writes the workspace that joins them.
fn unpack(crates: &[Member], dir: &Path) -> Result<(), String> {
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for m in crates {
        run(Command::new("tar")
            .arg("-xzmf") // -m: files dated now, so cargo rebuilds what changed
            .arg(packaged(m))
            .arg("-C")
            .arg(dir))?;
    }
    fs::write(dir.join("Cargo.toml"), manifest(crates))
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    // The repository's versions of every dependency (unused entries are dropped by cargo).
    fs::copy(root().join("Cargo.lock"), dir.join("Cargo.lock"))
        .map(|_| ())
        .map_err(|e| format!("Cargo.lock: {e}"))
}

/// The generated workspace: the unpacked crates, each found through `[patch.crates-io]`.
fn manifest(crates: &[Member]) -> String {
    let mut members = String::new();
    let mut patches = String::new();
    for m in crates {
        members.push_str(&format!("    \"{}\",\n", crate_dir(m)));
        patches.push_str(&format!(
            "{} = {{ path = \"{}\" }}\n",
            m.name,
            crate_dir(m)
        ));
    }
    format!(
        "# Written by `cargo xtask package`: the packaged crates as crates.io serves them,\n\
         # finding each other through [patch.crates-io] instead of the registry.\n\
         [workspace]\nresolver = \"3\"\nmembers = [\n{members}]\n\n[patch.crates-io]\n{patches}"
    )
}

/// `cargo test` of every unpacked crate, in the repository's target directory.
fn test(dir: &Path) -> Result<(), String> {
    let mut cmd = cargo_in(dir);
    cmd.args(["test", "--workspace"]);
    cmd.env("PREFAB_TEST_DATABASE_URL", crate::install::postgres()?);
    if std::env::var_os("CI").is_some() && std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        cmd.env("PROPTEST_RNG_SEED", "20261130");
    }
    run(&mut cmd)
}

/// `cargo install --path` of the unpacked command crate (a debug build, sharing the test
/// run's artifacts) into `dir/install`, then `prefab --version`.
fn install_cli(dir: &Path, version: &str) -> Result<(), String> {
    let (name, bin) = CLI;
    let source = dir.join(format!("{name}-{version}"));
    let prefix = dir.join("install");
    run(cargo_in(dir)
        .args(["install", "--locked", "--debug", "--path"])
        .arg(&source)
        .arg("--root")
        .arg(&prefix))?;
    let exe = prefix.join("bin").join(bin);
    let out = Command::new(&exe)
        .arg("--version")
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let printed = String::from_utf8_lossy(&out.stdout);
    let expected = format!("{bin} {version}");
    eprintln!("$ {} --version\n{}", exe.display(), printed.trim_end());
    if out.status.success() && printed.trim() == expected {
        Ok(())
    } else {
        Err(format!(
            "{bin} --version printed {printed:?} (exit {}), expected {expected:?}",
            out.status
        ))
    }
}

/// `cargo` run from `dir` with the repository's target directory.
fn cargo_in(dir: &Path) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(dir)
        .env("CARGO_TARGET_DIR", root().join("target"));
    cmd
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str) -> Member {
        Member {
            name: name.into(),
            version: "0.1.0".into(),
            published: true,
            rust_version: None,
            internal: Vec::new(),
        }
    }

    #[test]
    fn generated_workspace_patches_every_crate() {
        let text = manifest(&[member("prefab-rs"), member("prefab-mcp")]);
        assert!(text.contains("members = [\n    \"prefab-rs-0.1.0\",\n    \"prefab-mcp-0.1.0\",\n]"));
        assert!(text.contains("[patch.crates-io]\nprefab-rs = { path = \"prefab-rs-0.1.0\" }\n"));
        assert!(text.contains("prefab-mcp = { path = \"prefab-mcp-0.1.0\" }\n"));
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(967_196), "967,196");
        assert_eq!(thousands(8_388_608), "8,388,608");
    }
}
