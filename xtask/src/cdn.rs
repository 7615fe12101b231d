//! `cargo xtask cdn-bundle [DIR]`: the renderer as a versioned bundle directory, what an npm
//! package or a CDN serves to `prefab_mcp::Viewer::cdn(base)` pages.
//!
//! `DIR/prefab-renderer/<version>/` (default `DIR` = `target/cdn`) gets the files of
//! [`prefab::page::CDN_FILES`] (stylesheet, wrapped glue, loader, both engines, the entry),
//! Mermaid (`mermaid.min.js` of the pinned npm `mermaid`, loaded only when a diagram draws),
//! `README.md` (`xtask/npm/README.md`), `package.json` (name, version = the workspace's, so
//! `cargo xtask version` moves it, license, `files`, `exports`, `integrity`) and
//! `integrity.json` (`sha384-…` per file): an npm package. The hashes also go to
//! `prefab/assets/integrity.json` at each `build-renderer`, which is where the pages take
//! them from. [`npm_suite`] packs it, installs the tarball and serves it from there.
use crate::sh::root;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// npm `mermaid` (installed into `target/npm` by `cargo xtask install`), whose
/// `dist/mermaid.min.js` the bundle carries; its hash is `prefab::page::MERMAID_INTEGRITY`.
pub const MERMAID_VERSION: &str = "12.3.0";

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
    let (files, mut hashes) = files(&assets)?;
    for (name, bytes) in files {
        fs::write(out.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
        names.push(name);
    }
    let mermaid = root().join("target/npm/node_modules/mermaid/dist/mermaid.min.js");
    let bytes = fs::read(&mermaid)
        .map_err(|e| format!("{}: {e} (run `cargo xtask install`)", mermaid.display()))?;
    let hash = sha384(&bytes)?;
    if hash != prefab::page::MERMAID_INTEGRITY {
        return Err(format!(
            "{}: {hash}, expected prefab::page::MERMAID_INTEGRITY (npm mermaid {MERMAID_VERSION})",
            mermaid.display(),
        ));
    }
    fs::write(out.join(prefab::page::MERMAID_FILE), bytes).map_err(|e| e.to_string())?;
    names.push(prefab::page::MERMAID_FILE);
    if let Some(map) = hashes.as_object_mut() {
        map.insert(prefab::page::MERMAID_FILE.into(), hash.into());
    }
    fs::write(out.join("integrity.json"), pretty(&hashes)?).map_err(|e| e.to_string())?;
    names.push("integrity.json");
    let readme = include_str!("../npm/README.md").replace("{version}", version);
    fs::write(out.join("README.md"), readme).map_err(|e| e.to_string())?;
    names.push("README.md");
    let mut exports = serde_json::Map::new();
    exports.insert(".".into(), "./renderer.js".into());
    for name in names.iter().chain(&["package.json"]) {
        exports.insert(format!("./{name}"), format!("./{name}").into());
    }
    let package = serde_json::json!({
        "name": PACKAGE,
        "version": version,
        "description": "The $prefab renderer (WebAssembly and wasm2js engines): prefab-ui's renderer.js/renderer.css names, prefab_mcp::Viewer::cdn pages",
        "license": "Apache-2.0",
        "main": "renderer.js",
        "exports": exports,
        "files": names,
        "integrity": "integrity.json",
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

/// The bundle as an npm package: `npm pack` of a fresh bundle, `npm install <tarball>` into
/// an empty folder, every installed file against its `integrity.json` hash, then
/// `delivery.mjs --cdn` boots the CDN viewer of `pages` from the installed package's folder
/// (`node_modules/prefab-renderer/`, served over HTTP) in the test host under both CSPs.
pub fn npm_suite(pages: &Path) -> Result<(), String> {
    let work = root().join("target/npm-package");
    let _ = fs::remove_dir_all(&work);
    let bundle = write_bundle(&work.join("bundle"))?;
    let npm =
        |dir: &Path, args: &[&str]| crate::sh::run(Command::new("npm").args(args).current_dir(dir));
    npm(&bundle, &["pack", "--silent", "--pack-destination", ".."])?;
    let version = env!("CARGO_PKG_VERSION");
    let tarball = bundle.with_file_name(format!("{PACKAGE}-{version}.tgz"));
    let empty = work.join("empty");
    fs::create_dir_all(&empty).map_err(|e| format!("{}: {e}", empty.display()))?;
    let tarball = tarball.to_str().ok_or("the tarball's path is not UTF-8")?;
    npm(
        &empty,
        &["install", "--no-audit", "--no-fund", "--offline", tarball],
    )?;
    let installed = empty.join("node_modules").join(PACKAGE);
    check_integrity(&installed)?;
    // The CDN viewer's base is `<origin>/prefab-renderer/<version>`: that path, a link to
    // the installed package's folder.
    let served = work.join("served").join(PACKAGE);
    fs::create_dir_all(&served).map_err(|e| format!("{}: {e}", served.display()))?;
    std::os::unix::fs::symlink(&installed, served.join(version))
        .map_err(|e| format!("{}: {e}", served.display()))?;
    crate::sh::run(
        Command::new("node")
            .arg(root().join("prefab-renderer/tests/delivery.mjs"))
            .arg("--pages")
            .arg(pages)
            .arg("--cdn")
            .arg(work.join("served")),
    )
}

/// Every file `integrity.json` names in `dir` has that hash, and every file of
/// `package.json`'s `files` is there.
fn check_integrity(dir: &Path) -> Result<(), String> {
    let read = |name: &str| fs::read(dir.join(name)).map_err(|e| format!("installed {name}: {e}"));
    let json = |name: &str| -> Result<serde_json::Value, String> {
        serde_json::from_slice(&read(name)?).map_err(|e| format!("installed {name}: {e}"))
    };
    let hashes = json("integrity.json")?;
    let hashes = hashes.as_object().ok_or("integrity.json: not an object")?;
    for name in prefab::page::CDN_FILES {
        let want = hashes.get(name).and_then(|h| h.as_str());
        let got = sha384(&read(name)?)?;
        if want != Some(got.as_str()) {
            return Err(format!(
                "installed {name}: {got}, integrity.json says {want:?}"
            ));
        }
    }
    let package = json("package.json")?;
    for name in package["files"].as_array().into_iter().flatten() {
        let name = name.as_str().ok_or("package.json files: not a string")?;
        read(name)?;
    }
    eprintln!(
        "npm package: {} files installed, their SRI hashes match",
        hashes.len()
    );
    Ok(())
}
