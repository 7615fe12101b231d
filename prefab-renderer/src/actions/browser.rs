//! Browser-side actions: `showToast`, `closeOverlay`, `fetch`, `openFilePicker`,
//! `setInterval`, `callHandler`.
use super::{Call, Ctx, Done, Outcome, run_with, text_field};
use crate::dom;
use crate::dom::JsCast;
use crate::js;
use crate::node::prop;
use crate::template;
use prefab::expr::{Map, Value};
// Casts of JavaScript values and of DOM nodes: one trait in the browser build, two natively.
#[cfg_attr(target_arch = "wasm32", allow(unused_imports))]
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

/// The toasts' polite live region (`#prefab-toasts`), created when missing: the renderer
/// creates it at start, so it is in the page before the first toast is written into it (a
/// region that appears with its first message is often not read).
/// The toasts' live region (`#prefab-toasts` at the end of `<body>`), created once.
pub fn toast_region(doc: &crate::dom::Document) -> crate::dom::Element {
    if let Some(region) = doc.get_element_by_id("prefab-toasts") {
        return region;
    }
    let region = dom::element_with_class("div", "pf-toasts");
    dom::set_attr(&region, "id", "prefab-toasts");
    dom::set_attr(&region, "role", "status");
    dom::set_attr(&region, "aria-live", "polite");
    if let Some(body) = doc.body() {
        dom::append(&body, &region);
    }
    region
}

/// `showToast`: a message in the polite live region, removed after `duration` ms; an
/// `error` toast is an alert (assertive: read at once).
pub(super) fn show_toast(fields: &Map) -> Outcome {
    let message = text_field(fields, "showToast", "message")?;
    let Some(doc) = dom::document() else {
        return Ok(Value::Undefined);
    };
    let region = toast_region(&doc);
    let toast = dom::element_with_class("div", "pf-toast");
    if let Some(variant) = fields.get("variant").and_then(Value::as_str) {
        dom::set_attr(&toast, "data-variant", variant);
        if variant == "error" {
            dom::set_attr(&toast, "role", "alert");
        }
    }
    let title = dom::element_with_class("div", "pf-toast-title");
    title.set_text_content(Some(&message));
    dom::append(&toast, &title);
    if let Some(description) = fields.get("description").and_then(Value::as_str) {
        let d = dom::element_with_class("div", "pf-toast-description");
        d.set_text_content(Some(description));
        dom::append(&toast, &d);
    }
    dom::append(&region, &toast);
    let duration = fields
        .get("duration")
        .map(Value::to_number)
        .filter(|n| n.is_finite() && *n > 0.0)
        .unwrap_or(4000.0);
    dom::timeout(&dom::once(move || toast.remove()), duration as i32);
    Ok(Value::Undefined)
}

/// `closeOverlay`: asks the nearest overlay to close (a `prefab:close-overlay` DOM event;
/// overlays come with the full component catalogue).
pub(super) fn close_overlay(_call: &Call) -> Outcome {
    if let (Some(doc), Ok(event)) = (
        dom::document(),
        crate::dom::Event::new("prefab:close-overlay"),
    ) {
        dom::report(doc.dispatch_event(&event));
    }
    Ok(Value::Undefined)
}

/// Whether `fetch` may reach `origin`: with a host, only declared connect domains
/// (`hostCapabilities.sandbox.csp.connectDomains`, `https://*.example.com` wildcards
/// allowed); a standalone page relies on its own CSP.
fn fetch_allowed(origin: &str) -> bool {
    if !crate::bridge::is_connected() {
        return true;
    }
    let caps = crate::bridge::host_capabilities();
    let Value::Array(domains) = prop(prop(prop(&caps, "sandbox"), "csp"), "connectDomains") else {
        return false;
    };
    domains
        .iter()
        .filter_map(Value::as_str)
        .any(|d| origin_matches(d, origin))
}

fn origin_matches(declared: &str, origin: &str) -> bool {
    let declared = declared.trim_end_matches('/');
    if declared == origin {
        return true;
    }
    if let Some((scheme, rest)) = prefab::expr::split_str(declared, "://*.")
        && let Some((o_scheme, host)) = prefab::expr::split_str(origin, "://")
    {
        return scheme == o_scheme && host.strip_suffix(rest).is_some_and(|h| h.ends_with('.'));
    }
    false
}

