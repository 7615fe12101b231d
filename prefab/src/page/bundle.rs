//! The files of the renderer bundle: what `cargo xtask cdn-bundle` writes (the npm package
//! `prefab-renderer`, a CDN) and `prefab serve` serves at `/renderer/`.
//!
//! Besides the files [`cdn_viewer_html`](super::cdn_viewer_html) pages link, the bundle
//! answers to the names of prefab-ui's CDN renderer: `renderer.css` and `renderer.js`, an ES
//! module that loads the rest from its own base URL with subresource integrity. A page made
//! by prefab-ui's `get_renderer_html()` with `PREFAB_RENDERER_URL=<bundle base>` (every
//! FastMCP UI tool) therefore runs this renderer. That page may load scripts from the
//! bundle's origin but fetch nothing, so the WebAssembly engine also comes as a script,
//! `renderer_bg.wasm.js` (its gzip bytes in base64).
use super::assets::base64;

/// The files of a bundle, each listed with its hash in `integrity.json`. The entry
/// `renderer.js` comes last: it carries the hashes of the files it loads.
pub const CDN_FILES: [&str; 7] = [
    "renderer.css",
    "glue.js",
    "loader.js",
    "renderer_bg.wasm",
    "renderer.wasm2js.js",
    "renderer_bg.wasm.js",
    "renderer.js",
];

/// The files the entry `renderer.js` loads, whose hashes it carries.
const ENTRY_LOADS: [&str; 4] = [
    "glue.js",
    "loader.js",
    "renderer_bg.wasm.js",
    "renderer.wasm2js.js",
];

/// The placeholder in `entry.js` that the hashes replace.
const PLACEHOLDER: &str = "PREFAB_INTEGRITY";

/// Bundle file `name` made from the renderer's build outputs: `asset(file)` reads a file
/// of `prefab/assets/` (or of a fresh build), `integrity` maps the bundle's other file
/// names to their `sha384-…` hashes (the entry needs those of the files it loads).
///
/// # Errors
/// An unknown name, an asset `asset` cannot read, or a missing hash.
///
/// ```
/// use serde_json::json;
/// let asset = |name: &str| Ok::<_, String>(match name {
///     "entry.js" => b"const integrity=PREFAB_INTEGRITY;".to_vec(),
///     _ => Vec::new(),
/// });
/// let hashes = json!({"glue.js": "a", "loader.js": "b", "renderer_bg.wasm.js": "c", "renderer.wasm2js.js": "d"});
/// let entry = prefab::page::bundle_file("renderer.js", &asset, &hashes).unwrap();
/// assert!(String::from_utf8(entry).unwrap().contains(r#"integrity={"glue.js":"a","#));
/// ```
pub fn bundle_file(
    name: &str,
    asset: &dyn Fn(&str) -> Result<Vec<u8>, String>,
    integrity: &serde_json::Value,
) -> Result<Vec<u8>, String> {
    let text = |name: &str| asset(name).map(|b| String::from_utf8_lossy(&b).into_owned());
    Ok(match name {
        "glue.js" => super::glue_script(&text("renderer.js")?).into_bytes(),
        "renderer_bg.wasm.js" => wasm_script(&asset("renderer_bg.wasm.gz")?).into_bytes(),
        "renderer.js" => entry_script(&text("entry.js")?, integrity)?.into_bytes(),
        "renderer.css" | "loader.js" | "renderer_bg.wasm" | "renderer.wasm2js.js" => asset(name)?,
        other => return Err(format!("{other}: not a file of the renderer bundle")),
    })
}

/// The classic script that carries the WebAssembly engine: `prefabWasmGz`, the module's
/// gzip bytes in base64 (the form a self-contained page inlines as `prefab:wasm`).
fn wasm_script(gzip: &[u8]) -> String {
    format!("var prefabWasmGz=\"{}\";\n", base64(gzip))
}

