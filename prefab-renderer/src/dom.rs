//! Small DOM helpers. Text always goes through `textContent`; nothing is parsed as HTML.
use crate::store::Owner;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, Event, Node};

thread_local! {
    static DOCUMENT: Option<Document> = web_sys::window().and_then(|w| w.document());
}

/// The document (the renderer only runs where there is one), looked up once.
#[must_use]
pub fn document() -> Option<Document> {
    DOCUMENT.with(Clone::clone)
}

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
    DOCUMENT.with(|doc| match doc {
        Some(d) => d.create_text_node(content).into(),
        None => unreachable_document().into(),
    })
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
    if cfg!(debug_assertions) {
        web_sys::console::warn_2(&JsValue::from_str("prefab-renderer: DOM error"), &error);
    }
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

/// One listener for every event type in `events`, living as long as `owner`. Boxed (not
/// generic), so every call site shares one instantiation of the closure glue.
#[inline(never)]
pub fn listen_many(owner: &Owner, target: &Element, events: &[&str], f: Box<dyn FnMut(Event)>) {
    let closure = Closure::wrap(f);
    for event in events {
        report(target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref()));
    }
    owner.keep(closure);
}

/// A one-shot JS function running `f` (for timers and microtasks); every call site shares
/// one instantiation of wasm-bindgen's closure glue.
pub fn once(f: impl FnOnce() + 'static) -> JsValue {
    once_dyn(Box::new(f))
}

#[inline(never)]
fn once_dyn(f: Box<dyn FnOnce()>) -> JsValue {
    Closure::once_into_js(f)
}

/// [`once`] for callbacks that take one value (promise handlers).
pub fn once_with(f: impl FnOnce(JsValue) + 'static) -> JsValue {
    once_with_dyn(Box::new(f))
}

#[inline(never)]
fn once_with_dyn(f: Box<dyn FnOnce(JsValue)>) -> JsValue {
    Closure::once_into_js(f)
}

/// `promise.then(ok, fail)` with one-shot functions (from [`once_with`]), called through
/// `Reflect`: one binding for every promise.
pub fn then(promise: &JsValue, ok: &JsValue, fail: &JsValue) {
    let method = js_sys::Reflect::get(promise, &"then".into()).unwrap_or(JsValue::UNDEFINED);
    if let Some(method) = method.dyn_ref::<js_sys::Function>() {
        report(method.call2(promise, ok, fail));
    }
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
