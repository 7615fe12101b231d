//! The post-build stage of `cargo xtask build-renderer`: what happens to wasm-bindgen's,
//! wasm2js's and esbuild's outputs before they become the assets of `prefab/assets/`. Each
//! step is a function from bytes or text to bytes or text, tested on its own here; the
//! tools themselves are run by the build driver (`renderer.rs`), which calls them in order.
//!
//! 1. [`imports::shorten`] — wasm-bindgen's import names shortened in the module and glue;
//! 2. [`glue::fast_short_strings`] — the glue decodes short strings in JavaScript;
//! 3. [`unaligned::outline`] — the module wasm2js translates gets one helper per kind of
//!    unaligned memory access instead of each access written out byte by byte;
//!    [`wasm2js::wrap`] — wasm2js's ES module made a classic script;
//! 4. [`wasm2js::pack`] — its data segments moved out as raw bytes, [`pack::lzma`] — the
//!    JavaScript engine as LZMA (decoded in the page by `prefab-renderer/js/unlzma.js`,
//!    tested under node by this module's `unlzma` tests), [`pack::gzip`] — the rest as gzip;
//! 5. [`budgets::report`] — every asset's and page's size against
//!    `prefab-renderer/budgets.toml`.
pub mod budgets;
pub mod glue;
pub mod imports;
pub mod pack;
pub mod unaligned;
pub mod wasm2js;

#[cfg(test)]
mod unlzma;

/// The section of `wasm` that `payload` begins, as it is (to copy into a module being
/// rewritten); `None` for payloads that are not sections.
fn raw_section<'a>(
    wasm: &'a [u8],
    payload: &wasmparser::Payload<'_>,
) -> Result<Option<wasm_encoder::RawSection<'a>>, String> {
    let Some((id, range)) = payload.as_section() else {
        return Ok(None);
    };
    let data = usize::try_from(range.start)
        .ok()
        .zip(usize::try_from(range.end).ok())
        .and_then(|(start, end)| wasm.get(start..end))
        .ok_or("wasm: section past the end")?;
    Ok(Some(wasm_encoder::RawSection { id, data }))
}

/// A memory section with one memory of one page (for tests' modules).
#[cfg(test)]
fn one_page_memory() -> wasm_encoder::MemorySection {
    let mut memories = wasm_encoder::MemorySection::new();
    memories.memory(wasm_encoder::MemoryType {
        minimum: 1,
        maximum: None,
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
    memories
}

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
