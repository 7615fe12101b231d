//! The mounted app: envelope handling, host context (`$host`), app tools, timers, and the
//! bridge's event handler.
//!
//! * A full envelope (`view`, `state`, `defs`, `css`, `mode`, `tools`, `keyBindings`)
//!   resets the state (keeping `$host`) and replaces the view when it has one.
//! * A `display_update` patch (`{"$prefab": …, "update": {"state", "actions"}}`) merges
//!   into the state and runs its actions — both as a tool-result notification and as the
//!   reply to the view's own `tools/call`; it never blanks the view.
use crate::bridge::{self, HostEvents, Reply, RpcError, rpc};
use crate::dom;
use crate::js;
use crate::render::{self, Cx, Shared, prop};
use crate::store::{Owner, Store};
use crate::template::{self, Frame};
use prefab::expr::{Map, Value};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::Element;

/// Envelope versions this renderer knows (others render with a warning).
const VERSIONS: [&str; 2] = ["0.3", "0.2"];

/// The mounted app.
///
/// ```no_run
/// let root = prefab_renderer::dom::element("div");
/// let app = prefab_renderer::app::install(root);
/// let envelope = prefab_renderer::js::parse_json(r#"{"view": {"type": "Text", "content": "Hi"}}"#).unwrap();
/// app.mount(&envelope);
/// ```
pub struct App {
    /// The state store.
    pub store: Store,
    root: Element,
    view: RefCell<Option<Owner>>,
    shared: RefCell<Rc<Shared>>,
    tools: RefCell<Value>,
    fastmcp_app: RefCell<Option<Value>>,
    envelope_mode: RefCell<Option<String>>,
    key_bindings: RefCell<Value>,
    timers: RefCell<Vec<i32>>,
    epoch: Cell<u32>,
    rendered_result: Cell<bool>,
    /// Per tool: (last call issued, last response applied).
    sequences: RefCell<HashMap<String, (u64, u64)>>,
}

thread_local! {
    static APP: RefCell<Option<Rc<App>>> = const { RefCell::new(None) };
}

/// The mounted app, if any.
#[must_use]
pub fn current() -> Option<Rc<App>> {
    APP.with(|a| a.borrow().clone())
}

/// Creates the app rendering into `root` and makes it current.
pub fn install(root: Element) -> Rc<App> {
    let app = Rc::new(App {
        store: Store::new(),
        root,
        view: RefCell::new(None),
        shared: RefCell::new(Shared::new(Map::new())),
        tools: RefCell::new(Value::Undefined),
        fastmcp_app: RefCell::new(None),
        envelope_mode: RefCell::new(None),
        key_bindings: RefCell::new(Value::Undefined),
        timers: RefCell::new(Vec::new()),
        epoch: Cell::new(0),
        rendered_result: Cell::new(false),
        sequences: RefCell::new(HashMap::new()),
    });
    APP.with(|a| *a.borrow_mut() = Some(app.clone()));
    install_key_listener();
    app
}

impl App {
    /// Applies an envelope or a `display_update` patch.
    pub fn mount(&self, envelope: &Value) {
        if !matches!(envelope, Value::Object(_)) {
            self.show_error("structuredContent", "expected a $prefab envelope object");
            return;
        }
        let update = prop(envelope, "update");
        if !update.is_nullish() && prop(envelope, "view").is_nullish() {
            self.apply_update(update);
            return;
        }
        let version = prop(prop(envelope, "$prefab"), "version");
        let version = if version.is_nullish() {
            prop(envelope, "version")
        } else {
            version
        };
        if let Some(v) = version.as_str()
            && !VERSIONS.contains(&v)
        {
            crate::log::warn(&format!(
                "$prefab version {v} is not known to this renderer"
            ));
        }
        self.clear_timers();
        if let Some(app) = prop(prop(prop(envelope, "_meta"), "fastmcp"), "app").as_str() {
            *self.fastmcp_app.borrow_mut() = Some(Value::from(app));
        }
        apply_css(prop(envelope, "css"), prop(envelope, "stylesheets"));
        let mode = prop(envelope, "mode").as_str().map(str::to_string);
        *self.envelope_mode.borrow_mut() = mode;
        self.apply_theme();
        *self.tools.borrow_mut() = prop(envelope, "tools").clone();
        *self.key_bindings.borrow_mut() = prop(envelope, "keyBindings").clone();
        let state = match prop(envelope, "state") {
            Value::Object(map) => (**map).clone(),
            _ => Map::new(),
        };
        self.store.replace(state, &["$host"]);
        let view = prop(envelope, "view");
        if !view.is_nullish() {
            let defs = match prop(envelope, "defs") {
                Value::Object(map) => (**map).clone(),
                _ => Map::new(),
            };
            *self.shared.borrow_mut() = Shared::new(defs);
            self.render_view(view);
        }
    }

