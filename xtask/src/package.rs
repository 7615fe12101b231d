//! `cargo xtask package [--install]`: the published crates as crates.io would serve them,
//! built and tested from those packaged sources alone.
//!
//! 1. `cargo xtask version`'s check (one version everywhere, `msrv` = `rust-version`);
//! 2. `cargo package` of every member whose `publish` is not `false` (cargo packages them
//!    together, resolving their dependencies on each other through a local overlay of the
//!    registry), and each `.crate`'s size against [`MAX_CRATE_BYTES`];
//! 3. `cargo test --workspace` in `target/packaged/` ([`mirror`]: the workspace with each
//!    published crate replaced by its unpacked `.crate`), sharing the repository's build
//!    directory, so only the published crates are compiled again. A package that reaches
//!    outside itself (`include_str!("../../…")`, a path dependency, a test reading the
//!    workspace's files) fails here;
//! 4. `prefab --version` of the command that run built from the packaged `prefab-cli`; with
//!    `--install`, also `cargo install --path` of the unpacked `prefab-cli` (a build of it
//!    alone, minutes more) and the installed `prefab --version`.
mod mirror;

use crate::sh::{root, run};
use crate::version::Member;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// crates.io refuses a `.crate` above 10 MB; we fail well before.
const MAX_CRATE_BYTES: u64 = 8 * 1024 * 1024;

/// The crate whose binary users install, and the binary.
const CLI: (&str, &str) = ("prefab-cli", "prefab");

/// `cargo xtask package [--install]`.
pub fn cli(args: &[String]) -> Result<(), String> {
    match args {
        [] => verify(false),
        [flag] if flag == "--install" => verify(true),
        _ => Err("usage: cargo xtask package [--install]".into()),
    }
}

/// Every step above; `install`: step 4's `cargo install` too.
pub fn verify(install: bool) -> Result<(), String> {
    let version = crate::version::check()?;
    let members = crate::version::members()?;
    let published: Vec<&Member> = members.iter().filter(|m| m.published).collect();
    package(&published)?;
    let dir = root().join("target/packaged");
    mirror::write(&members, &dir, packaged)?;
    test(&dir)?;
    let (name, bin) = CLI;
    check_version(&dir.join("target/debug").join(bin), &version)?;
    if install {
        let cli = published
            .iter()
            .find(|m| m.name == name)
            .ok_or_else(|| format!("{name} is not published"))?;
        let prefix = dir.join("install");
        run(cargo_in(&dir)
            .args(["install", "--locked", "--debug", "--path"])
            .arg(dir.join(&cli.dir))
            .arg("--root")
            .arg(&prefix))?;
        check_version(&prefix.join("bin").join(bin), &version)?;
    }
    Ok(())
}

/// `cargo package` of `crates` (sources as they are, committed or not: this is a check, not
/// a release) and the size of each `.crate`.
fn package(crates: &[&Member]) -> Result<(), String> {
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
        let name = format!("{}-{}.crate", m.name, m.version);
        eprintln!(
            "{name:>28} {:>9} bytes (limit {})",
            thousands(size),
            thousands(MAX_CRATE_BYTES)
        );
        if size > MAX_CRATE_BYTES {
            over.push(name);
        }
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!("over {MAX_CRATE_BYTES} bytes: {}", over.join(", ")))
    }
}

/// Where `cargo package` writes `m`'s `.crate`.
fn packaged(m: &Member) -> PathBuf {
    root().join(format!("target/package/{}-{}.crate", m.name, m.version))
}

/// `cargo test --workspace` in the mirror, with the environment the repository's own run
/// has (`crate::suites`).
fn test(dir: &Path) -> Result<(), String> {
    let mut cmd = cargo_in(dir);
    cmd.args(["test", "--workspace"]);
    cmd.env("PREFAB_TEST_DATABASE_URL", crate::install::postgres()?);
    if std::env::var_os("CI").is_some() && std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        cmd.env("PROPTEST_RNG_SEED", "20261130");
    }
    run(&mut cmd)
}

/// `exe --version` prints `prefab <version>`.
fn check_version(exe: &Path, version: &str) -> Result<(), String> {
    let out = Command::new(exe)
        .arg("--version")
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let printed = String::from_utf8_lossy(&out.stdout);
    let expected = format!("{} {version}", CLI.1);
    eprintln!("$ {} --version\n{}", exe.display(), printed.trim_end());
    if out.status.success() && printed.trim() == expected {
        Ok(())
    } else {
        Err(format!(
            "{} --version printed {printed:?} ({}), expected {expected:?}",
            exe.display(),
            out.status
        ))
    }
}

/// `cargo` run in the mirror `dir`: its intermediate artifacts go to the repository's build
/// directory (so the dependencies already built there are reused), its final ones (the
/// binaries) to `dir/target`, away from the repository's own `prefab`, `hello`, ….
/// (Incremental compilation stays on: `CARGO_INCREMENTAL=0` changes every dependency's hash,
/// so all would be built again.)
fn cargo_in(dir: &Path) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(dir)
        .env("CARGO_BUILD_BUILD_DIR", build_dir())
        .env("CARGO_TARGET_DIR", dir.join("target"));
    cmd
}

/// The repository's build directory: `CARGO_BUILD_BUILD_DIR`, else its target directory
/// (`CARGO_TARGET_DIR` or `target/`).
fn build_dir() -> PathBuf {
    ["CARGO_BUILD_BUILD_DIR", "CARGO_TARGET_DIR"]
        .iter()
        .find_map(std::env::var_os)
        .map_or_else(|| root().join("target"), PathBuf::from)
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(967_196), "967,196");
        assert_eq!(thousands(8_388_608), "8,388,608");
    }
}
