//! # prefab-renderer
//!
//! The `$prefab` renderer: Rust compiled to `wasm32-unknown-unknown`, and the same code
//! translated to JavaScript by binaryen's `wasm2js` for MCP Apps hosts whose CSP refuses
//! WebAssembly (the default). `prefab::page` inlines both builds into one self-contained
//! HTML page; its loader picks an engine and calls [`start`].
//!
//! The modules in layers, top to bottom: each uses only modules below it (and a module's
//! children may use their ancestors' items).
//!
//! * `headless` — (native builds) the app in the DOM seam's native document, for
//!   `prefab-test` and static pages.
//! * [`app`] — envelopes, `display_update` patches, host context as `$host`, app tools;
//!   the bridge's event handler, and the [`cx::AppHandle`] its views' actions reach it by.
//! * [`render`] — component nodes to DOM through the registry of component families,
//!   with bindings that patch only what changed.
//! * [`actions`] — the 16 action types and their `onSuccess`/`onError` chains.
//! * [`cx`] — the render context: scope chain, owner, view-wide data, the app handle.
//! * [`bridge`] — the app side of MCP Apps: JSON-RPC over `postMessage`, the handshake,
//!   the early-message queue, requests with ids and timeouts, size reports, the log.
//! * [`template`] — evaluating `{{ … }}` templates over a scope chain and the store.
//! * `classes`, [`url`], [`dom`] — the class compiler's sheet, URL checks, DOM helpers.
//! * [`store`] — the state and its fine-grained subscriptions.
//! * [`js`], [`json`], [`node`] — values across the JavaScript boundary, wire JSON, node
//!   fields.
//!
//! Expressions are evaluated by `prefab::expr`, the engine the server side uses too.
//!
//! No unsafe code, except the browser build's allocator (`heap`, wasm32 only).
#![deny(unsafe_code)]
// Natively every element type is one type (`dom::arena::Node`), so the conversions between
// them that the browser build needs are identities there.
#![cfg_attr(not(target_arch = "wasm32"), allow(clippy::useless_conversion))]

pub mod a2ui;
pub mod actions;
pub mod app;
pub mod bridge;
mod classes;
pub mod cx;
pub mod dom;
#[cfg(not(target_arch = "wasm32"))]
pub mod headless;
#[cfg(any(target_arch = "wasm32", test))]
mod heap;
pub mod js;
pub mod json;
mod log;
pub mod node;
pub mod render;
pub mod store;
pub mod template;
pub mod text;
pub mod url;

// The README (the crates.io page) is compiled and run as a doc test, as written (natively:
// its example renders a static page, which the browser build has no use for).
#[doc = include_str!("../README.md")]
#[cfg(all(doctest, not(target_arch = "wasm32")))]
pub struct ReadmeDoctests;

use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[cfg(all(target_arch = "wasm32", not(feature = "dlmalloc")))]
#[global_allocator]
static HEAP: heap::Heap = heap::Heap::new();

/// Starts the renderer (called once by the page loader; `engine` is `"wasm"` or
/// `"wasm2js"`).
///
/// A page with `<script id="prefab:initial-data">` mounts that envelope at once (the
/// standalone mode of exported pages). Inside a frame, the bridge connects to the host.
#[wasm_bindgen]
pub fn start(engine: &str) -> Result<(), JsValue> {
    // With `-Cpanic=immediate-abort` (the asset build) a panic traps at once and never
    // reaches a hook: none is linked there.
    #[cfg(not(panic = "immediate-abort"))]
    std::panic::set_hook(Box::new(on_panic));
    let window = crate::dom::window().ok_or("no window")?;
    let doc = dom::document().ok_or("no document")?;
    let root = match doc.get_element_by_id("root") {
        Some(root) => root,
        None => {
            let root = dom::element("div");
            dom::set_attr(&root, "id", "root");
            doc.body().ok_or("no body")?.append_child(&root)?;
            root
        }
    };
    let app = app::install(root);
    actions::toast_region(&doc);
    if let Some(script) = doc.get_element_by_id("prefab:initial-data") {
        let text = script.text_content().unwrap_or_default();
        let parsed = js::parse_json(&text);
        mark("prefab:parsed");
        match parsed {
            Ok(envelope) => {
                // One layout of the still-empty page before mounting. Measured in Chromium
                // (table1000 bench payload): when the first layout of the document is the one
                // that includes the whole view it costs ~65 ms instead of ~40 ms, so mounting
                // after this (near-free) layout saves ~25 ms of main-thread CPU. Same output.
                if let Some(html) = doc.document_element() {
                    html.get_bounding_client_rect();
                }
                app.mount(&envelope);
                mark("prefab:mounted");
            }
            Err(e) => {
                let error = dom::error_box(
                    "prefab:initial-data",
                    &text::fill("invalid JSON: {}", &[&e]),
                );
                if let Some(root) = doc.get_element_by_id("root") {
                    dom::report(root.append_child(&error));
                }
            }
        }
    }
    let framed = window
        .parent()
        .ok()
        .flatten()
        .is_some_and(|p| JsValue::from(p) != JsValue::from(window.clone()));
    if framed {
        bridge::connect(Rc::new(app::Events(app)), &app::capabilities())?;
    }
    // `engine` is part of the loader's call (kept for diagnostics); nothing depends on it yet.
    let _ = engine;
    Ok(())
}

/// A `performance.mark` (timing points for benchmarks and profiles).
fn mark(name: &str) {
    if let Some(performance) = crate::dom::window().and_then(|w| w.performance()) {
        dom::report(performance.mark(name));
    }
}

/// The panic boundary: the message is shown in the view (and logged) instead of leaving a
/// blank frame.
#[cfg(not(panic = "immediate-abort"))]
fn on_panic(info: &std::panic::PanicHookInfo<'_>) {
    let message = format!("The renderer stopped: {info}");
    crate::log::console_error(&message);
    let root = dom::document().and_then(|d| d.get_element_by_id("root"));
    if let Some(root) = root {
        let error = dom::error_box("renderer", &message);
        dom::report(root.append_child(&error));
    }
}
