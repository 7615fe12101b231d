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
//!   the picture, painted from a `Blob` by `createImageBitmap` (a GIF shows its first frame);
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
use crate::node::{optional_text, prop};
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Node};

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
        return sanitise(&String::from(js_sys::decode_uri_component(data).ok()?));
    }
    // A binary string, one char per byte.
    let bytes: Vec<u8> = web_sys::window()?
        .atob(data)
        .ok()?
        .chars()
        .map(|c| c as u8)
        .collect();
    if svg {
        sanitise(&String::from_utf8(bytes).ok()?)
    } else {
        canvas(&bytes)
    }
}

/// A `<canvas>` painted with the picture `bytes` once the browser has decoded them (empty,
/// 0 × 0, until then or if they do not decode).
fn canvas(bytes: &[u8]) -> Option<Element> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).ok()?;
    let decoded = web_sys::window()?
        .create_image_bitmap_with_blob(&blob)
        .ok()?;
    let el = dom::element("canvas");
    for name in ["width", "height"] {
        dom::set_attr(&el, name, "0");
    }
    let target = el.clone();
    // One handler for both outcomes: only a decoded picture is an `ImageBitmap`.
    let paint = dom::once_with(move |bitmap: JsValue| {
        let Ok(bitmap) = bitmap.dyn_into::<web_sys::ImageBitmap>() else {
            return;
        };
        dom::set_attr(&target, "width", &bitmap.width().to_string());
        dom::set_attr(&target, "height", &bitmap.height().to_string());
        let context = target
            .unchecked_ref::<web_sys::HtmlCanvasElement>()
            .get_context("bitmaprenderer");
        if let Ok(Some(context)) = context {
            context
                .unchecked_into::<web_sys::ImageBitmapRenderingContext>()
                .transfer_from_image_bitmap(&bitmap);
        }
    });
    dom::then(&decoded, &paint, &paint);
    Some(el)
}
