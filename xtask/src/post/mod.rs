//! The post-build stage of `cargo xtask build-renderer`: what happens to wasm-bindgen's,
//! wasm2js's and esbuild's outputs before they become the assets of `prefab/assets/`. Each
//! step is a function from bytes or text to bytes or text, tested on its own here; the
//! tools themselves are run by the build driver (`renderer.rs`), which calls them in order.
//!
//! 1. [`imports::shorten`] — wasm-bindgen's import names shortened in the module and glue;
//! 2. [`glue::fast_short_strings`] — the glue decodes short strings in JavaScript;
//! 3. [`wasm2js::wrap`] — wasm2js's ES module made a classic script;
//! 4. [`wasm2js::pack`] — its data segments moved out as raw bytes, [`pack::lzma`] — the
//!    JavaScript engine as LZMA (decoded in the page by `prefab-renderer/js/unlzma.js`,
//!    tested under node by this module's `unlzma` tests), [`pack::gzip`] — the rest as gzip;
//! 5. [`budgets::report`] — every asset's and page's size against
//!    `prefab-renderer/budgets.toml`.
pub mod budgets;
pub mod glue;
pub mod imports;
pub mod pack;
pub mod wasm2js;

#[cfg(test)]
mod unlzma;

/// Runs `node args…` for a test and returns its output, or `None` (saying so) on a machine
/// without node, which only CI refuses (`cargo xtask install` provides node).
#[cfg(test)]
fn node<I: AsRef<std::ffi::OsStr>>(
    args: impl IntoIterator<Item = I>,
) -> Option<std::process::Output> {
    match std::process::Command::new("node").args(args).output() {
        Ok(out) => Some(out),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "node is required under CI: {e}"
            );
            eprintln!("skipped: no node on this machine ({e})");
            None
        }
    }
}