/// `fetch`: only to origins the host granted (`hostCapabilities.sandbox.csp.connectDomains`);
/// `$result` is the parsed JSON (or text).
pub(super) fn fetch(fields: &Map, done: Done) {
    let url = match text_field(fields, "fetch", "url") {
        Ok(u) => u,
        Err(e) => return done(Err(e)),
    };
    let Some((url, origin)) = crate::url::http_origin(&url) else {
        return done(Err(crate::text::fill(
            "fetch: refused URL \"{}\" (http or https only)",
            &[&url],
        )));
    };
    if !fetch_allowed(&origin) {
        return done(Err(crate::text::fill(
            "fetch: origin {} is not a declared connect domain",
            &[&origin],
        )));
    }
    let method = fields
        .get("method")
        .and_then(Value::as_str)
        .unwrap_or("GET")
        .to_ascii_uppercase();
    let Some(window) = crate::dom::window() else {
        return done(Err("fetch: no window".into()));
    };
    let init = request_init(fields, &method);
    let promise = window.fetch_with_str_and_init(&url, &init);
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let fail = {
        let done = done.clone();
        crate::dom::once_with(move |e: JsValue| {
            if let Some(done) = done.borrow_mut().take() {
                done(Err(crate::text::fill(
                    "fetch failed: {}",
                    &[&js::error_text(&e)],
                )));
            }
        })
    };
    let ok = {
        let done = done.clone();
        crate::dom::once_with(move |response: JsValue| {
            let Ok(response) = response.dyn_into::<web_sys::Response>() else {
                return;
            };
            if !response.ok() {
                if let Some(done) = done.borrow_mut().take() {
                    done(Err(crate::text::fill(
                        "{} {}",
                        &[
                            &crate::text::int(response.status().into()),
                            &response.status_text(),
                        ],
                    )));
                }
                return;
            }
            let Ok(text) = response.text() else {
                return;
            };
            let got = crate::dom::once_with(move |body: JsValue| {
                let body = body.as_string().unwrap_or_default();
                let value = js::parse_json(&body).unwrap_or(Value::from(body));
                if let Some(done) = done.borrow_mut().take() {
                    done(Ok(value));
                }
            });
            crate::dom::then(&text, &got, &JsValue::UNDEFINED);
        })
    };
    crate::dom::then(&promise, &ok, &fail);
}

/// The method, `headers` and `body` of a `fetch` (a JSON body for an object or array, with
/// `Content-Type: application/json` unless a header sets it).
fn request_init(fields: &Map, method: &str) -> web_sys::RequestInit {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    let headers = js_sys::Object::new();
    let set = |k: &str, v: &str| {
        dom::report(js_sys::Reflect::set(&headers, &k.into(), &v.into()));
    };
    if let Some(Value::Object(h)) = fields.get("headers") {
        for (k, v) in h.iter() {
            set(k, &template::display(v));
        }
    }
    let has_content_type = |h: &js_sys::Object| {
        js_sys::Object::keys(h).iter().any(|k| {
            k.as_string()
                .is_some_and(|k| k.eq_ignore_ascii_case("content-type"))
        })
    };
    if !matches!(method, "GET" | "HEAD") {
        match fields.get("body") {
            Some(Value::String(s)) => init.set_body(&JsValue::from_str(s)),
            Some(body @ (Value::Object(_) | Value::Array(_))) => {
                init.set_body(&JsValue::from_str(&js::stringify(body)));
                if !has_content_type(&headers) {
                    set("Content-Type", "application/json");
                }
            }
            _ => {}
        }
    }
    init.set_headers(&headers);
    init
}

/// `openFilePicker`: `$result` = `FileUpload[]` (`{name, size, type, data}` with base64
/// data); files over `maxSize` are skipped with an error toast.
pub(super) fn open_file_picker(call: &Call, fields: &Map, done: Done) {
    let input = dom::element("input");
    dom::set_attr(&input, "type", "file");
    if let Some(accept) = fields.get("accept").and_then(Value::as_str) {
        dom::set_attr(&input, "accept", accept);
    }
    dom::toggle_attr(
        &input,
        "multiple",
        fields.get("multiple").is_some_and(Value::truthy),
    );
    let max_size = fields
        .get("maxSize")
        .map(Value::to_number)
        .filter(|n| n.is_finite());
    let Ok(input) = input.dyn_into::<crate::dom::HtmlInputElement>() else {
        return done(Err("openFilePicker: no file input".into()));
    };
    let source = input.clone();
    let mut done = Some(done);
    let on_change = move |_| {
        let (Some(files), Some(done)) = (source.files(), done.take()) else {
            return;
        };
        let files: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        read_files(files, max_size, done);
    };
    dom::listen(&call.cx.owner, &input, "change", on_change);
    input.click();
}

fn read_files(files: Vec<web_sys::File>, max_size: Option<f64>, done: Done) {
    use std::cell::RefCell;
    use std::rc::Rc;
    let files: Vec<web_sys::File> = files
        .into_iter()
        .filter(|f| {
            let ok = max_size.is_none_or(|max| f.size() <= max);
            if !ok {
                let mut fields = Map::new();
                fields.insert(
                    "message",
                    Value::from(crate::text::fill("{} is too large", &[&f.name()])),
                );
                fields.insert("variant", Value::from("error"));
                // Cannot fail: the only error is a missing `message`, set just above.
                drop(show_toast(&fields));
            }
            ok
        })
        .collect();
    if files.is_empty() {
        // Cancelled or nothing usable: success without callbacks.
        return;
    }
    let results: Rc<RefCell<Vec<Option<Value>>>> = Rc::new(RefCell::new(vec![None; files.len()]));
    let done = Rc::new(RefCell::new(Some(done)));
    for (i, file) in files.into_iter().enumerate() {
        let (results, done) = (results.clone(), done.clone());
        let read = move |upload: Value| {
            let all = {
                let mut r = results.borrow_mut();
                r[i] = Some(upload);
                r.iter().all(Option::is_some)
            };
            if all {
                let list = Value::array(results.borrow_mut().drain(..).flatten());
                if let Some(done) = done.borrow_mut().take() {
                    done(Ok(list));
                }
            }
        };
        dom::read_file(&file, Box::new(read));
    }
}

