//! How the renderer travels inside a self-contained page (`prefab::page`): the packed assets
//! `cargo xtask build-renderer` writes next to the plain ones.
//!
//! * `renderer_bg.wasm.gz` — the WebAssembly engine, gzip by zopfli; the loader unpacks it
//!   with the browser's native `DecompressionStream` (fast: the wasm path stays quick).
//! * `renderer.common.gz` — the stylesheet and the wrapped wasm-bindgen glue, which every
//!   page needs, gzip by zopfli: `css`, a NUL, then the glue script.
//! * `renderer.wasm2js.lzma` — the JavaScript engine, LZMA: about 17% smaller than gzip on
//!   this text, decoded by the page's own small decoder (`prefab/assets/unlzma.js`). Its
//!   data segments (wasm2js writes them as base64 strings) travel as raw bytes, which pack
//!   better (the `wasm2js` step of this stage).
//! * `renderer.wasm2js-common.lzma` — what a page with the JavaScript engine only (the
//!   default viewer) inlines instead of both: the common text, a NUL, then the engine's pack,
//!   in one LZMA stream (the stylesheet and glue share its dictionary: −1.7 KB of page gzip
//!   against `renderer.common.gz` beside `renderer.wasm2js.lzma`). Pages with the WebAssembly
//!   engine keep the gzip common text, so a wasm host never decodes LZMA.
//!
//! Both compressors are deterministic (zopfli with a zero time stamp; liblzma built from the
//! crate's bundled sources, single-threaded), so `check-assets` can compare bytes.
use std::io::Write;

/// `bytes` in the gzip format, compressed by zopfli (a time stamp of 0, so the same input
/// always gives the same bytes). The budgets keep measuring with `gzip -9`
/// (the `budgets` step); only the inlined assets use this.
pub fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        bytes,
        &mut out,
    )
    .map_err(|e| format!("zopfli: {e}"))?;
    Ok(out)
}

/// `common` (the stylesheet, a NUL, the glue) and a NUL in front of `engine` (the wasm2js
/// pack): the loader splits at the first two NULs, so `common` must have exactly one.
pub fn with_common(common: &str, engine: &[u8]) -> Result<Vec<u8>, String> {
    if common.bytes().filter(|&b| b == 0).count() != 1 {
        return Err("common text: expected exactly one NUL (between stylesheet and glue)".into());
    }
    let mut out = Vec::with_capacity(common.len() + 1 + engine.len());
    out.extend_from_slice(common.as_bytes());
    out.push(0);
    out.extend_from_slice(engine);
    Ok(out)
}

/// The settings of an LZMA stream: a liblzma preset and the literal context, literal
/// position and position bits (`lc + lp <= 4`, `pb <= 4`).
#[derive(Clone, Copy, Debug)]
pub struct Lzma {
    /// liblzma preset, 0–9, optionally `| PRESET_EXTREME`.
    pub preset: u32,
    pub lc: u32,
    pub lp: u32,
    pub pb: u32,
}

#[cfg(test)]
impl Lzma {
    /// liblzma's default preset (6) with these bits.
    pub const fn bits(lc: u32, lp: u32, pb: u32) -> Self {
        Lzma {
            preset: 6,
            lc,
            lp,
            pb,
        }
    }
}

/// The page's settings: preset 9 extreme, 4 literal context bits and no position bits (best
/// on minified JavaScript, measured: −0.5% against the defaults).
pub const PAGE: Lzma = Lzma {
    preset: 9 | liblzma::stream::PRESET_EXTREME,
    lc: 4,
    lp: 0,
    pb: 0,
};

/// `bytes` in the LZMA "alone" format with the page's settings ([`PAGE`]).
pub fn lzma(bytes: &[u8]) -> Result<Vec<u8>, String> {
    lzma_with(bytes, PAGE)
}