    fn apply_update(&self, update: &Value) {
        if let Value::Object(patch) = prop(update, "state") {
            self.store.merge(patch);
        }
        let actions = prop(update, "actions");
        if !actions.is_nullish() {
            crate::actions::run(&self.cx(), actions, Value::Undefined);
        }
    }

    /// A rendering context over the whole view.
    #[must_use]
    pub fn cx(&self) -> Cx {
        let owner = self
            .view
            .borrow()
            .clone()
            .unwrap_or_else(|| Owner::root(&self.store));
        Cx::new(
            Frame::root(&self.store),
            owner,
            self.shared.borrow().clone(),
        )
    }

    fn render_view(&self, view: &Value) {
        if let Some(old) = self.view.borrow_mut().take() {
            old.dispose();
        }
        let owner = Owner::root(&self.store);
        *self.view.borrow_mut() = Some(owner.clone());
        let cx = Cx::new(
            Frame::root(&self.store),
            owner,
            self.shared.borrow().clone(),
        );
        let node = render::node(&cx, view, "view");
        dom::clear(&self.root);
        dom::append(&self.root, &node);
    }

    fn show_error(&self, path: &str, message: &str) {
        dom::clear(&self.root);
        dom::append(&self.root, &dom::error_box(path, message));
    }

    fn apply_theme(&self) {
        let Some(html) = dom::document().and_then(|d| d.document_element()) else {
            return;
        };
        let host_theme = self
            .store
            .peek("$host")
            .and_then(|h| prop(&h, "theme").as_str().map(str::to_string));
        let mode = self.envelope_mode.borrow().clone().or(host_theme);
        if let Some(mode) = mode {
            let _ = html.class_list().toggle_with_force("dark", mode == "dark");
            dom::set_attr(&html, "data-theme", &mode);
        }
    }

    fn clear_timers(&self) {
        self.epoch.set(self.epoch.get().wrapping_add(1));
        if let Some(w) = web_sys::window() {
            for handle in self.timers.borrow_mut().drain(..) {
                w.clear_timeout_with_handle(handle);
            }
        }
    }

    fn preview_tool_input(&self, params: &Value) {
        if self.rendered_result.get() {
            return;
        }
        let args = prop(params, "arguments");
        let envelope = if is_envelope(args) {
            Some(args)
        } else if let Value::Object(map) = args {
            map.iter().map(|(_, v)| v).find(|v| is_envelope(v))
        } else {
            None
        };
        if let Some(envelope) = envelope {
            self.mount(envelope);
        }
    }
}

fn is_envelope(value: &Value) -> bool {
    !prop(value, "$prefab").is_nullish() || !prop(value, "view").is_nullish()
}

/// Adds envelope `css` as `<style data-prefab-css>` and `stylesheets` as links, replacing
/// those of the previous envelope.
fn apply_css(css: &Value, stylesheets: &Value) {
    let Some(doc) = dom::document() else {
        return;
    };
    if let Ok(old) = doc.query_selector_all("[data-prefab-css],[data-prefab-stylesheet]") {
        for i in 0..old.length() {
            if let Some(node) = old.item(i)
                && let Some(el) = node.dyn_ref::<Element>()
            {
                el.remove();
            }
        }
    }
    let Some(head) = doc.head() else {
        return;
    };
    if let Value::Array(items) = css {
        for (i, text) in items.iter().filter_map(Value::as_str).enumerate() {
            let style = dom::element("style");
            dom::set_attr(&style, "data-prefab-css", "");
            if i == 0 {
                dom::set_attr(&style, "id", "prefab-css");
            }
            style.set_text_content(Some(text));
            dom::append(&head, &style);
        }
    }
    if let Value::Array(items) = stylesheets {
        for href in items.iter().filter_map(Value::as_str) {
            if let Some((url, _)) = crate::url::http_origin(href) {
                let link = dom::element("link");
                dom::set_attr(&link, "rel", "stylesheet");
                dom::set_attr(&link, "data-prefab-stylesheet", "");
                dom::set_attr(&link, "href", &url);
                dom::append(&head, &link);
            }
        }
    }
}

