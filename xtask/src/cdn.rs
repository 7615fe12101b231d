//! `cargo xtask cdn-bundle [DIR]`: the renderer as a versioned bundle directory, what an npm
//! package or a CDN serves to `prefab_mcp::Viewer::cdn(base)` pages.
//!
//! `DIR/prefab-renderer/<version>/` (default `DIR` = `target/cdn`) gets the files of
//! [`prefab::page::CDN_FILES`] (stylesheet, wrapped glue, loader, both engines),
//! `package.json` (name, version, files) and `integrity.json` (`sha384-…` per file). The
//! hashes also go to `prefab/assets/integrity.json` at each `build-renderer`, which is
//! where the pages take them from.
use crate::sh::root;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// npm-style package name of the bundle.
pub const PACKAGE: &str = "prefab-renderer";

/// The bundle's files: names and bytes.
type Files = Vec<(&'static str, Vec<u8>)>;

/// The bundle's files, from `generated` (`prefab/assets` or a fresh build), with their
/// `sha384-…` hashes (in [`prefab::page::CDN_FILES`] order: the entry, last, carries the
/// hashes of the files it loads).
fn files(generated: &Path) -> Result<(Files, serde_json::Value), String> {
    let read = |name: &str| fs::read(generated.join(name)).map_err(|e| format!("{name}: {e}"));
    let mut out = Vec::new();
    let mut hashes = serde_json::Map::new();
    for name in prefab::page::CDN_FILES {
        let bytes = prefab::page::bundle_file(name, &read, &hashes.clone().into())?;
        hashes.insert(name.to_string(), sha384(&bytes)?.into());
        out.push((name, bytes));
    }
    Ok((out, hashes.into()))
}

/// `integrity.json` for the bundle made from `assets`: `{"file": "sha384-…"}`.
pub fn integrity_json(assets: &Path) -> Result<String, String> {
    pretty(&files(assets)?.1)
}

fn pretty(value: &serde_json::Value) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|s| s + "\n")
        .map_err(|e| e.to_string())
}

/// Writes the bundle of the committed assets under `dir`; returns its folder.
pub fn write_bundle(dir: &Path) -> Result<PathBuf, String> {
    let version = env!("CARGO_PKG_VERSION");
    let out = dir.join(PACKAGE).join(version);
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let assets = root().join("prefab/assets");
    let mut names = Vec::new();
    let (files, hashes) = files(&assets)?;
    for (name, bytes) in files {
        fs::write(out.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
        names.push(name);
    }
    fs::write(out.join("integrity.json"), pretty(&hashes)?).map_err(|e| e.to_string())?;
    names.push("integrity.json");
    let package = serde_json::json!({
        "name": PACKAGE,
        "version": version,
        "description": "The $prefab renderer (WebAssembly and wasm2js engines) for prefab_mcp::Viewer::cdn pages",
        "license": "Apache-2.0",
        "files": names,
    });
    fs::write(out.join("package.json"), pretty(&package)?).map_err(|e| e.to_string())?;
    eprintln!("CDN bundle written to {}", out.display());
    Ok(out)
}

/// `sha384-<base64>` of `bytes` (subresource integrity), with the system `openssl`.
fn sha384(bytes: &[u8]) -> Result<String, String> {
    let digest = crate::sh::filter(
        Command::new("openssl").args(["dgst", "-sha384", "-binary"]),
        bytes,
    )?;
    if digest.len() != 48 {
        return Err("openssl dgst -sha384 printed no 48-byte digest".into());
    }
    use base64::Engine;
    let text = base64::engine::general_purpose::STANDARD.encode(digest);
    Ok(format!("sha384-{text}"))
}
