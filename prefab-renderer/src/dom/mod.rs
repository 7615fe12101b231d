//! The DOM seam: the one module that touches the document. Text always goes through
//! `textContent`; nothing is parsed as HTML.
//!
//! Two backends with one interface, chosen at compile time:
//!
//! * in the browser (`wasm32`), `web.rs`: `web-sys` itself, so the shipped engine calls the
//!   DOM directly (the types below are `web-sys`'s, at no cost in bytes);
//! * everywhere else, `arena/`: a document of plain Rust nodes with attributes, classes,
//!   style, text, form state and listeners, timers on a clock the caller advances, and
//!   serialisation to HTML. It is what `prefab-test`'s headless views render into.
//!
//! The rest of the renderer names DOM types and the window through this module only
//! (`crate::dom::Element`, `crate::dom::window()`, `crate::dom::JsCast`), and schedules work
//! through [`once`], [`microtask`] and [`timeout`].
use crate::store::Owner;
use wasm_bindgen::prelude::*;

#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
#[cfg(not(target_arch = "wasm32"))]
use arena as backend;
#[cfg(target_arch = "wasm32")]
mod web;
pub use backend::{
    Document, DomRect, Element, Event, EventTarget, HtmlElement, HtmlFormElement, HtmlInputElement,
    HtmlTextAreaElement, JsCast, KeyboardEvent, Node, Task, Timer, Url, atob, attribute_names,
    clear_timeout, decode_image, decode_uri_component, document, dropped_files, event_number,
    listen_document, listen_host, listen_many, local_offset_minutes, microtask, on_resize, once,
    once_with, paint_bitmap, parse_svg, post_to_host, read_file, related_target, then, timeout,
    to_js, today, warn_error, window,
};
#[cfg(target_arch = "wasm32")]
use web as backend;
pub use web_sys::{FileList, FileReader};

/// A new element; falls back to a `<div>` if `tag` is refused, and to an empty text node's
/// parent-less element never (the document always exists when rendering).
#[must_use]
pub fn element(tag: &str) -> Element {
    let doc = document();
    doc.as_ref()
        .and_then(|d| d.create_element(tag).ok())
        .or_else(|| doc.as_ref().and_then(|d| d.create_element("div").ok()))
        .unwrap_or_else(unreachable_document)
}

#[cold]
fn unreachable_document() -> Element {
    // Rendering is only ever started from `start()`, which checks for a document first.
    wasm_bindgen::throw_str("prefab-renderer: no document")
}

/// An element with a class.
#[must_use]
pub fn element_with_class(tag: &str, class: &str) -> Element {
    let el = element(tag);
    if !class.is_empty() {
        el.set_class_name(class);
    }
    el
}

/// A text node.
#[must_use]
pub fn text(content: &str) -> Node {
    match document() {
        Some(d) => d.create_text_node(content).into(),
        None => unreachable_document().into(),
    }
}

/// Reports a DOM or JS call that failed: pass the call's `Result`. A failure is never shown to
/// the user: it is a warning on the console and in the host's log (`notifications/message`,
/// once a host is connected), and in debug builds the JS error value goes to the console too.
/// Only this check is inlined at the call sites; the report itself is one non-generic body.
#[inline(always)]
pub fn report<T>(result: Result<T, JsValue>) {
    match result {
        Ok(_value) => {}
        Err(error) => failed(error),
    }
}

#[inline(never)]
fn failed(error: JsValue) {
    warn_error(&error);
    crate::log::warn("prefab-renderer: a DOM call failed");
}

/// Sets an attribute (a failure, e.g. an invalid name, is [`report`]ed).
pub fn set_attr(el: &Element, name: &str, value: &str) {
    report(el.set_attribute(name, value));
}

/// Sets or removes a boolean attribute.
pub fn toggle_attr(el: &Element, name: &str, on: bool) {
    if on {
        // An ARIA state's empty value means false (`aria-invalid=""` is valid).
        set_attr(
            el,
            name,
            if name.starts_with("aria-") {
                "true"
            } else {
                ""
            },
        );
    } else {
        report(el.remove_attribute(name));
    }
}

/// Appends `child` to `parent`.
pub fn append(parent: &Node, child: &Node) {
    report(parent.append_child(child));
}

/// Removes every child of `node`.
pub fn clear(node: &Node) {
    while let Some(child) = node.first_child() {
        report(node.remove_child(&child));
    }
}

/// Adds an event listener that lives as long as `owner`.
pub fn listen(owner: &Owner, target: &Element, event: &str, f: impl FnMut(Event) + 'static) {
    listen_many(owner, target, &[event], Box::new(f));
}

/// An error box naming the JSON path of the offending node.
#[must_use]
pub fn error_box(path: &str, message: &str) -> Element {
    let el = element_with_class("div", "pf-error");
    set_attr(&el, "role", "alert");
    set_attr(&el, "data-path", path);
    el.set_text_content(Some(&crate::text::fill("{}: {}", &[path, message])));
    el
}
