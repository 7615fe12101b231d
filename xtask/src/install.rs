//! Installs what the test suites need on a fresh machine. Every step checks first, so a
//! machine that already has a tool skips it.
use crate::cdn::MERMAID_VERSION;
use crate::sh::{output, root, run, succeeds};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The wasm-bindgen CLI version; it must equal the `wasm-bindgen` crate pin in `Cargo.toml`.
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";
/// npm `binaryen` (wasm-opt, wasm2js). Debian's binaryen is too old for wasm-bindgen output.
pub const BINARYEN_VERSION: &str = "132.0.0";
/// npm `esbuild`, used only to minify the generated JavaScript (same version as
/// `xtask/testhost`).
pub const ESBUILD_VERSION: &str = "0.28.2";
/// npm `@a2ui/lit` and its `@a2ui/web_core` (same version): the official A2UI Lit renderer,
/// which the A2UI browser suite (`prefab-renderer/tests/a2ui-lit.mjs`) renders with. 0.11.0
/// renders A2UI v0.8 and v0.9 (`@a2ui/lit/v0_9`); `@a2ui/web_core` 0.11.0 ships the v1.0
/// schemas but no v1.0 renderer.
pub const A2UI_LIT_VERSION: &str = "0.11.0";
/// npm `@a2ui/markdown-it`: the official Markdown renderer the Lit renderer's `Text` uses
/// (without one it shows Markdown marks as written).
pub const A2UI_MARKDOWN_VERSION: &str = "0.1.2";

pub fn all() -> Result<(), String> {
    wasm_target()?;
    rust_src()?;
    component("rustfmt")?;
    component("clippy")?;
    wasm_bindgen_cli()?;
    chromium()?;
    node()?;
    binaryen()?;
    host_harness()?;
    mcp_e2e()?;
    mcp_conformance()?;
    hosts()?;
    crate::oauth::install()?;
    fastmcp()?;
    postgres()?;
    haproxy()?;
    Ok(())
}

/// Where npm build tools are installed (gitignored).
fn npm_dir() -> PathBuf {
    root().join("target/npm")
}

/// The folder holding `wasm-opt` and `wasm2js` from npm `binaryen`.
pub fn binaryen_bin() -> PathBuf {
    npm_dir().join("node_modules/.bin")
}

/// npm `binaryen`, `esbuild`, `mermaid` and `@a2ui/lit` into `target/npm` (skipped when the
/// pinned versions are there).
pub fn binaryen() -> Result<(), String> {
    let has = |package: &str, version: &str| {
        let manifest = npm_dir().join(format!("node_modules/{package}/package.json"));
        std::fs::read_to_string(&manifest)
            .unwrap_or_default()
            .contains(&format!("\"version\": \"{version}\""))
    };
    if has("binaryen", BINARYEN_VERSION)
        && has("esbuild", ESBUILD_VERSION)
        && has("mermaid", MERMAID_VERSION)
        && has("@a2ui/lit", A2UI_LIT_VERSION)
        && has("@a2ui/web_core", A2UI_LIT_VERSION)
        && has("@a2ui/markdown-it", A2UI_MARKDOWN_VERSION)
    {
        return Ok(());
    }
    std::fs::create_dir_all(npm_dir()).map_err(|e| format!("target/npm: {e}"))?;
    let package = npm_dir().join("package.json");
    if !package.exists() {
        std::fs::write(
            &package,
            "{\"name\":\"prefab-build-tools\",\"private\":true}\n",
        )
        .map_err(|e| format!("{}: {e}", package.display()))?;
    }
    run(Command::new("npm")
        .current_dir(npm_dir())
        .args(["install", "--no-audit", "--no-fund", "--save-exact"])
        .arg(format!("binaryen@{BINARYEN_VERSION}"))
        .arg(format!("esbuild@{ESBUILD_VERSION}"))
        .arg(format!("mermaid@{MERMAID_VERSION}"))
        .arg(format!("@a2ui/lit@{A2UI_LIT_VERSION}"))
        .arg(format!("@a2ui/web_core@{A2UI_LIT_VERSION}"))
        .arg(format!("@a2ui/markdown-it@{A2UI_MARKDOWN_VERSION}")))
}