/// `bytes` in the LZMA "alone" format with the decoded size in the header (the page's
/// decoder allocates its output once) and liblzma's end marker after the data.
pub fn lzma_with(bytes: &[u8], settings: Lzma) -> Result<Vec<u8>, String> {
    use liblzma::stream::{LzmaOptions, Stream};
    let mut options = LzmaOptions::new_preset(settings.preset).map_err(|e| format!("lzma: {e}"))?;
    options
        .literal_context_bits(settings.lc)
        .literal_position_bits(settings.lp)
        .position_bits(settings.pb);
    let stream = Stream::new_lzma_encoder(&options).map_err(|e| format!("lzma: {e}"))?;
    let mut encoder = liblzma::write::XzEncoder::new_stream(Vec::new(), stream);
    encoder.write_all(bytes).map_err(|e| format!("lzma: {e}"))?;
    let mut out = encoder.finish().map_err(|e| format!("lzma: {e}"))?;
    // Header: properties (1 byte), dictionary size (4), decoded size (8, little endian;
    // liblzma writes "unknown" when streaming).
    let size = u64::try_from(bytes.len()).map_err(|e| format!("lzma: {e}"))?;
    match out.get_mut(5..13) {
        Some(field) => field.copy_from_slice(&size.to_le_bytes()),
        None => return Err("lzma: output shorter than its header".into()),
    }
    Ok(out)
}

/// `lzma` decoded by liblzma (for tests: the page decodes with `unlzma.js`), checked against
/// the decoded size its header carries.
///
/// liblzma reads the stream with the header's size field set to "unknown", up to the end
/// marker: given both a size and an end marker, liblzma (the bundled one, and xz 5.4.1's
/// `xz --format=lzma -d`) reports a data error on some of these streams after it has
/// decoded every byte; the page's decoder reads them whole (the tests of `unlzma.rs`).
#[cfg(test)]
pub fn unlzma(lzma: &[u8]) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let size = lzma
        .get(5..13)
        .and_then(|field| <[u8; 8]>::try_from(field).ok())
        .map(u64::from_le_bytes)
        .ok_or("lzma: shorter than its header")?;
    let mut open = lzma.to_vec();
    open[5..13].fill(0xff);
    let stream = liblzma::stream::Stream::new_lzma_decoder(u64::MAX).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    liblzma::read::XzDecoder::new_stream(&open[..], stream)
        .read_to_end(&mut out)
        .map_err(|e| format!("lzma: {e}"))?;
    if out.len() as u64 != size {
        return Err(format!(
            "lzma: {} bytes decoded, the header says {size}",
            out.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// liblzma's own decoder reads the streams back (the page's decoder is tested under
    /// node by this stage's `unlzma` tests); the header carries the settings and the size.
    #[test]
    fn lzma_streams_carry_their_settings_and_size_and_decode() {
        let input = b"prefab prefab prefab renderer ".repeat(40);
        for (lc, lp, pb) in [(4, 0, 0), (3, 0, 2), (0, 4, 4), (1, 2, 3)] {
            let packed = lzma_with(&input, Lzma::bits(lc, lp, pb)).unwrap();
            assert_eq!(u32::from(packed[0]), (pb * 5 + lp) * 9 + lc);
            assert_eq!(packed[5..13], (input.len() as u64).to_le_bytes());
            assert_eq!(unlzma(&packed).unwrap(), input);
        }
        let packed = lzma(&input).unwrap();
        assert!(unlzma(&packed[..packed.len() / 2]).is_err());
    }

    #[test]
    fn common_text_goes_first_with_its_one_nul() {
        assert_eq!(
            with_common("a{}\0g", b"\x01\0s").unwrap(),
            b"a{}\0g\0\x01\0s"
        );
        assert!(with_common("a{}g", b"s").is_err());
        assert!(with_common("a\0{}\0g", b"s").is_err());
    }

    #[test]
    fn gzip_is_deterministic_gzip() {
        let a = gzip(b"hello hello hello").unwrap();
        assert_eq!(a, gzip(b"hello hello hello").unwrap());
        assert_eq!(a[..4], [0x1f, 0x8b, 8, 0]);
    }
}
