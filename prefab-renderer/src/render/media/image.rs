//! `Image`: an `<img>`, except for a `data:` image, which is drawn without a fetch.
//!
//! A host's policy may refuse `data:` images: the MCP Apps default and the Inspector's is
//! `img-src 'none'`, and a view cannot ask for `img-src data:` alone (its declared
//! `resourceDomains` feed `script-src`, `style-src`, `font-src` and `media-src` as well). So
//! a `data:` source is decoded here (base64 by the browser's `atob`, escapes by
//! `decodeURIComponent`) and
//! shown by an element that loads nothing, which `img-src` does not govern:
//!
//! * `image/png`, `image/jpeg`, `image/gif`, `image/webp` (base64): a `<canvas>` the size of
//!   the picture, painted from a `Blob` by `createImageBitmap` (a GIF shows its first frame).
//!   Its size is read from the header first: a picture of more than [`MAX_PIXELS`] (or whose
//!   header does not say) is not decoded — a 65 KB PNG can claim 20000 × 20000 pixels, 1.6 GB
//!   once decoded — and shows as the empty element with its `alt`;
//! * `image/svg+xml` (escaped or base64 UTF-8): the markup sanitised by the `Svg` component's allow-list
//!   ([`super::svg::sanitise`]) and placed inline.
//!
//! The element takes the image's id, classes and style and carries its `alt` as `role="img"` and
//! `aria-label`. Nothing is evaluated: the bytes go to the browser's image decoder, the
//! markup to an inert XML parse and an allow-listed copy. Any other source (the URL parsed
//! and scheme-checked first by [`crate::url::safe_src`]) is the `<img>`'s `src`.
use super::svg::sanitise;
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::{optional_text, prop};
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;

/// Renders `Image`.
pub fn render(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    for key in ["src", "alt", "width", "height"] {
        optional_text(node, key, "img")?;
    }
    let img = super::sized(cx, "img", node, "pf-image");
    // The element in the document: the `<img>`, or what draws a `data:` image in its place.
    let shown = Rc::new(RefCell::new(img.clone()));
    let (target, current) = (img.clone(), shown.clone());
    cx.bind_text(prop(node, "alt"), move |alt| {
        dom::set_attr(&target, "alt", alt);
        let current = current.borrow();
        if *current != target {
            dom::set_attr(&current, "aria-label", alt);
        }
    });
    let current = shown.clone();
    cx.bind_text(prop(node, "src"), move |src| {
        let url = crate::url::safe_src(src, "image/");
        let next = url.as_deref().and_then(|url| drawn(url, &img));
        let next = next.unwrap_or_else(|| {
            match &url {
                Some(url) => dom::set_attr(&img, "src", url),
                None => dom::report(img.remove_attribute("src")),
            }
            img.clone()
        });
        let before = current.replace(next.clone());
        if before != next {
            dom::report(before.replace_with_with_node_1(&next));
        }
    });
    let el = shown.borrow().clone();
    Ok(el.into())
}

/// The element drawing the `data:` image `url` (already normalised) without a fetch, dressed
/// like `img`; `None` for any other URL or a `data:` image of a kind not drawn here. A source
/// of a drawn kind that does not decode, or a `data:image/` URL with no data at all (a
/// streamed partial URL, say), gets an empty element: as an `<img>` it would show nothing
/// either, and a strict policy would report a refusal.
fn drawn(url: &str, img: &Element) -> Option<Element> {
    let rest = url
        .get(..11)
        .filter(|head| head.eq_ignore_ascii_case("data:image/"))
        .map(|_| &url[11..])?;
    // No comma: no data URL at all (a streamed partial one, say), nothing an `<img>` shows.
    let el = match rest.split_once(',') {
        None => dom::element("span"),
        Some((kind, data)) => {
            let is = |name: &str| kind.eq_ignore_ascii_case(name);
            let svg = is("svg+xml") || is("svg+xml;base64");
            let raster = ["png;base64", "jpeg;base64", "gif;base64", "webp;base64"]
                .iter()
                .any(|k| is(k));
            if !svg && !raster {
                return None;
            }
            decode(data, svg, !is("svg+xml")).unwrap_or_else(|| dom::element("span"))
        }
    };
    for name in ["id", "class", "style", "alt"] {
        if let Some(value) = img.get_attribute(name) {
            dom::set_attr(&el, if name == "alt" { "aria-label" } else { name }, &value);
        }
    }
    dom::set_attr(&el, "role", "img");
    Some(el)
}

