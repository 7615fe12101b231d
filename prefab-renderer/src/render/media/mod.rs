//! The `media` family: `Image`, `Audio`, `Video`, `Embed`, `PdfViewer`, `Mermaid`; `Svg`
//! (`svg.rs`) and `Icon` (`icons.rs`).
//!
//! Every URL goes through [`crate::url`] (parsed, then scheme-checked): media sources are
//! `http(s):` (images also `data:image/…`, drawn without a fetch: `image.rs`). `Embed` (and `PdfViewer`) frame a URL only when
//! its origin is declared by the document — envelope `frameDomains`, or the MCP Apps shape
//! `_meta.ui.csp.frameDomains` — and always `sandbox` the frame; inline `html` is framed
//! sandboxed without `allow-same-origin`. Anything else shows a readable box with a link.
//! `Mermaid` draws with the page's Mermaid script when the document loaded one
//! (`window.mermaid`), else shows the diagram source as a code block.
mod icons;
mod image;
pub(super) use icons::{icon, shape};
mod svg;

use super::Render::With;
use super::widget::set_style;
use super::{Row, base};
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::{optional_text, prop};
use prefab::expr::{Value, number_to_string};
use std::cell::RefCell;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::JsValue;

thread_local! {
    static FRAME_ORIGINS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Records the frame origins an envelope declares (`frameDomains` or
/// `_meta.ui.csp.frameDomains`), replacing the previous document's.
pub fn set_frame_domains(envelope: &Value) {
    let mut origins = Vec::new();
    for list in [
        prop(envelope, "frameDomains"),
        prop(
            prop(prop(prop(envelope, "_meta"), "ui"), "csp"),
            "frameDomains",
        ),
    ] {
        if let Value::Array(items) = list {
            for item in items.iter() {
                if let Some((_, origin)) = item.as_str().and_then(crate::url::http_origin) {
                    origins.push(origin);
                }
            }
        }
    }
    FRAME_ORIGINS.with(|o| *o.borrow_mut() = origins);
}

fn declared(origin: &str) -> bool {
    FRAME_ORIGINS.with(|o| o.borrow().iter().any(|d| d == origin))
}

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Image", With(image::render)),
    ("Audio", With(player)),
    ("Video", With(player)),
    ("Embed", With(embed)),
    ("Svg", With(svg::render)),
    ("Icon", With(icons::render)),
    ("Mermaid", With(mermaid)),
    ("PdfViewer", With(embed)),
];

/// `Audio`, `Video`: a `src` checked by [`crate::url::safe_src`] (no `data:`), sizes as
/// styles, the boolean media props as attributes (`controls` on unless `false`).
fn player(cx: &Cx, ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let (tag, class) = match ty {
        "Audio" => ("audio", "pf-audio"),
        _ => ("video", "pf-video"),
    };
    for key in ["src", "alt", "poster", "width", "height"] {
        optional_text(node, key, tag)?;
    }
    let el = sized(cx, tag, node, class);
    for (key, default) in [
        ("controls", true),
        ("autoplay", false),
        ("loop", false),
        ("muted", false),
    ] {
        let on = match prop(node, key) {
            Value::Bool(b) => *b,
            _ => default,
        };
        dom::toggle_attr(&el, key, on);
    }
    if let Some(poster) = prop(node, "poster")
        .as_str()
        .and_then(|p| crate::url::safe_src(p, "image/"))
    {
        dom::set_attr(&el, "poster", &poster);
    }
    let target = el.clone();
    cx.bind_text(prop(node, "src"), move |src| {
        match crate::url::safe_src(src, "") {
            Some(url) => dom::set_attr(&target, "src", &url),
            None => {
                dom::report(target.remove_attribute("src"));
            }
        }
    });
    Ok(el.into())
}

/// A `tag` element with the node's classes (after `class`) and its `width`/`height` as styles.
fn sized(cx: &Cx, tag: &str, node: &Value, class: &str) -> Element {
    let el = dom::element(tag);
    base(cx, &el, node, class);
    for key in ["width", "height"] {
        if let Some(v) = prop(node, key).as_str() {
            set_style(&el, key, v);
        }
    }
    el
}

/// Sandbox tokens kept from a document's `sandbox`: never top navigation, and
/// `allow-same-origin` only for a frame of another origin than the view's.
fn sandbox(requested: &str, same_origin_ok: bool) -> String {
    let mut out = String::new();
    for token in requested.split_ascii_whitespace() {
        let token = token.to_ascii_lowercase();
        let keep = match token.as_str() {
            "allow-same-origin" => same_origin_ok,
            t => t.starts_with("allow-") && !t.starts_with("allow-top-navigation"),
        };
        if keep {
            out.push_str(&token);
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// `Embed` (`url` or `html`) and `PdfViewer` (`src`, `page`): a sandboxed iframe for a
/// declared origin or inline html, otherwise a box with a link.
fn embed(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    for key in ["url", "html", "src", "width", "height", "sandbox", "allow"] {
        optional_text(node, key, "Embed")?;
    }
    let pdf = prop(node, "type").as_str() == Some("PdfViewer");
    let frame = dom::element("iframe");
    let class = if pdf {
        "pf-pdf-viewer pf-embed"
    } else {
        "pf-embed"
    };
    for key in ["width", "height"] {
        if let Some(v) = prop(node, key).as_str() {
            set_style(&frame, key, v);
        }
    }
    let interpolated =
        |key| crate::template::display(&crate::template::interpolate(prop(node, key), &*cx.frame));
    let requested = match prop(node, "sandbox").as_str() {
        Some(_) => interpolated("sandbox"),
        None if pdf => "allow-scripts allow-same-origin".to_string(),
        None => String::new(),
    };
    let html = prop(node, "html");
    if !html.is_nullish() && !pdf {
        base(cx, &frame, node, class);
        dom::set_attr(&frame, "sandbox", &sandbox(&requested, false));
        let target = frame.clone();
        cx.bind_text(html, move |h| dom::set_attr(&target, "srcdoc", h));
        return Ok(frame.into());
    }
    let mut url = interpolated(if pdf { "src" } else { "url" });
    if pdf && let Value::Number(page) = prop(node, "page") {
        url.push_str("#page=");
        url.push_str(&number_to_string(*page));
    }
    let resolved = crate::url::safe_src(&url, "");
    let own_origin = crate::dom::window().map(|w| w.origin());
    match resolved.as_deref().and_then(crate::url::http_origin) {
        Some((href, origin)) if declared(&origin) => {
            base(cx, &frame, node, class);
            let other_origin = own_origin.as_deref() != Some(origin.as_str());
            dom::set_attr(&frame, "sandbox", &sandbox(&requested, other_origin));
            if let Some(allow) = prop(node, "allow").as_str() {
                dom::set_attr(&frame, "allow", allow);
            }
            dom::set_attr(&frame, "referrerpolicy", "no-referrer");
            dom::set_attr(&frame, "src", &href);
            Ok(frame.into())
        }
        other => {
            // A readable stand-in: what would be shown, and a link to open it (http(s) only).
            let bx = dom::element("div");
            base(cx, &bx, node, &[class, " pf-embed-blocked"].concat());
            let note = dom::element_with_class("span", "pf-muted");
            note.set_text_content(Some(if pdf { "PDF: " } else { "Embedded content: " }));
            dom::append(&bx, &note);
            let link = dom::element("a");
            link.set_text_content(Some(&url));
            if let Some((href, _)) = other {
                dom::set_attr(&link, "href", &href);
                dom::set_attr(&link, "target", "_blank");
                dom::set_attr(&link, "rel", "noopener noreferrer");
            }
            dom::append(&bx, &link);
            Ok(bx.into())
        }
    }
}

/// `Mermaid`: the chart source in a `<pre>`, drawn by `window.mermaid.run` when present.
fn mermaid(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    optional_text(node, "chart", "Mermaid")?;
    let el = dom::element("pre");
    base(cx, &el, node, "pf-mermaid");
    let target = el.clone();
    cx.bind_text(prop(node, "chart"), move |chart| {
        dom::report(target.remove_attribute("data-processed"));
        target.set_text_content(Some(chart));
        run_mermaid(&target);
    });
    Ok(el.into())
}

/// Asks the page's Mermaid (if any) to draw `el`: `mermaid.run({nodes: [el],
/// suppressErrors: true})` (Mermaid measures in its own scratch element, so `el` need not be
/// in the document yet; a diagram error is drawn by Mermaid instead of rejecting).
fn run_mermaid(el: &Element) {
    let Some(window) = crate::dom::window() else {
        return;
    };
    let get = |target: &JsValue, key: &str| js_sys::Reflect::get(target, &JsValue::from_str(key));
    let Ok(mermaid) = get(&window, "mermaid") else {
        return;
    };
    let Some(run) = get(&mermaid, "run")
        .ok()
        .and_then(|r| r.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    dom::report(el.class_list().add_1("mermaid"));
    let options = js_sys::Object::new();
    dom::report(js_sys::Reflect::set(
        &options,
        &JsValue::from_str("nodes"),
        &js_sys::Array::of1(&dom::to_js(el)),
    ));
    dom::report(js_sys::Reflect::set(
        &options,
        &JsValue::from_str("suppressErrors"),
        &JsValue::TRUE,
    ));
    dom::report(run.call1(&mermaid, &options));
}

#[cfg(test)]
mod tests {
    use super::sandbox;

    #[test]
    fn sandbox_never_allows_top_navigation_and_same_origin_only_when_allowed() {
        assert_eq!(sandbox("", true), "");
        assert_eq!(
            sandbox(
                "allow-scripts allow-same-origin allow-top-navigation",
                false
            ),
            "allow-scripts"
        );
        assert_eq!(
            sandbox("ALLOW-SCRIPTS allow-same-origin junk", true),
            "allow-scripts allow-same-origin"
        );
    }
}