/// `setInterval`: runs `onTick` (`$event` = tick number, from 1) every `duration` ms while
/// `count`/`while` allow, then `onComplete`. Stopped at teardown or when the view is replaced.
pub(super) fn set_interval(call: &Call) -> Outcome {
    let epoch = timer_epoch(&call.cx);
    let raw = call.raw.clone();
    if !may_tick(call, &raw, 0) {
        complete(call, &raw);
        return Ok(Value::Undefined);
    }
    schedule_tick(call.cx.clone(), call.ctx.clone(), raw, 1, epoch);
    Ok(Value::Undefined)
}

fn duration_ms(cx: &crate::cx::Cx, raw: &Value) -> i32 {
    let value = template::interpolate(prop(raw, "duration"), &*cx.frame);
    let n = value.to_number();
    if n.is_finite() && n > 0.0 {
        n as i32
    } else {
        1000
    }
}

fn may_tick(call: &Call, raw: &Value, done_ticks: u32) -> bool {
    if let Some(count) = prop(raw, "count").as_f64_opt()
        && f64::from(done_ticks) >= count
    {
        return false;
    }
    let cond = prop(raw, "while");
    cond.is_nullish() || template::condition(cond, &*call.scope)
}

fn complete(call: &Call, raw: &Value) {
    let on_complete = prop(raw, "onComplete");
    if !on_complete.is_nullish() {
        run_with(&call.cx, on_complete, (*call.ctx).clone(), Box::new(|_| {}));
    }
}

fn schedule_tick(cx: crate::cx::Cx, ctx: std::rc::Rc<Ctx>, raw: Value, tick: u32, epoch: u32) {
    let delay = duration_ms(&cx, &raw);
    let shared = cx.shared.clone();
    let callback = crate::dom::once(move || {
        if timer_epoch(&cx) != epoch {
            return;
        }
        let call = Call {
            scope: super::frame(&cx, &ctx),
            cx: cx.clone(),
            ctx: ctx.clone(),
            raw: raw.clone(),
        };
        let on_tick = prop(&raw, "onTick");
        if !on_tick.is_nullish() {
            let tick_ctx = Ctx {
                event: Value::from(tick),
                ..(*ctx).clone()
            };
            run_with(&cx, on_tick, tick_ctx, Box::new(|_| {}));
        }
        if may_tick(&call, &raw, tick) {
            schedule_tick(cx, ctx, raw, tick + 1, epoch);
        } else {
            complete(&call, &raw);
        }
    });
    if let Some(handle) = crate::dom::timeout(&callback, delay)
        && let Some(app) = shared.app()
    {
        app.add_timer(handle);
    }
}

/// The app's timer generation (0 without an app).
fn timer_epoch(cx: &crate::cx::Cx) -> u32 {
    cx.app().map_or(0, |a| a.timer_epoch())
}

trait AsF64Opt {
    fn as_f64_opt(&self) -> Option<f64>;
}

impl AsF64Opt for Value {
    fn as_f64_opt(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            Value::String(_) => Some(self.to_number()).filter(|n| n.is_finite()),
            _ => None,
        }
    }
}

/// `callHandler`: calls `window.__prefab_handlers.actions[handler]({state, event,
/// arguments})` (functions the page author defined, never wire text); an object result
/// merges into the state and becomes `$result`.
pub(super) fn call_handler(call: &Call, fields: &Map) -> Outcome {
    let handler = text_field(fields, "callHandler", "handler")?;
    let window = crate::dom::window().ok_or("no window")?;
    let handlers =
        js_sys::Reflect::get(&window, &"__prefab_handlers".into()).unwrap_or(JsValue::UNDEFINED);
    let actions = js::get(&handlers, "actions");
    let function = js::get(&actions, &handler);
    let Some(function) = function.dyn_ref::<js_sys::Function>() else {
        return Err(crate::text::fill(
            "callHandler: unknown handler \"{}\"",
            &[&handler],
        ));
    };
    let store = call.cx.frame.store();
    let argument = js::to_js(&crate::bridge::rpc::object(&[
        ("state", Value::from(store.snapshot())),
        ("event", call.ctx.event.clone()),
        (
            "arguments",
            fields.get("arguments").cloned().unwrap_or(Value::Undefined),
        ),
    ]));
    let returned = function.call1(&JsValue::NULL, &argument).map_err(|e| {
        crate::text::fill("callHandler \"{}\": {}", &[&handler, &js::error_text(&e)])
    })?;
    let result = js::to_value(&returned);
    if let Value::Object(patch) = &result {
        store.merge(patch);
    }
    Ok(result)
}
