//! `cargo xtask cdn-bundle [DIR]`: the renderer as a versioned bundle directory, what an npm
//! package or a CDN serves to `prefab_mcp::Viewer::cdn(base)` pages.
//!
//! `DIR/prefab-renderer/<version>/` (default `DIR` = `target/cdn`) gets the files of
//! [`prefab::page::CDN_FILES`] (stylesheet, wrapped glue, loader, both engines), Mermaid
//! (`mermaid.min.js` of the pinned npm `mermaid`, loaded only when a diagram draws),
//! `package.json` (name, version, files) and `integrity.json` (`sha384-…` per file). The
//! hashes also go to `prefab/assets/integrity.json` at each `build-renderer`, which is
//! where the pages take them from.
use crate::sh::root;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// npm `mermaid` (installed into `target/npm` by `cargo xtask install`), whose
/// `dist/mermaid.min.js` the bundle carries; its hash is `prefab::page::MERMAID_INTEGRITY`.
pub const MERMAID_VERSION: &str = "12.3.0";

/// npm-style package name of the bundle.
pub const PACKAGE: &str = "prefab-renderer";

/// The bundle's files, from `generated` (`prefab/assets` or a fresh build).
fn files(generated: &Path) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let read = |name: &str| fs::read(generated.join(name)).map_err(|e| format!("{name}: {e}"));
    let glue = String::from_utf8_lossy(&read("renderer.js")?).into_owned();
    let mut out = Vec::new();
    for name in prefab::page::CDN_FILES {
        let bytes = match name {
            "glue.js" => prefab::page::glue_script(&glue).into_bytes(),
            other => read(other)?,
        };
        out.push((name, bytes));
    }
    Ok(out)
}

/// `integrity.json` for the bundle made from `assets`: `{"file": "sha384-…"}`.
pub fn integrity_json(assets: &Path) -> Result<String, String> {
    let mut map = serde_json::Map::new();
    for (name, bytes) in files(assets)? {
        map.insert(name.to_string(), sha384(&bytes)?.into());
    }
    serde_json::to_string_pretty(&map)
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
    for (name, bytes) in files(&assets)? {
        fs::write(out.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
        names.push(name);
    }
    let mermaid = root().join("target/npm/node_modules/mermaid/dist/mermaid.min.js");
    let bytes = fs::read(&mermaid)
        .map_err(|e| format!("{}: {e} (run `cargo xtask install`)", mermaid.display()))?;
    let hash = sha384(&bytes)?;
    if hash != prefab::page::MERMAID_INTEGRITY {
        return Err(format!(
            "{}: {hash}, expected prefab::page::MERMAID_INTEGRITY (npm mermaid {})",
            mermaid.display(),
            MERMAID_VERSION
        ));
    }
    fs::write(out.join(prefab::page::MERMAID_FILE), bytes).map_err(|e| e.to_string())?;
    names.push(prefab::page::MERMAID_FILE);
    let mut integrity: serde_json::Value =
        serde_json::from_str(&integrity_json(&assets)?).map_err(|e| e.to_string())?;
    if let Some(map) = integrity.as_object_mut() {
        map.insert(prefab::page::MERMAID_FILE.into(), hash.into());
    }
    let integrity = serde_json::to_string_pretty(&integrity).map_err(|e| e.to_string())? + "\n";
    fs::write(out.join("integrity.json"), integrity).map_err(|e| e.to_string())?;
    names.push("integrity.json");
    let package = serde_json::json!({
        "name": PACKAGE,
        "version": version,
        "description": "The $prefab renderer (WebAssembly and wasm2js engines) for prefab_mcp::Viewer::cdn pages",
        "license": "Apache-2.0",
        "files": names,
    });
    let text = serde_json::to_string_pretty(&package).map_err(|e| e.to_string())? + "\n";
    fs::write(out.join("package.json"), text).map_err(|e| e.to_string())?;
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