/// The MCP Apps test host (`xtask/testhost`, a node package of this repository).
pub fn testhost_dir() -> PathBuf {
    root().join("xtask/testhost")
}

/// Installs the test host's pinned node packages (`npm ci`, skipped while the installed tree
/// was made from the current `package-lock.json`) and bundles its host page (`npm run build`).
pub fn host_harness() -> Result<(), String> {
    let dir = testhost_dir();
    npm_ci(&dir)?;
    run(Command::new("npm")
        .current_dir(&dir)
        .args(["run", "--silent", "build"]))
}

/// `npm ci` in `dir`, skipped while its `node_modules` was installed from the current
/// `package-lock.json` (a copy of which is kept in `node_modules` as the stamp).
fn npm_ci(dir: &Path) -> Result<(), String> {
    let lock = dir.join("package-lock.json");
    let stamp = dir.join("node_modules/.prefab-installed-lock.json");
    let wanted = std::fs::read(&lock).map_err(|e| format!("{}: {e}", lock.display()))?;
    if std::fs::read(&stamp).ok().as_deref() == Some(wanted.as_slice()) {
        return Ok(());
    }
    run(Command::new("npm").current_dir(dir).args([
        "ci",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
    ]))?;
    std::fs::write(&stamp, &wanted).map_err(|e| format!("{}: {e}", stamp.display()))
}

/// The peers of `cargo xtask bench-load`: the official TypeScript SDK and the TypeScript
/// port, pinned by `benches/load/package-lock.json`.
pub fn bench_load() -> Result<(), String> {
    node()?;
    npm_ci(&root().join("benches/load"))
}

/// Where the MCP conformance suite is installed (gitignored); its pinned manifest and
/// lockfile live in `xtask/mcp-conformance/`.
pub fn mcp_conformance_dir() -> PathBuf {
    root().join("target/mcp-conformance")
}

/// The Node.js the conformance suite runs on: npm `node` (the npm package of Node itself,
/// pinned with the suite), because the suite needs Node 22 or newer and Debian's is older.
pub fn mcp_conformance_node() -> PathBuf {
    mcp_conformance_dir().join("node_modules/.bin/node")
}