/// Host context keys exposed to expressions as `$host`.
const HOST_KEYS: [&str; 10] = [
    "theme",
    "displayMode",
    "availableDisplayModes",
    "containerDimensions",
    "locale",
    "timeZone",
    "safeAreaInsets",
    "platform",
    "deviceCapabilities",
    "userAgent",
];

fn apply_host_styles(context: &Value) {
    let Some(doc) = dom::document() else {
        return;
    };
    let Some(html) = doc
        .document_element()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let styles = prop(context, "styles");
    if let Value::Object(vars) = prop(styles, "variables") {
        for (name, value) in vars.iter() {
            if name.starts_with("--") {
                let _ = html.style().set_property(name, &template::display(value));
            }
        }
    }
    if let Some(fonts) = prop(prop(styles, "css"), "fonts").as_str() {
        let style = doc
            .get_element_by_id("__mcp-host-fonts")
            .unwrap_or_else(|| {
                let style = dom::element("style");
                dom::set_attr(&style, "id", "__mcp-host-fonts");
                if let Some(head) = doc.head() {
                    dom::append(&head, &style);
                }
                style
            });
        style.set_text_content(Some(fonts));
    }
    if let Value::Object(insets) = prop(context, "safeAreaInsets") {
        for side in ["top", "right", "bottom", "left"] {
            if let Some(v) = insets.get(side) {
                let _ = html.style().set_property(
                    &format!("--pf-safe-{side}"),
                    &format!("{}px", v.to_number()),
                );
            }
        }
    }
    if let Some(theme) = prop(context, "theme").as_str() {
        let _ = html.style().set_property("color-scheme", theme);
    }
}

impl HostEvents for App {
    fn host_context(&self, context: &JsValue, replace: bool) {
        let context = js::to_value(context);
        let mut host = if replace {
            Map::new()
        } else {
            match self.store.peek("$host") {
                Some(Value::Object(map)) => (*map).clone(),
                _ => Map::new(),
            }
        };
        for key in HOST_KEYS {
            let v = prop(&context, key);
            if !v.is_nullish() {
                host.insert(key, v.clone());
            }
        }
        template::set_locale(
            prop(&context, "locale").as_str().map(str::to_string),
            prop(&context, "timeZone").as_str(),
        );
        apply_host_styles(&context);
        self.store.set("$host", Value::from(host));
        self.apply_theme();
    }

