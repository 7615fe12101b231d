//! `ui/notifications/size-changed`, measured the way the App SDK does it: in an animation
//! frame (so several changes in one task give one report), `<html>` measured at
//! `height: max-content`, sent only when the size changed and never as a transient 0.
use std::cell::RefCell;
// Casts of JavaScript values and of DOM nodes: one trait in the browser build, two natively.
#[cfg_attr(target_arch = "wasm32", allow(unused_imports))]
use crate::dom::JsCast as _;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

#[derive(Default)]
struct Size {
    last: Option<(i32, i32)>,
    scheduled: bool,
    running: bool,
    frame: Option<Closure<dyn FnMut()>>,
    observer: Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>,
}

thread_local! {
    static SIZE: RefCell<Size> = RefCell::new(Size::default());
}

/// Starts observing `<html>` and `<body>` and reports the first size.
pub fn start() {
    let Some(doc) = crate::dom::window().and_then(|w| w.document()) else {
        return;
    };
    let on_resize = Closure::<dyn FnMut()>::new(schedule);
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        if let Some(html) = doc.document_element() {
            observer.observe(&html);
        }
        if let Some(body) = doc.body() {
            observer.observe(&body);
        }
        SIZE.with(|s| s.borrow_mut().observer = Some((observer, on_resize)));
    }
    SIZE.with(|s| s.borrow_mut().running = true);
    schedule();
}

/// Stops observing (teardown).
pub fn stop() {
    SIZE.with(|s| {
        let mut s = s.borrow_mut();
        s.running = false;
        if let Some((observer, _)) = s.observer.take() {
            observer.disconnect();
        }
    });
}

/// Measures in the next animation frame (coalesced).
pub fn schedule() {
    let Some(window) = crate::dom::window() else {
        return;
    };
    SIZE.with(|s| {
        let Ok(mut s) = s.try_borrow_mut() else {
            return;
        };
        if s.scheduled || !s.running {
            return;
        }
        s.scheduled = true;
        let frame = s
            .frame
            .get_or_insert_with(|| Closure::<dyn FnMut()>::new(measure));
        if window
            .request_animation_frame(frame.as_ref().unchecked_ref())
            .is_err()
        {
            s.scheduled = false;
        }
    });
}

fn measure() {
    SIZE.with(|s| s.borrow_mut().scheduled = false);
    let Some(window) = crate::dom::window() else {
        return;
    };
    let Some(html) = crate::dom::document()
        .and_then(|d| d.document_element())
        .and_then(|e| e.dyn_into::<crate::dom::HtmlElement>().ok())
    else {
        return;
    };
    let style = html.style();
    let previous = style.get_property_value("height").unwrap_or_default();
    crate::dom::report(style.set_property("height", "max-content"));
    let height = html.get_bounding_client_rect().height().ceil() as i32;
    if previous.is_empty() {
        crate::dom::report(style.remove_property("height"));
    } else {
        crate::dom::report(style.set_property("height", &previous));
    }
    let width = window
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .map_or(0, |w| w.ceil() as i32);
    // A zero height is what an empty document measures between two renders: never report it.
    if height <= 0 {
        return;
    }
    let changed = SIZE.with(|s| {
        let mut s = s.borrow_mut();
        let changed = s.last != Some((width, height));
        s.last = Some((width, height));
        changed && s.running
    });
    if changed {
        let params =
            crate::bridge::rpc::object(&[("width", width.into()), ("height", height.into())]);
        super::notify("ui/notifications/size-changed", Some(&params));
    }
}