/// npm `@modelcontextprotocol/conformance` and the Node.js it needs, as pinned by
/// `xtask/mcp-conformance/package-lock.json`, into [`mcp_conformance_dir`].
pub fn mcp_conformance() -> Result<(), String> {
    node()?;
    let dir = mcp_conformance_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for file in ["package.json", "package-lock.json"] {
        let from = root().join("xtask/mcp-conformance").join(file);
        std::fs::copy(&from, dir.join(file)).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    npm_ci(&dir)?;
    let node = mcp_conformance_node();
    let version = output(&node.to_string_lossy(), &["--version"]);
    if version.starts_with("v22.") {
        Ok(())
    } else {
        Err(format!(
            "{} --version printed {version:?}, not v22.x (did npm skip the `node` package's install script?)",
            node.display()
        ))
    }
}

/// The hosts suite's npm project (`xtask/hosts`): the MCP Inspector, `@mcp-ui/client` and what
/// its host page is built from, pinned by its `package-lock.json`.
pub fn hosts_dir() -> PathBuf {
    root().join("xtask/hosts")
}

/// What the hosts suite needs: the test host (playwright-core, its sandbox proxy page), the
/// Node 22 of the conformance suite (the Inspector runs on it), the suite's pinned packages
/// (`npm ci`, skipped while installed from the current lockfile) and its AppRenderer host
/// page, bundled into `target/hosts/apprenderer` (`npm run build`).
pub fn hosts() -> Result<(), String> {
    host_harness()?;
    mcp_conformance()?;
    let dir = hosts_dir();
    npm_ci(&dir)?;
    run(Command::new("npm")
        .current_dir(&dir)
        .args(["run", "--silent", "build"]))
}

/// Node.js and npm from Debian when the machine has none (every browser suite and the asset
/// build's npm tools need them).
pub fn node() -> Result<(), String> {
    if succeeds("node", &["--version"]) && succeeds("npm", &["--version"]) {
        return Ok(());
    }
    run(Command::new("apt-get").args(["update", "-qq"]))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq", "nodejs", "npm"]))
}

fn wasm_target() -> Result<(), String> {
    if output("rustup", &["target", "list", "--installed"]).contains("wasm32-unknown-unknown") {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

/// The standard library's sources: the renderer build rebuilds std for size (`-Zbuild-std`).
pub fn rust_src() -> Result<(), String> {
    component("rust-src")
}

/// A rustup component of the toolchain, added when missing (`rust-src`; `rustfmt` and
/// `clippy`, which the native suite runs, on a toolchain installed with a minimal profile).
fn component(name: &str) -> Result<(), String> {
    let installed = output("rustup", &["component", "list", "--installed"]);
    if installed.lines().any(|l| l.trim().starts_with(name)) {
        return Ok(());
    }
    run(Command::new("rustup").args(["component", "add", name]))
}

fn wasm_bindgen_cli() -> Result<(), String> {
    let have = output("wasm-bindgen", &["--version"]);
    if have.contains(WASM_BINDGEN_VERSION) && succeeds("wasm-bindgen-test-runner", &["--version"]) {
        return Ok(());
    }
    // Not `--locked`: the CLI's lockfile pins a crate version this registry lacks.
    run(Command::new("cargo").args([
        "install",
        "wasm-bindgen-cli",
        "--version",
        WASM_BINDGEN_VERSION,
        "--no-default-features",
    ]))
}

/// Debian's Chromium and chromedriver (every browser suite).
pub fn chromium() -> Result<(), String> {
    if succeeds("chromium", &["--version"]) && succeeds("chromedriver", &["--version"]) {
        return Ok(());
    }
    run(Command::new("apt-get").args(["update", "-qq"]))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq", "chromium", "chromium-driver"]))
}

/// `@modelcontextprotocol/sdk`, as pinned in `prefab-mcp/tests/e2e/package.json`.
const SDK_VERSION: &str = "1.32.2";

/// The npm project of the MCP end-to-end script.
pub fn e2e_dir() -> PathBuf {
    root().join("prefab-mcp").join("tests").join("e2e")
}

/// node + npm, the SDK version pinned in `package.json`, and the MCP Apps test host (the
/// viewer is rendered in it).
pub fn mcp_e2e() -> Result<(), String> {
    node()?;
    host_harness()?;
    let dir = e2e_dir();
    let manifest = std::fs::read_to_string(dir.join("package.json")).unwrap_or_default();
    if !manifest.contains(&format!("\"@modelcontextprotocol/sdk\": \"{SDK_VERSION}\"")) {
        return Err(format!(
            "prefab-mcp/tests/e2e/package.json must pin the SDK at {SDK_VERSION}"
        ));
    }
    let sdk = dir.join("node_modules/@modelcontextprotocol/sdk/package.json");
    let installed = std::fs::read_to_string(sdk).unwrap_or_default();
    if installed.contains(&format!("\"version\": \"{SDK_VERSION}\"")) {
        return Ok(());
    }
    run(Command::new("npm")
        .args(["install", "--no-audit", "--no-fund"])
        .current_dir(&dir))
}

/// The database the PostgreSQL store tests use (`PREFAB_TEST_DATABASE_URL`).
const POSTGRES_ROLE: &str = "prefab";
const POSTGRES_DATABASE: &str = "prefab_test";

/// A running PostgreSQL from Debian packages for the Kanban store tests: installs
/// `postgresql` when missing, starts the first cluster (`pg_ctlcluster`, which runs the
/// server as the `postgres` user; one is created if the package made none), creates a
/// password role and a test database, and returns their URL (on 127.0.0.1 only).
pub fn postgres() -> Result<String, String> {
    let bin = postgres_bin()?;
    let clusters = || output("pg_lsclusters", &["--no-header"]);
    if clusters().trim().is_empty() {
        let version = bin
            .parent()
            .and_then(|dir| dir.file_name())
            .map(|v| v.to_string_lossy().into_owned())
            .ok_or_else(|| format!("no version folder above {}", bin.display()))?;
        run(Command::new("pg_createcluster").args([&version, "main"]))?;
    }
    // `15  main  5432  down  postgres  /var/lib/…  /var/log/…`
    let listing = clusters();
    let fields: Vec<&str> = listing
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let [version, name, port, status, ..] = fields[..] else {
        return Err(format!("unexpected pg_lsclusters output: {listing:?}"));
    };
    if !status.starts_with("online") {
        run(Command::new("pg_ctlcluster").args([version, name, "start"]))?;
    }
    let psql = |sql: &str| {
        let mut cmd = Command::new("runuser");
        cmd.args([
            "-u",
            "postgres",
            "--",
            "psql",
            "-p",
            port,
            "-v",
            "ON_ERROR_STOP=1",
        ])
        .args(["-tAc", sql]);
        cmd
    };
    let exists = |sql: &str| {
        psql(sql)
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "1")
    };
    if !exists(&format!(
        "SELECT 1 FROM pg_roles WHERE rolname = '{POSTGRES_ROLE}'"
    )) {
        run(&mut psql(&format!(
            "CREATE ROLE {POSTGRES_ROLE} LOGIN PASSWORD '{POSTGRES_ROLE}'"
        )))?;
    }
    if !exists(&format!(
        "SELECT 1 FROM pg_database WHERE datname = '{POSTGRES_DATABASE}'"
    )) {
        run(&mut psql(&format!(
            "CREATE DATABASE {POSTGRES_DATABASE} OWNER {POSTGRES_ROLE}"
        )))?;
    }
    Ok(format!(
        "postgres://{POSTGRES_ROLE}:{POSTGRES_ROLE}@127.0.0.1:{port}/{POSTGRES_DATABASE}"
    ))
}

/// The newest installed PostgreSQL's programs (`/usr/lib/postgresql/<version>/bin`: `initdb`,
/// `pg_ctl`, `postgres`), installing Debian's `postgresql` when missing.
pub fn postgres_bin() -> Result<PathBuf, String> {
    if !succeeds("pg_lsclusters", &["--help"]) {
        run(Command::new("apt-get").args(["update", "-qq"]))?;
        run(Command::new("apt-get").args(["install", "-y", "-qq", "postgresql"]))?;
    }
    let versions = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|e| format!("/usr/lib/postgresql: {e}"))?;
    let version = versions
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .max_by_key(|v| v.parse::<u32>().unwrap_or(0))
        .ok_or("postgresql is installed but /usr/lib/postgresql is empty")?;
    Ok(Path::new("/usr/lib/postgresql").join(version).join("bin"))
}

/// HAProxy from Debian (`cargo xtask scale` puts it in front of the `prefab serve` instances).
pub fn haproxy() -> Result<(), String> {
    if succeeds("haproxy", &["-v"]) {
        return Ok(());
    }
    run(Command::new("apt-get").args(["update", "-qq"]))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq", "haproxy"]))
}

fn fastmcp_venv() -> PathBuf {
    root().join("target/fastmcp/venv")
}

/// The Python of the FastMCP suite's venv.
pub fn fastmcp_python() -> PathBuf {
    fastmcp_venv().join("bin/python")
}

fn fastmcp_requirements() -> PathBuf {
    root().join("xtask/fastmcp/requirements.txt")
}

/// The FastMCP suite's venv (`target/fastmcp/venv`) with the pinned packages of
/// `xtask/fastmcp/requirements.txt` (skipped when it was made from the same pins).
pub fn fastmcp() -> Result<(), String> {
    let pins = std::fs::read_to_string(fastmcp_requirements())
        .map_err(|e| format!("xtask/fastmcp/requirements.txt: {e}"))?;
    let stamp = fastmcp_venv().join("requirements.txt");
    if fastmcp_python().exists() && std::fs::read_to_string(&stamp).ok().as_deref() == Some(&pins) {
        return Ok(());
    }
    if !fastmcp_python().exists() {
        run(Command::new("python3")
            .args(["-m", "venv"])
            .arg(fastmcp_venv()))?;
    }
    run(Command::new(fastmcp_python())
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(["--only-binary", ":all:", "-r"])
        .arg(fastmcp_requirements()))?;
    std::fs::write(&stamp, pins).map_err(|e| format!("{}: {e}", stamp.display()))
}
