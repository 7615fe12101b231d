//! `cargo xtask conformance`: regenerates `conformance/` from the reference itself.
//!
//! 1. A virtual environment in `target/conformance-venv` gets prefab-ui from PyPI (the wheel
//!    is downloaded first and its sha256 checked against [`WHEEL_SHA256`]).
//! 2. `conformance/generate/emit_wire.py` writes `conformance/wire/` through prefab-ui's
//!    Python API (component and action fixtures, the manifest, the app documents).
//! 3. `conformance/generate/evaluate.mjs` runs the inputs of `conformance/generate/inputs/`
//!    through the evaluator of prefab-ui's bundled renderer under node (`TZ=UTC`) and
//!    writes the four vector files.
//! 4. `conformance/provenance.json` records versions, hashes and counts.
//!
//! CI does not run this; the generated files are committed, so a regeneration that
//! changes anything shows up in `git diff`.
use crate::sh::{root, run};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The prefab-ui release that is the reference.
pub const PREFAB_UI_VERSION: &str = "0.21.1";
/// sha256 of `prefab_ui-0.21.1-py3-none-any.whl` as published on PyPI.
pub const WHEEL_SHA256: &str = "94185e9032475ec1b348fc70e23ba5328f458279e0b8af972aa7c755ff9301d3";

fn venv() -> PathBuf {
    root().join("target/conformance-venv")
}

fn venv_python() -> PathBuf {
    venv().join("bin/python")
}

/// Regenerates every file of `conformance/` (see the module docs).
pub fn generate() -> Result<(), String> {
    let started = Instant::now();
    let wheel = install_prefab_ui()?;
    let out = root().join("conformance");
    let wire = out.join("wire");
    if wire.exists() {
        std::fs::remove_dir_all(&wire).map_err(|e| format!("{}: {e}", wire.display()))?;
    }
    let generate = out.join("generate");
    let wire_summary = capture(
        Command::new(venv_python())
            .arg(generate.join("emit_wire.py"))
            .arg(&wire)
            .arg(PREFAB_UI_VERSION),
    )?;
    let app_html = site_packages()?.join("prefab_ui/renderer/app.html");
    let vector_summary = capture(
        Command::new("node")
            .env("TZ", "UTC")
            .arg(generate.join("evaluate.mjs"))
            .arg(&app_html)
            .arg(generate.join("inputs"))
            .arg(&out),
    )?;
    let date = crate::sh::output("date", &["-u", "+%Y-%m-%d"]);
    let provenance = json!({
        "generator": "cargo xtask conformance",
        "date": date.trim(),
        "prefabUi": {
            "version": PREFAB_UI_VERSION,
            "wheel": wheel.file_name().map(|n| n.to_string_lossy().into_owned()),
            "wheelSha256": WHEEL_SHA256,
            "source": "PyPI",
        },
        "wire": parse(&wire_summary, "emit_wire.py")?,
        "vectors": parse(&vector_summary, "evaluate.mjs")?,
        "skippedByTheRustTests": {
            "x.expr.path.34": "js-artifact: `constructor` resolves to Object.prototype.constructor in JavaScript; prefab values have no prototype chain",
            "x.expr.path.35": "js-artifact: the same prototype member `constructor`, compared with null",
        },
    });
    let path = out.join("provenance.json");
    let text = serde_json::to_string_pretty(&provenance).map_err(|e| e.to_string())? + "\n";
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "conformance/ regenerated in {:.1} s; review with `git diff -- conformance`",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Creates the venv and installs the checked wheel (with its dependencies from PyPI).
/// Returns the wheel's path.
fn install_prefab_ui() -> Result<PathBuf, String> {
    if !venv_python().exists() {
        run(Command::new("python3").args(["-m", "venv"]).arg(venv()))?;
    }
    let wheels = root().join("target/conformance-wheel");
    run(Command::new(venv_python())
        .args(["-m", "pip", "download", "--quiet", "--no-deps"])
        .args(["--only-binary", ":all:", "--dest"])
        .arg(&wheels)
        .arg(format!("prefab-ui=={PREFAB_UI_VERSION}")))?;
    let name = format!("prefab_ui-{PREFAB_UI_VERSION}-py3-none-any.whl");
    let wheel = wheels.join(&name);
    let sha = capture(
        Command::new(venv_python())
            .args(["-c", "import hashlib,sys;print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())"])
            .arg(&wheel),
    )?;
    if sha.trim() != WHEEL_SHA256 {
        return Err(format!(
            "{name}: sha256 {}, expected {WHEEL_SHA256}",
            sha.trim()
        ));
    }
    run(Command::new(venv_python())
        .args(["-m", "pip", "install", "--quiet"])
        .arg(&wheel))?;
    Ok(wheel)
}

/// The venv's `site-packages` folder.
fn site_packages() -> Result<PathBuf, String> {
    let out = capture(Command::new(venv_python()).args([
        "-c",
        "import sysconfig;print(sysconfig.get_paths()['purelib'])",
    ]))?;
    Ok(Path::new(out.trim()).to_path_buf())
}

/// Runs `cmd` from the workspace root and returns its standard output (standard error
/// passes through); fails with the command line if it fails.
fn capture(cmd: &mut Command) -> Result<String, String> {
    let line = format!("{cmd:?}");
    eprintln!("$ {line}");
    let out = cmd
        .current_dir(root())
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("{line}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{line}: exited with {}", out.status));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{line}: {e}"))
}

fn parse(text: &str, what: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("summary of {what}: {e}"))
}