/// `entry.js` with the hashes of the files it loads in place of its placeholder.
fn entry_script(template: &str, integrity: &serde_json::Value) -> Result<String, String> {
    let mut hashes = serde_json::Map::new();
    for file in ENTRY_LOADS {
        let hash = integrity
            .get(file)
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| format!("renderer.js: no integrity hash for {file}"))?;
        hashes.insert(file.into(), hash.into());
    }
    // Not a file the entry loads, but one the loader loads for it when a diagram draws.
    hashes.insert(
        super::cdn::MERMAID_FILE.into(),
        super::cdn::MERMAID_INTEGRITY.into(),
    );
    if !template.contains(PLACEHOLDER) {
        return Err(format!("entry.js: no {PLACEHOLDER} placeholder"));
    }
    Ok(template.replacen(
        PLACEHOLDER,
        &serde_json::Value::Object(hashes).to_string(),
        1,
    ))
}

mod committed {
    /// The bundle's `integrity.json` (`cargo xtask build-renderer` writes it).
    pub const INTEGRITY: &str = include_str!("../../assets/integrity.json");

    /// The committed asset `name` (`prefab/assets/`).
    pub fn asset(name: &str) -> Result<Vec<u8>, String> {
        Ok(match name {
            "renderer.css" => include_bytes!("../../assets/renderer.css").to_vec(),
            "renderer.js" => include_bytes!("../../assets/renderer.js").to_vec(),
            "entry.js" => include_bytes!("../../assets/entry.js").to_vec(),
            "loader.js" => include_bytes!("../../assets/loader.js").to_vec(),
            "renderer_bg.wasm" => include_bytes!("../../assets/renderer_bg.wasm").to_vec(),
            "renderer_bg.wasm.gz" => include_bytes!("../../assets/renderer_bg.wasm.gz").to_vec(),
            "renderer.wasm2js.js" => include_bytes!("../../assets/renderer.wasm2js.js").to_vec(),
            other => return Err(format!("{other}: not a renderer asset")),
        })
    }
}

/// A file of the bundle of the committed assets (what `prefab serve` serves at
/// `/renderer/`): one of [`CDN_FILES`] or `integrity.json`; `None` for any other name.
/// It embeds both engines uncompressed (about 1.2 MB), in binaries that call it only.
///
/// ```
/// let css = prefab::page::cdn_file("renderer.css").unwrap();
/// assert!(!css.is_empty());
/// assert!(prefab::page::cdn_file("../Cargo.toml").is_none());
/// ```
#[must_use]
pub fn cdn_file(name: &str) -> Option<Vec<u8>> {
    if name == "integrity.json" {
        return Some(committed::INTEGRITY.as_bytes().to_vec());
    }
    if !CDN_FILES.contains(&name) {
        return None;
    }
    let integrity = serde_json::from_str(committed::INTEGRITY).ok()?;
    bundle_file(name, &committed::asset, &integrity).ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_entry_carries_the_committed_hashes_of_what_it_loads() {
        let integrity: serde_json::Value =
            serde_json::from_slice(&cdn_file("integrity.json").unwrap()).unwrap();
        let entry = String::from_utf8(cdn_file("renderer.js").unwrap()).unwrap();
        assert!(!entry.contains(PLACEHOLDER));
        for file in ENTRY_LOADS {
            assert!(entry.contains(integrity[file].as_str().unwrap()), "{file}");
        }
        for file in CDN_FILES {
            assert!(
                integrity[file].as_str().unwrap().starts_with("sha384-"),
                "{file}"
            );
        }
    }

    #[test]
    fn the_wasm_script_carries_the_gzip_engine_in_base64() {
        let script = String::from_utf8(cdn_file("renderer_bg.wasm.js").unwrap()).unwrap();
        let gzip = committed::asset("renderer_bg.wasm.gz").unwrap();
        assert_eq!(script, format!("var prefabWasmGz=\"{}\";\n", base64(&gzip)));
        assert!(cdn_file("entry.js").is_none());
    }

    #[test]
    fn a_missing_hash_or_placeholder_is_an_error() {
        let asset = |_: &str| Ok(b"no placeholder".to_vec());
        let err = bundle_file("renderer.js", &asset, &serde_json::json!({})).unwrap_err();
        assert!(err.contains("glue.js"), "{err}");
        let hashes: serde_json::Map<_, _> = ENTRY_LOADS
            .iter()
            .map(|f| ((*f).to_string(), "h".into()))
            .collect();
        let err = bundle_file("renderer.js", &asset, &hashes.into()).unwrap_err();
        assert!(err.contains(PLACEHOLDER), "{err}");
        assert!(bundle_file("x.js", &asset, &serde_json::json!({})).is_err());
    }
}