    fn notification(&self, method: &str, params: &JsValue) {
        let params = js::to_value(params);
        match method {
            "ui/notifications/tool-result" => {
                let structured = prop(&params, "structuredContent");
                if is_envelope(structured) || !prop(structured, "update").is_nullish() {
                    self.rendered_result.set(true);
                    self.mount(structured);
                } else if prop(&params, "isError").truthy() {
                    self.rendered_result.set(true);
                    let text = match prop(&params, "content") {
                        Value::Array(items) => items
                            .iter()
                            .filter_map(|c| prop(c, "text").as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                        _ => String::new(),
                    };
                    self.show_error("tool result", &text);
                } else {
                    crate::log::warn("tool result without a $prefab envelope: nothing to render");
                }
            }
            "ui/notifications/tool-input" | "ui/notifications/tool-input-partial" => {
                self.preview_tool_input(&params);
            }
            "ui/notifications/tool-cancelled" if !self.rendered_result.get() => {
                let reason = prop(&params, "reason")
                    .as_str()
                    .unwrap_or("no reason given");
                let note = dom::element_with_class("p", "pf-muted");
                note.set_text_content(Some(&format!("The tool call was cancelled ({reason}).")));
                dom::clear(&self.root);
                dom::append(&self.root, &note);
            }
            _ => {}
        }
    }

    fn teardown(&self) {
        self.clear_timers();
    }

    fn call_tool(&self, params: &JsValue, reply: Reply) {
        let params = js::to_value(params);
        let name = prop(&params, "name")
            .as_str()
            .unwrap_or_default()
            .to_string();
        let arguments = prop(&params, "arguments").clone();
        if self.find_tool(&name).is_none() {
            reply.err(&RpcError::new(
                bridge::rpc::code::INVALID_PARAMS,
                format!("unknown tool {name:?}"),
            ));
            return;
        }
        self.run_tool(
            &name,
            &arguments,
            Box::new(move |outcome| {
                let result = match outcome {
                    Ok(result) => rpc::object(&[
                        ("content", text_block(&js::stringify(&result))),
                        ("structuredContent", js::to_js(&result)),
                    ]),
                    Err(message) => rpc::object(&[
                        ("isError", JsValue::TRUE),
                        ("content", text_block(&message)),
                    ]),
                };
                reply.ok(&result);
            }),
        );
    }

    fn list_tools(&self) -> JsValue {
        let tools = js_sys::Array::new();
        if let Value::Array(list) = &*self.tools.borrow() {
            for tool in list.iter() {
                let mut entries = vec![("name", js::to_js(prop(tool, "name")))];
                let description = prop(tool, "description");
                if !description.is_nullish() {
                    entries.push(("description", js::to_js(description)));
                }
                let schema = prop(tool, "inputSchema");
                entries.push((
                    "inputSchema",
                    if schema.is_nullish() {
                        rpc::object(&[("type", "object".into())])
                    } else {
                        js::to_js(schema)
                    },
                ));
                tools.push(&rpc::object(&entries));
            }
        }
        rpc::object(&[("tools", tools.into())])
    }
}

fn text_block(text: &str) -> JsValue {
    let array = js_sys::Array::new();
    array.push(&rpc::object(&[
        ("type", "text".into()),
        ("text", text.into()),
    ]));
    array.into()
}

impl App {
    fn find_tool(&self, name: &str) -> Option<Value> {
        match &*self.tools.borrow() {
            Value::Array(list) => list
                .iter()
                .find(|t| prop(t, "name").as_str() == Some(name))
                .cloned(),
            _ => None,
        }
    }

