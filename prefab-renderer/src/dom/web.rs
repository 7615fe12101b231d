//! The browser backend of the DOM seam: `web-sys` itself. Every item here is what the
//! renderer called directly before the seam, so the shipped engine is unchanged.
use crate::store::Owner;
pub use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
pub use web_sys::{
    Document, DomRect, Element, Event, EventTarget, HtmlElement, HtmlFormElement, HtmlInputElement,
    HtmlTextAreaElement, KeyboardEvent, Node, Url,
};

thread_local! {
    static DOCUMENT: Option<Document> = web_sys::window().and_then(|w| w.document());
}

/// The window.
#[inline]
#[must_use]
pub fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The document (the renderer only runs where there is one), looked up once.
#[must_use]
pub fn document() -> Option<Document> {
    DOCUMENT.with(Clone::clone)
}

/// Work to run later (a one-shot JavaScript function, from [`once`]).
pub type Task = JsValue;

/// One listener for every event type in `events`, living as long as `owner`. Boxed (not
/// generic), so every call site shares one instantiation of the closure glue.
#[inline(never)]
pub fn listen_many(owner: &Owner, target: &Element, events: &[&str], f: Box<dyn FnMut(Event)>) {
    let closure = Closure::wrap(f);
    for event in events {
        super::report(
            target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref()),
        );
    }
    owner.keep(closure);
}

/// A one-shot JS function running `f` (for timers and microtasks); every call site shares
/// one instantiation of wasm-bindgen's closure glue.
pub fn once(f: impl FnOnce() + 'static) -> Task {
    once_dyn(Box::new(f))
}

#[inline(never)]
fn once_dyn(f: Box<dyn FnOnce()>) -> Task {
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
        super::report(method.call2(promise, ok, fail));
    }
}

/// Runs `task` as a microtask (after the current task, before the next paint).
#[inline]
pub fn microtask(task: &Task) {
    if let Some(w) = window() {
        w.queue_microtask(task.unchecked_ref());
    }
}

/// Runs `task` after `ms` milliseconds; the handle for [`clear_timeout`].
#[inline]
pub fn timeout(task: &Task, ms: i32) -> Option<i32> {
    window()?
        .set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), ms)
        .ok()
}

/// Cancels a [`timeout`].
#[inline]
pub fn clear_timeout(handle: i32) {
    if let Some(w) = window() {
        w.clear_timeout_with_handle(handle);
    }
}

/// The JavaScript error of a failed DOM call, on the console in debug builds.
pub fn warn_error(error: &JsValue) {
    if cfg!(debug_assertions) {
        web_sys::console::warn_2(&JsValue::from_str("prefab-renderer: DOM error"), error);
    }
}

/// A listener on the document for the life of the page (`capture`: before the target's).
pub fn listen_document(event: &str, capture: bool, f: Box<dyn FnMut(Event)>) {
    let Some(doc) = document() else { return };
    let closure = Closure::wrap(f);
    super::report(doc.add_event_listener_with_callback_and_bool(
        event,
        closure.as_ref().unchecked_ref(),
        capture,
    ));
    closure.forget();
}

/// Calls `f` when `el`'s box changes size, until `owner` is disposed.
pub fn on_resize(owner: &Owner, el: &Element, f: Box<dyn FnMut()>) {
    let closure = Closure::wrap(f);
    if let Ok(observer) = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()) {
        observer.observe(el);
        owner.on_cleanup(move || observer.disconnect());
    }
    owner.keep(closure);
}

/// Reads `file` as an upload: `{name, size, type, data}` with `data` in base64 (empty when
/// the read fails: `loadend` fires after an error too).
pub fn read_file(file: &web_sys::File, done: Box<dyn FnOnce(prefab::expr::Value)>) {
    use prefab::expr::Value;
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let (source, blob) = (reader.clone(), file.clone());
    let (name, size, ty) = (file.name(), file.size(), file.type_());
    let on_load = once(move || {
        let url = source
            .result()
            .ok()
            .and_then(|r| r.as_string())
            .unwrap_or_default();
        let data = url.split_once(',').map_or("", |(_, d)| d);
        let mut upload = prefab::expr::Map::new();
        upload.insert("name", Value::from(name));
        upload.insert("size", Value::from(size));
        upload.insert("type", Value::from(ty));
        upload.insert("data", Value::from(data));
        done(Value::from(upload));
    });
    reader.set_onloadend(Some(on_load.unchecked_ref()));
    super::report(reader.read_as_data_url(&blob));
}

/// Paints a decoded `bitmap` (an `ImageBitmap`; anything else is ignored) into `canvas`.
pub fn paint_bitmap(canvas: &Element, bitmap: JsValue) {
    let Ok(bitmap) = bitmap.dyn_into::<web_sys::ImageBitmap>() else {
        return;
    };
    super::set_attr(canvas, "width", &bitmap.width().to_string());
    super::set_attr(canvas, "height", &bitmap.height().to_string());
    let context = canvas
        .unchecked_ref::<web_sys::HtmlCanvasElement>()
        .get_context("bitmaprenderer");
    if let Ok(Some(context)) = context {
        context
            .unchecked_into::<web_sys::ImageBitmapRenderingContext>()
            .transfer_from_image_bitmap(&bitmap);
    }
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = DOMParser)]
    type DomParser;
    #[wasm_bindgen(constructor, js_class = "DOMParser", catch)]
    fn new() -> Result<DomParser, JsValue>;
    #[wasm_bindgen(method, js_name = parseFromString, catch)]
    fn parse_from_string(this: &DomParser, text: &str, mime: &str) -> Result<Document, JsValue>;
}

