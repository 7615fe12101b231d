//! `prefab serve`'s browser test and the preview host screenshot.
//!
//! * `cargo xtask serve` — builds the `prefab` binary and runs
//!   `prefab-cli/tests/browser/serve.mjs`: `prefab serve --port 0`, the preview host in
//!   headless Chromium (tools list grouped by example, opening with the gallery's dashboard
//!   selected but not called, a UI tool rendered in the sandboxed frame, render_ui's
//!   arguments streamed, dark mode, display modes, a data-only tool, every gallery view free
//!   of placeholders and errors, the Kanban board dragged with the mouse and read back over
//!   MCP, also under latency and reordered answers, `?tool=` selecting without calling, a
//!   page on another loopback origin refused when it frames the host, book_meeting's argument
//!   form) and the official `server-basic-vanillajs` view run through the preview host;
//!   then `prefab-cli/tests/browser/forms_roundtrip.mjs`: the gallery's sign-up form
//!   submitted with mistakes comes back with each under its field and the values kept, and
//!   saves once corrected (the view's call listed in the host's panel); then
//!   `prefab-cli/tests/browser/host_panels.mjs`: the Width presets and the side panels on a
//!   tall page; then `prefab-cli/tests/browser/static_export.mjs`: pages of
//!   `prefab export --static` in Chromium with JavaScript disabled (no script, every text
//!   visible, Rows, Grids, Cards and Progress bars laid out at 1024 px without overflow);
//!   then `prefab-cli/tests/browser/readme_walkthrough.mjs`: the README's
//!   walkthrough of the server `prefab new` writes (`add_order`, **Open form**, `ada@localhost`
//!   answered under its field with the values kept).
//! * `cargo xtask screenshot-serve` — the same run, also writing `docs/preview-host.png`.
//! * `cargo xtask dev` — builds `prefab` and the `hello` example and runs
//!   `prefab-cli/tests/browser/dev.mjs`: `prefab dev` in front of hello over stdio (tool
//!   list, a view, the Restart button), a FastMCP server with a prefab-ui app tool over
//!   stdio (`PREFAB_RENDERER_URL` set for it; `--renderer theirs` not) and over `--url`
//!   (its view rendered with every request off the machine refused), and `--watch` (an
//!   edited tool list shown without a reload); then
//!   `prefab-cli/tests/browser/side_by_side.mjs`: the expenses app of
//!   `examples/side-by-side`, in Rust (`expenses`) and in Python (FastMCP + prefab-ui), each
//!   behind `prefab dev`: the table, chart, form and dashboard views, and the dashboard's
//!   button calling a tool.
use crate::sh::{root, run};
use std::process::Command;

/// Installs what the test needs (node, the test host's playwright-core), builds the binary
/// from the current sources and runs the browser test; `screenshot` also writes
/// `docs/preview-host.png`.
pub fn run_suite(screenshot: bool) -> Result<(), String> {
    crate::install::node()?;
    crate::install::host_harness()?;
    run(Command::new("cargo").args(["build", "-p", "prefab-cli", "--bin", "prefab"]))?;
    let target = crate::sh::target_dir();
    let bin = target
        .join("debug")
        .join(format!("prefab{}", std::env::consts::EXE_SUFFIX));
    let mut node = Command::new("node");
    node.arg(root().join("prefab-cli/tests/browser/serve.mjs"))
        .arg("--bin")
        .arg(&bin);
    if screenshot {
        node.arg("--screenshot")
            .arg(root().join("docs/preview-host.png"));
    }
    run(&mut node)?;
    // A typed form's round trip through the preview host (its own file: serve.mjs is long).
    run(Command::new("node")
        .arg(root().join("prefab-cli/tests/browser/forms_roundtrip.mjs"))
        .arg("--bin")
        .arg(&bin))?;
    // The page around the view: width presets, side panels on a tall page.
    run(Command::new("node")
        .arg(root().join("prefab-cli/tests/browser/host_panels.mjs"))
        .arg("--bin")
        .arg(&bin))?;
    // `prefab export --static`: the pages in Chromium with JavaScript disabled (a few seconds).
    run(Command::new("node")
        .arg(root().join("prefab-cli/tests/browser/static_export.mjs"))
        .arg("--bin")
        .arg(&bin))?;
    readme_walkthrough(&bin)
}

/// The README's walkthrough of the server `prefab new` writes, in the preview host: the
/// `new` test builds that server (`prefab-new-smoke`, reusing the workspace's build; a few
/// seconds when nothing changed), then `readme_walkthrough.mjs` runs it under `prefab dev`.
fn readme_walkthrough(bin: &std::path::Path) -> Result<(), String> {
    run(Command::new("cargo").args([
        "test",
        "-q",
        "-p",
        "prefab-cli",
        "--test",
        "new",
        "the_generated_server_builds_and_serves_both_tools",
    ]))?;
    let server = crate::sh::target_dir()
        .join("debug")
        .join(format!("prefab-new-smoke{}", std::env::consts::EXE_SUFFIX));
    run(Command::new("node")
        .arg(root().join("prefab-cli/tests/browser/readme_walkthrough.mjs"))
        .arg("--bin")
        .arg(bin)
        .arg("--server")
        .arg(server))
}

/// Installs what `prefab dev`'s browser tests need (node, the test host's playwright-core,
/// the FastMCP venv), builds `prefab`, `hello` and `expenses` and runs `dev.mjs`, then
/// `side_by_side.mjs`.
pub fn run_dev_suite() -> Result<(), String> {
    crate::install::node()?;
    crate::install::host_harness()?;
    crate::install::fastmcp()?;
    run(Command::new("cargo").args([
        "build",
        "-p",
        "prefab-cli",
        "--bin",
        "prefab",
        "-p",
        "prefab-examples",
        "--bin",
        "hello",
        "-p",
        "prefab-side-by-side",
        "--bin",
        "expenses",
    ]))?;
    let debug = crate::sh::target_dir().join("debug");
    let exe = |name: &str| debug.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    // dev.mjs runs `hello`, side_by_side.mjs the expenses app; both start FastMCP servers.
    for (script, flag, server) in [
        ("dev.mjs", "--hello", "hello"),
        ("side_by_side.mjs", "--expenses", "expenses"),
    ] {
        run(Command::new("node")
            .arg(root().join("prefab-cli/tests/browser").join(script))
            .arg("--bin")
            .arg(exe("prefab"))
            .arg(flag)
            .arg(exe(server))
            .arg("--python")
            .arg(crate::install::fastmcp_python()))?;
    }
    Ok(())
}