/// The drawing of `data` (base64 unless `base64` is false): sanitised inline SVG when `svg`,
/// else a canvas; `None` when it does not decode.
fn decode(data: &str, svg: bool, base64: bool) -> Option<Element> {
    if !base64 {
        return sanitise(&dom::decode_uri_component(data)?);
    }
    let bytes = dom::atob(data)?;
    if svg {
        sanitise(&String::from_utf8(bytes).ok()?)
    } else if pixels(&bytes)? <= MAX_PIXELS {
        canvas(&bytes)
    } else {
        None
    }
}

/// The most pixels a drawn picture may have: 32 Mi (an 8K × 4K photo, 128 MiB decoded).
pub const MAX_PIXELS: u32 = 1 << 25;

/// Byte `i` of `b` (0 past its end: a cut header reads as an empty picture, which the
/// decoder then refuses).
#[inline(never)]
fn byte(b: &[u8], i: usize) -> u32 {
    b.get(i).map_or(0, |v| u32::from(*v))
}

/// A 16-bit big-endian number at `i`.
#[inline(never)]
fn short(b: &[u8], i: usize) -> u32 {
    byte(b, i) << 8 | byte(b, i + 1)
}

/// Width × height as the header of a PNG, GIF, WebP or JPEG states it; `None` for anything
/// else. The first byte tells which: the browser's decoder goes by the same signatures,
/// whatever the `data:` URL's type says.
fn pixels(b: &[u8]) -> Option<u32> {
    let le = |i| short(b, i).swap_bytes() >> 16;
    let (w, h) = match (byte(b, 0), short(b, 12) << 16 | short(b, 14)) {
        (0x89, _) => (
            short(b, 16) << 16 | short(b, 18),
            short(b, 20) << 16 | short(b, 22),
        ),
        (0x47, _) => (le(6), le(8)),
        // WebP: "VP8X", "VP8 ", "VP8L".
        (0x52, 0x5650_3858) => (
            1 + (le(24) | byte(b, 26) << 16),
            1 + (le(27) | byte(b, 29) << 16),
        ),
        (0x52, 0x5650_3820) => (le(26) & 0x3fff, le(28) & 0x3fff),
        (0x52, 0x5650_384c) => {
            let bits = le(21) | le(23) << 16;
            (1 + (bits & 0x3fff), 1 + (bits >> 14 & 0x3fff))
        }
        (0xff, _) => jpeg_size(b)?,
        _ => return None,
    };
    // More than `u32::MAX` pixels is more than the limit too.
    Some(w.saturating_mul(h))
}

/// A JPEG's (width, height) from its first start-of-frame segment.
fn jpeg_size(b: &[u8]) -> Option<(u32, u32)> {
    let mut i = 2;
    loop {
        if *b.get(i)? != 0xff {
            return None;
        }
        let marker = *b.get(i + 1)?;
        // SOF0–SOF15, but for DHT (C4), JPG (C8) and DAC (CC).
        if marker & 0xf0 == 0xc0 && ![0xc4, 0xc8, 0xcc].contains(&marker) {
            return Some((short(b, i + 7), short(b, i + 5)));
        }
        // A fill byte, or a segment with its length.
        i += if marker == 0xff {
            1
        } else {
            2 + short(b, i + 2) as usize
        };
    }
}

