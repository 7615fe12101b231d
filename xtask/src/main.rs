//! `cargo xtask` — the project's chores in one place.
//!
//! * `cargo xtask test` — checks that the repository stands on its own, installs what the
//!   test suites need on a fresh machine and runs every suite, native and browser. This is
//!   the command `.ci/run` calls.
//! * `cargo xtask standalone` — only the check that no code, script or config refers to
//!   the workplace's sibling reference folder (a clone does not have it).
//! * `cargo xtask install` — only the installation part.
//! * `cargo xtask build-renderer` — builds the renderer assets into `prefab/assets/` (wasm
//!   and its wasm2js JavaScript twin) and prints their sizes; `--allocator dlmalloc` builds
//!   the allocator comparison's variant into `target/renderer-dlmalloc/` instead.
//! * `cargo xtask check-assets` — rebuilds them into a temporary folder and fails if the
//!   committed assets are stale.
//! * `cargo xtask sizes` — prints the committed assets' and pages' sizes against the
//!   budgets in `prefab-renderer/budgets.toml`; fails when one is over (`check-assets` does
//!   this too).
//! * `cargo xtask cdn-bundle [DIR]` — writes the versioned CDN/npm bundle of the committed
//!   assets to `DIR/prefab-renderer/<version>/` (default `target/cdn`): an npm package
//!   (`package.json`, `README.md`, `integrity.json`).
//! * `cargo xtask npm-package` — `npm pack` of that bundle, installed from the tarball into an
//!   empty folder, SRI hashes checked, served from there to the CDN viewer in the test host.
//! * `cargo xtask e2e` — only the MCP end-to-end suite (TypeScript SDK client, 200 parallel
//!   calls).
//! * `cargo xtask fastmcp [--only TOOL,…]` — the FastMCP suite: real FastMCP servers
//!   (prefab-ui's Python API) on the renderer bundle `prefab serve` serves, both engines,
//!   text parity with prefab-ui's own renderer (`xtask/fastmcp/`);
//! * `cargo xtask oauth` — only the authorization suite (`prefab serve` against
//!   oidc-provider with the TypeScript SDK and rmcp clients; `xtask/src/oauth.rs`).
//! * `cargo xtask mcp-conformance` — only the official MCP conformance suite against the
//!   conformance server (`xtask/src/mcp_conformance.rs`).
//! * `cargo xtask serve` — only `prefab serve`'s browser test (preview host in Chromium);
//!   `cargo xtask screenshot-serve` also rewrites `docs/preview-host.png`.
//! * `cargo xtask hosts` — only the real-hosts suite: the MCP Inspector and `@mcp-ui/client`'s
//!   `AppRenderer` open every UI tool of `prefab serve` in Chromium (`xtask/src/hosts.rs`).
//! * `cargo xtask dev` — only `prefab dev`'s browser test (the preview host in front of
//!   hello, a FastMCP server over stdio and HTTP, and `--watch`).
//! * `cargo xtask fuzz [--seconds N] [TARGET…]` — runs the fuzz targets of `fuzz/` (60 s
//!   each by default); see `CONTRIBUTING.md`.
//! * `cargo xtask flakes [--runs N] [--load K] [--only SUITE,…]` — runs the browser suites N
//!   times (optionally beside K busy loops) and reports how often each test failed, with the
//!   first failure's message (`xtask/src/flakes.rs`, `TESTING.md`); not part of `test`.
//! * `cargo xtask package [--install]` — packages every published crate (`cargo package`),
//!   prints each `.crate`'s size (fails above 8 MiB), builds and tests them from the packaged
//!   sources alone and runs the `prefab --version` built from them; `--install` also
//!   `cargo install`s the command from its packaged crate (`xtask/src/package.rs`).
//! * `cargo xtask version [X.Y.Z]` — checks that the crates, the npm/CDN bundle,
//!   `clippy.toml`'s `msrv` and `CHANGELOG.md` agree on the version; with `X.Y.Z`, sets it
//!   everywhere.
//! * `cargo xtask postgres` — installs and starts the PostgreSQL the Kanban store tests use
//!   and prints its URL (`PREFAB_TEST_DATABASE_URL`).
//! * `cargo xtask scale [--short]` — three `prefab serve` instances on one PostgreSQL behind
//!   HAProxy, writers through the proxy, an instance killed, PostgreSQL restarted; every
//!   acknowledged write checked (`xtask/src/scale.rs`; `--short` runs in `cargo xtask test`).
//! * `cargo xtask pages` — writes the viewer and standalone test pages to `target/pages/`.
//! * `cargo xtask a2ui-lit` — the A2UI suite against the official Lit renderer alone
//!   (`prefab-renderer/tests/a2ui-lit.mjs`; part of `cargo xtask test`, ~25 s once built).
//! * `cargo xtask bench-render [ARGS]` — the render benchmark against the TypeScript renderer
//!   and prefab-ui's (`benches/render/`; not part of CI, ~10 minutes); `--streaming` runs the
//!   streaming benchmark instead.
//! * `cargo xtask bench-load [ARGS]` — `prefab serve` under load against the TypeScript SDK
//!   with the TypeScript port and FastMCP with prefab-ui (`benches/load/`; not part of CI,
//!   ~5 minutes); `--quick` only checks that the three servers answer alike.
//! * `cargo xtask contact-sheet [--only TEXT]` — screenshots (light, dark, and prefab-ui's
//!   renderer when `target/bench-render` has it) of every catalogue document into
//!   `target/contact-sheet/index.html`; for review, not run by CI.
//! * `cargo xtask visual [--measure-prefab-ui] [--only TEXT] [--report-only]` — visual parity
//!   with prefab-ui 0.21.1's renderer: texts, controls and chart marks of every catalogue
//!   document and gallery view against its committed figures (`xtask/src/visual.rs`; part of
//!   `cargo xtask test`, failing when a mode is below its thresholds).
//! * `cargo xtask conformance` — regenerates `conformance/` from prefab-ui 0.21.1 (PyPI)
//!   and its bundled renderer under node; not run by CI (review the diff).
#![forbid(unsafe_code)]

