//! The native backend of the DOM seam: a document of plain Rust nodes.
//!
//! Nodes are shared handles (`Rc`) with a tag, attributes (the class list and the style
//! are views of the `class` and `style` attributes, as in a browser), text, the form state
//! a browser keeps outside attributes (`value`, `checked`) and listeners. The DOM types
//! the renderer names are all [`Node`] here; [`JsCast`] casts succeed on elements.
//!
//! There is no window: [`window`] is `None`, so code that needs a real browser (fetch,
//! clipboard, media queries, animation frames) is skipped. Microtasks and timers queue on a
//! [`clock`] that the caller runs and advances, so a test decides when time passes.
//!
//! ```
//! use prefab_renderer::dom::{self, arena};
//! let root = dom::element("div");
//! let button = dom::element_with_class("button", "pf-button");
//! dom::set_attr(&button, "aria-pressed", "true");
//! button.set_text_content(Some("Save"));
//! dom::append(&root, &button);
//! assert_eq!(
//!     arena::html::outer(&root),
//!     r#"<div><button class="pf-button" aria-pressed="true">Save</button></div>"#
//! );
//! ```
pub mod clock;
mod document;
mod event;
mod form;
pub mod host;
pub mod html;
mod node;
mod select;
mod style;
mod types;
mod url;

pub use clock::{Task, Timer, clear_timeout, microtask, once, timeout};
pub use document::{Document, DomRect, NodeList};
pub use event::dispatch;
pub use host::{listen_host, post_to_host};
pub use style::{ClassList, Style};
pub use types::{Event, EventInit, Is, JsCast, Node, active};
pub use url::Url;

use crate::store::Owner;
use wasm_bindgen::JsValue;

/// Every element type of the browser build is a [`Node`] here.
pub type Element = Node;
/// See [`Element`].
pub type HtmlElement = Node;
/// See [`Element`].
pub type HtmlInputElement = Node;
/// See [`Element`].
pub type HtmlTextAreaElement = Node;
/// See [`Element`].
pub type HtmlFormElement = Node;
/// See [`Element`].
pub type EventTarget = Node;
/// Keyboard events are [`Event`]s with a key.
pub type KeyboardEvent = Event;

thread_local! {
    static DOCUMENT: Document = Document::new();
}

/// Empties this thread's document for a new view: `<body>`'s children, `<html>`'s
/// attributes, focus, queued tasks and timers, the host channel and the console. What lives
/// as long as a page does stays: `<head>` (the compiled class rules) and the document's
/// listeners.
pub fn reset() {
    if let Some(doc) = document() {
        for el in [doc.body(), doc.document_element()].into_iter().flatten() {
            for name in el.get_attribute_names() {
                let _ = el.remove_attribute(&name);
            }
        }
        if let Some(body) = doc.body() {
            for child in body.child_list() {
                child.remove();
            }
        }
    }
    clock::reset();
    host::reset();
    drop(crate::log::take_console());
}

/// No window natively: the paths that need a browser are skipped.
#[must_use]
pub fn window() -> Option<web_sys::Window> {
    None
}

/// This thread's document (one per thread: each test runs on its own thread).
#[must_use]
pub fn document() -> Option<Document> {
    Some(DOCUMENT.with(Clone::clone))
}

/// One listener for every event type in `events`, removed when `owner` is disposed.
pub fn listen_many(owner: &Owner, target: &Node, events: &[&str], f: Box<dyn FnMut(Event)>) {
    let id = target.add_listener(events, false, f);
    let target = target.clone();
    owner.on_cleanup(move || target.remove_listener(id));
}

/// Promise callbacks: natively there are no promises, the function is dropped.
pub fn once_with(f: impl FnOnce(JsValue) + 'static) -> JsValue {
    drop(f);
    JsValue::UNDEFINED
}

/// Natively there are no promises: nothing to chain.
pub fn then(_promise: &JsValue, _ok: &JsValue, _fail: &JsValue) {}

/// A failed call's error value: nothing to show natively (the warning goes to the log).
pub fn warn_error(_error: &JsValue) {}

/// A listener on the document for the life of the thread (`capture`: before the target's).
pub fn listen_document(event: &str, capture: bool, f: Box<dyn FnMut(Event)>) {
    if let Some(doc) = document() {
        doc.node().add_listener(&[event], capture, f);
    }
}

/// Natively there is no layout: boxes never change size.
pub fn on_resize(_owner: &Owner, _el: &Node, _f: Box<dyn FnMut()>) {}

/// Natively there are no files to read.
pub fn read_file(_file: &web_sys::File, _done: Box<dyn FnOnce(prefab::expr::Value)>) {}

/// Natively nothing is decoded.
pub fn paint_bitmap(_canvas: &Node, _bitmap: JsValue) {}

/// The root element of `markup` parsed as XML (namespaced SVG elements become SVG nodes),
/// outside the document; `None` when it is not well-formed.
pub fn parse_svg(markup: &str) -> Option<Node> {
    let doc = roxmltree::Document::parse_with_options(
        markup,
        roxmltree::ParsingOptions {
            allow_dtd: false,
            ..roxmltree::ParsingOptions::default()
        },
    )
    .ok()?;
    Some(xml_node(doc.root_element()))
}

fn xml_node(source: roxmltree::Node<'_, '_>) -> Node {
    let svg = source.tag_name().namespace() == Some("http://www.w3.org/2000/svg");
    let el = Node::new_element(source.tag_name().name(), svg);
    for attr in source.attributes() {
        let name = match attr.namespace() {
            Some("http://www.w3.org/1999/xlink") => format!("xlink:{}", attr.name()),
            _ => attr.name().to_string(),
        };
        let _ = el.set_attribute(&name, attr.value());
    }
    for child in source.children() {
        if child.is_element() {
            let _ = el.append_child(&xml_node(child));
        } else if let Some(text) = child.text().filter(|_| child.is_text()) {
            let _ = el.append_child(&document().map_or_else(
                || Node::new_element("span", false),
                |d| d.create_text_node(text),
            ));
        }
    }
    el
}

/// The attribute names of `el`, in order.
pub fn attribute_names(el: &Node) -> Vec<String> {
    el.get_attribute_names()
}

/// A number property of an event: `buttons`, `clientX`… as set in its [`EventInit`].
pub fn event_number(event: &Event, key: &str) -> Option<f64> {
    event.number(key)
}

/// The node focus moves to in a `focusout`.
pub fn related_target(event: &Event) -> Option<Node> {
    event.related()
}

/// Natively nothing is dropped.
pub fn dropped_files(_event: &Event) -> Option<web_sys::FileList> {
    None
}

/// Natively there is no JavaScript.
pub fn to_js(_el: &Node) -> JsValue {
    JsValue::UNDEFINED
}

/// Natively the time zone is UTC (a host context's `timeZone` still applies to pipes).
pub fn local_offset_minutes(_epoch_ms: f64) -> i32 {
    0
}

/// Today in UTC, from the system clock: (year, month 1–12, day).
pub fn today() -> (i64, i64, i64) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    prefab::expr::civil_from_days(i64::try_from(secs / 86_400).unwrap_or(0))
}

/// Percent-decoding as `decodeURIComponent` does it, `None` when it is malformed.
pub fn decode_uri_component(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The bytes of base64 `data`, `None` when it is not base64.
pub fn atob(data: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    let clean: String = data.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(clean).ok()
}

/// Natively nothing is decoded: no promise.
pub fn decode_image(_bytes: &[u8]) -> Option<JsValue> {
    None
}