/// A `<canvas>` painted with the picture `bytes` once the browser has decoded them (empty,
/// 0 × 0, until then or if they do not decode).
fn canvas(bytes: &[u8]) -> Option<Element> {
    let decoded = dom::decode_image(bytes)?;
    let el = dom::element("canvas");
    for name in ["width", "height"] {
        dom::set_attr(&el, name, "0");
    }
    let target = el.clone();
    // One handler for both outcomes: only a decoded picture is an `ImageBitmap`.
    let paint = dom::once_with(move |bitmap: JsValue| dom::paint_bitmap(&target, bitmap));
    dom::then(&decoded, &paint, &paint);
    Some(el)
}

#[cfg(test)]
mod tests {
    use super::{MAX_PIXELS, pixels};

    /// A header: `head` then zeros to `len`, with `fields` written at their offsets.
    fn header(head: &[u8], len: usize, fields: &[(usize, &[u8])]) -> Vec<u8> {
        let mut b = head.to_vec();
        b.resize(len, 0);
        for (at, bytes) in fields {
            b[*at..at + bytes.len()].copy_from_slice(bytes);
        }
        b
    }

    #[test]
    fn sizes_are_read_from_each_kind_of_header() {
        let png = header(
            b"\x89PNG\r\n\x1a\n",
            33,
            &[
                (16, &20_000u32.to_be_bytes()),
                (20, &20_000u32.to_be_bytes()),
            ],
        );
        assert_eq!(pixels(&png), Some(400_000_000));
        assert!(pixels(&png).is_some_and(|p| p > MAX_PIXELS));
        let gif = header(b"GIF89a", 13, &[(6, &[3, 0, 2, 0])]);
        assert_eq!(pixels(&gif), Some(6));
        let vp8x = header(
            b"RIFF\0\0\0\0WEBPVP8X",
            30,
            &[(24, &[0x1f, 0x4e, 0, 0x1f, 0x4e, 0])],
        );
        assert_eq!(pixels(&vp8x), Some(20_000 * 20_000));
        let wide = header(
            b"\x89PNG\r\n\x1a\n",
            33,
            &[(16, &u32::MAX.to_be_bytes()), (20, &[0, 0, 0, 9])],
        );
        assert_eq!(
            pixels(&wide),
            Some(u32::MAX),
            "an overflowing product is over the limit"
        );
        let vp8 = header(b"RIFF\0\0\0\0WEBPVP8 ", 30, &[(26, &[3, 0xc0, 2, 0])]);
        assert_eq!(pixels(&vp8), Some(6), "the scale bits are not size");
        // VP8L: 14 bits width - 1, 14 bits height - 1 from byte 21.
        let bits: u32 = 2 | (1 << 14);
        let vp8l = header(b"RIFF\0\0\0\0WEBPVP8L", 26, &[(21, &bits.to_le_bytes())]);
        assert_eq!(pixels(&vp8l), Some(6));
        // JPEG: an APP0 segment, a fill byte, then SOF2 with height 2, width 3.
        let jpeg = [
            &[
                0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xff, 0xc2, 0, 11, 8, 0, 2, 0, 3,
            ][..],
            &[0; 8],
        ]
        .concat();
        assert_eq!(pixels(&jpeg), Some(6));
    }

    #[test]
    fn unknown_or_frameless_pictures_have_no_size() {
        assert_eq!(pixels(b"BM\0\0"), None);
        assert_eq!(pixels(b"RIFF\0\0\0\0WEBPVP9 "), None);
        assert_eq!(
            pixels(&[0xff, 0xd8, 0xff, 0xd9]),
            None,
            "a JPEG with no frame header"
        );
        assert_eq!(pixels(&[0xff, 0xd8, 0x00]), None);
        assert_eq!(pixels(b"GIF"), Some(0), "a cut header: nothing to decode");
    }
}