/// The root element of `markup` parsed as an SVG document (a `<parsererror>` root when it
/// is not well-formed), in a document of its own: nothing of it is in the page yet.
pub fn parse_svg(markup: &str) -> Option<Element> {
    let doc = DomParser::new()
        .ok()?
        .parse_from_string(markup, "image/svg+xml")
        .ok()?;
    doc.document_element()
}

/// The attribute names of `el`, in order.
#[inline]
pub fn attribute_names(el: &Element) -> Vec<String> {
    el.get_attribute_names()
        .iter()
        .filter_map(|n| n.as_string())
        .collect()
}

/// A number property of an event (`buttons`, `clientX`), if it has one.
pub fn event_number(event: &Event, key: &str) -> Option<f64> {
    js_sys::Reflect::get(event, &JsValue::from_str(key))
        .ok()?
        .as_f64()
}

/// The node focus moves to in a `focusout`.
pub fn related_target(event: &Event) -> Option<Node> {
    js_sys::Reflect::get(event, &"relatedTarget".into())
        .ok()?
        .dyn_into::<Node>()
        .ok()
}

/// The files dropped with a `drop` event.
pub fn dropped_files(event: &Event) -> Option<web_sys::FileList> {
    js_sys::Reflect::get(event, &"dataTransfer".into())
        .and_then(|t| js_sys::Reflect::get(&t, &"files".into()))
        .ok()?
        .dyn_into::<web_sys::FileList>()
        .ok()
}

/// An element as a JavaScript value (for a page script such as Mermaid's).
#[inline]
pub fn to_js(el: &Element) -> JsValue {
    el.clone().into()
}

/// A timeout that is cancelled when dropped (the bridge's request timeouts).
pub struct Timer {
    handle: Option<i32>,
    _f: Closure<dyn FnMut()>,
}

impl Timer {
    /// Runs `f` after `ms` milliseconds unless the timer is dropped first.
    #[must_use]
    pub fn new(ms: i32, f: Box<dyn FnMut()>) -> Timer {
        let f = Closure::wrap(f);
        let handle = window().and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(f.as_ref().unchecked_ref(), ms)
                .ok()
        });
        Timer { handle, _f: f }
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if let Some(handle) = self.handle {
            clear_timeout(handle);
        }
    }
}

/// Passes every message `window.parent` posts to this window to `f` (as a [`Value`]);
/// messages from anywhere else (another frame, the view itself) are ignored. `false` when
/// there is no window.
///
/// [`Value`]: prefab::expr::Value
pub fn listen_host(f: Box<dyn Fn(prefab::expr::Value)>) -> bool {
    let Some(window) = window() else {
        return false;
    };
    let own = window.clone();
    let on_message = move |event: web_sys::MessageEvent| {
        // Only the parent window speaks for the host.
        let parent = own.parent().ok().flatten();
        let from_parent = match (event.source(), parent) {
            (Some(source), Some(parent)) => {
                let source: &JsValue = source.as_ref();
                let parent: &JsValue = parent.as_ref();
                let own: &JsValue = own.as_ref();
                source == parent && parent != own
            }
            _ => false,
        };
        if from_parent {
            f(crate::js::to_value(&event.data()));
        }
    };
    let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(on_message);
    let added = window
        .add_event_listener_with_callback("message", listener.as_ref().unchecked_ref())
        .is_ok();
    listener.forget();
    added
}

/// Posts `message` to `window.parent`; `false` when that failed.
pub fn post_to_host(message: &prefab::expr::Value) -> bool {
    let parent = window().and_then(|w| w.parent().ok().flatten());
    parent.is_some_and(|p| p.post_message(&crate::js::to_js(message), "*").is_ok())
}

/// Minutes east of UTC of the browser's time zone at `epoch_ms`.
#[inline]
pub fn local_offset_minutes(epoch_ms: f64) -> i32 {
    -(js_sys::Date::new(&epoch_ms.into()).get_timezone_offset() as i32)
}

/// Today in the browser's time zone: (year, month 1–12, day).
#[inline]
pub fn today() -> (i64, i64, i64) {
    let now = js_sys::Date::new_0();
    (
        i64::from(now.get_full_year()),
        i64::from(now.get_month()) + 1,
        i64::from(now.get_date()),
    )
}

/// `decodeURIComponent(text)`, `None` when it is malformed.
#[inline]
pub fn decode_uri_component(text: &str) -> Option<String> {
    js_sys::decode_uri_component(text).ok().map(String::from)
}

/// The bytes of base64 `data` (`atob`), `None` when it is not base64.
#[inline]
pub fn atob(data: &str) -> Option<Vec<u8>> {
    // A binary string, one char per byte.
    Some(
        window()?
            .atob(data)
            .ok()?
            .chars()
            .map(|c| c as u8)
            .collect(),
    )
}

/// Starts decoding a picture: the promise of its `ImageBitmap` (`createImageBitmap`).
#[inline]
pub fn decode_image(bytes: &[u8]) -> Option<JsValue> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).ok()?;
    window()?
        .create_image_bitmap_with_blob(&blob)
        .ok()
        .map(Into::into)
}