mod bench;
mod cdn;
mod conformance;
mod contact;
mod e2e;
mod fastmcp;
mod flakes;
mod fuzz;
mod hosts;
mod install;
mod mcp_conformance;
mod oauth;
mod package;
mod pages;
mod post;
mod renderer;
mod scale;
mod serve;
mod sh;
mod standalone;
mod suites;
mod version;
mod visual;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("install") => install::all(),
        Some("test") => standalone::check()
            .and_then(|()| install::all())
            .and_then(|()| suites::run_all()),
        Some("standalone") => standalone::check(),
        Some("build-renderer") => install::node()
            .and_then(|()| install::rust_src())
            .and_then(|()| install::binaryen())
            .and_then(|()| match &args[1..] {
                [] => renderer::build(),
                rest => renderer::build_variant(rest),
            }),
        Some("check-assets") => install::node()
            .and_then(|()| install::rust_src())
            .and_then(|()| install::binaryen())
            .and_then(|()| renderer::check()),
        Some("e2e") => install::mcp_e2e().and_then(|()| e2e::run_suite()),
        Some("mcp-conformance") => mcp_conformance::run_suite(),
        Some("oauth") => install::node()
            .and_then(|()| oauth::install())
            .and_then(|()| oauth::run_suite()),
        Some("serve") => serve::run_suite(false),
        Some("hosts") => hosts::run_suite(),
        Some("fastmcp") => fastmcp::run_suite(&args[1..]),
        Some("screenshot-serve") => serve::run_suite(true),
        Some("dev") => serve::run_dev_suite(),
        Some("sizes") => renderer::sizes(),
        Some("cdn-bundle") => {
            let dir = args
                .get(1)
                .map_or_else(|| sh::root().join("target/cdn"), Into::into);
            cdn::write_bundle(&dir).map(|_| ())
        }
        Some("npm-package") => {
            let pages = sh::root().join("target/pages");
            pages::write(&pages).and_then(|()| cdn::npm_suite(&pages))
        }
        Some("fuzz") => fuzz::run_cli(&args[1..]),
        Some("flakes") => flakes::cli(&args[1..]),
        Some("package") => package::cli(&args[1..]),
        Some("version") => version::cli(&args[1..]),
        Some("postgres") => install::postgres().map(|url| println!("{url}")),
        Some("pages") => pages::write(
            &args
                .get(1)
                .map_or_else(|| sh::root().join("target/pages"), std::path::PathBuf::from),
        ),
        Some("a2ui-lit") => suites::a2ui_lit_alone(),
        Some("scale") => scale::cli(&args[1..]),
        Some("bench-render") => bench::render(&args[1..]),
        Some("bench-load") => bench::load(&args[1..]),
        Some("conformance") => conformance::generate(),
        Some("contact-sheet") => contact::write(&args[1..]),
        Some("visual") => visual::cli(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <install|test|standalone|e2e|mcp-conformance|oauth|serve|hosts|dev|fastmcp [--only TOOL]|screenshot-serve|fuzz|flakes [--runs N] [--load K] [--only SUITE]|build-renderer [--allocator dlmalloc]|check-assets|sizes|cdn-bundle [DIR]|npm-package|package [--install]|version [X.Y.Z]|pages [DIR]|postgres|scale [--short]|bench-render|bench-load [--quick]|conformance|contact-sheet|visual [--measure-prefab-ui] [--only S]>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