    /// Runs an app tool: `$event` = arguments plus `bind` (evaluated on the state), then
    /// its `actions`, then `result` evaluated against state + `$event`.
    fn run_tool(&self, name: &str, arguments: &Value, done: crate::actions::Done) {
        let Some(tool) = self.find_tool(name) else {
            return done(Err(format!("unknown app tool {name:?}")));
        };
        let mut event = match arguments {
            Value::Object(map) => (**map).clone(),
            Value::Undefined | Value::Null => Map::new(),
            _ => return done(Err(format!("{name}: arguments must be an object"))),
        };
        if let Value::Object(bind) = prop(&tool, "bind") {
            for (k, _) in bind.iter() {
                if event.get(k).is_some() {
                    return done(Err(format!("{name}: argument {k:?} is bound by the app")));
                }
            }
            let frame = Frame::root(&self.store);
            for (k, v) in bind.iter() {
                event.insert(k, template::interpolate(v, &*frame));
            }
        }
        let event = Value::from(event);
        let cx = self.cx();
        let result_template = prop(&tool, "result").clone();
        let store = self.store.clone();
        let ctx = crate::actions::Ctx::with_event(event.clone());
        crate::actions::run_with(
            &cx,
            prop(&tool, "actions"),
            ctx,
            Box::new(move |outcome| match outcome {
                Ok(_) => {
                    let frame = Frame::push(
                        &Frame::root(&store),
                        vec![("$event".into(), template::Binding::Value(event))],
                    );
                    done(Ok(template::interpolate(&result_template, &*frame)));
                }
                Err(e) => done(Err(e)),
            }),
        );
    }
}

/// `invokeAppTool {tool, arguments}`: `$result` = the tool's result.
pub fn invoke_app_tool(fields: &Map, done: crate::actions::Done) {
    let Some(app) = current() else {
        return done(Err("invokeAppTool: no app".into()));
    };
    let name = fields
        .get("tool")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let arguments = fields.get("arguments").cloned().unwrap_or(Value::Undefined);
    app.run_tool(&name, &arguments, done);
}

/// `_meta.fastmcp.app` of the current envelope (sent back with `tools/call`).
#[must_use]
pub fn fastmcp_app() -> Option<Value> {
    current().and_then(|a| a.fastmcp_app.borrow().clone())
}

/// Applies the `structuredContent` of a `tools/call` reply: a patch merges, a full
/// envelope with a view replaces the view.
pub fn apply_tool_reply(structured: &Value) {
    if let Some(app) = current() {
        if !prop(structured, "update").is_nullish() && prop(structured, "view").is_nullish() {
            app.apply_update(prop(structured, "update"));
        } else if !prop(structured, "$prefab").is_nullish()
            && !prop(structured, "view").is_nullish()
        {
            app.mount(structured);
        }
    }
}

/// Starts a `toolCall` of `tool`; returns its sequence number.
pub fn sequence_start(tool: &str) -> u64 {
    current().map_or(0, |app| {
        let mut seqs = app.sequences.borrow_mut();
        let entry = seqs.entry(tool.to_string()).or_insert((0, 0));
        entry.0 += 1;
        entry.0
    })
}

/// Whether the response of call `seq` may be applied (no newer one was applied yet).
pub fn sequence_finish(tool: &str, seq: u64) -> bool {
    current().is_none_or(|app| {
        let mut seqs = app.sequences.borrow_mut();
        let entry = seqs.entry(tool.to_string()).or_insert((0, 0));
        if seq < entry.1 {
            return false;
        }
        entry.1 = seq;
        true
    })
}

/// The timer generation: it changes at teardown and when a new view mounts.
#[must_use]
pub fn timer_epoch() -> u32 {
    current().map_or(0, |a| a.epoch.get())
}

/// Remembers a timeout handle so teardown can clear it.
pub fn add_timer(handle: i32) {
    if let Some(app) = current() {
        let mut timers = app.timers.borrow_mut();
        if timers.len() > 256 {
            timers.drain(..128);
        }
        timers.push(handle);
    }
}

/// Whether `fetch` may reach `origin`: with a host, only declared connect domains
/// (`hostCapabilities.sandbox.csp.connectDomains`, `https://*.example.com` wildcards
/// allowed); a standalone page relies on its own CSP.
#[must_use]
pub fn fetch_allowed(origin: &str) -> bool {
    if !bridge::is_connected() {
        return true;
    }
    let caps = js::to_value(&bridge::host_capabilities());
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
    if let Some((scheme, rest)) = declared.split_once("://*.")
        && let Some((o_scheme, host)) = origin.split_once("://")
    {
        return scheme == o_scheme && host.ends_with(&format!(".{rest}"));
    }
    false
}

fn install_key_listener() {
    let Some(doc) = dom::document() else {
        return;
    };
    let listener = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(
        |event: web_sys::KeyboardEvent| {
            let Some(app) = current() else {
                return;
            };
            if let Some(target) = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let tag = target.tag_name();
                if matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    || target.is_content_editable()
                {
                    return;
                }
            }
            let mut combo = String::new();
            for (on, name) in [
                (event.ctrl_key(), "Ctrl+"),
                (event.alt_key(), "Alt+"),
                (event.meta_key(), "Meta+"),
                (event.shift_key(), "Shift+"),
            ] {
                if on {
                    combo.push_str(name);
                }
            }
            combo.push_str(&event.key());
            let action = prop(&app.key_bindings.borrow(), &combo).clone();
            if !action.is_nullish() {
                event.prevent_default();
                crate::actions::run(&app.cx(), &action, Value::Undefined);
            }
        },
    );
    if doc
        .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref())
        .is_ok()
    {
        listener.forget();
    }
}

/// The bridge's handler: forwards to the current app.
///
/// ```no_run
/// let app = prefab_renderer::app::install(prefab_renderer::dom::element("div"));
/// let events = std::rc::Rc::new(prefab_renderer::app::Events(app));
/// prefab_renderer::bridge::connect(events, &prefab_renderer::bridge::rpc::empty()).unwrap();
/// ```
pub struct Events(pub Rc<App>);

impl HostEvents for Events {
    fn host_context(&self, context: &JsValue, replace: bool) {
        self.0.host_context(context, replace);
    }
    fn notification(&self, method: &str, params: &JsValue) {
        self.0.notification(method, params);
    }
    fn teardown(&self) {
        self.0.teardown();
    }
    fn call_tool(&self, params: &JsValue, reply: Reply) {
        self.0.call_tool(params, reply);
    }
    fn list_tools(&self) -> JsValue {
        self.0.list_tools()
    }
}
