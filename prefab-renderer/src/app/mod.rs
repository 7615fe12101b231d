//! The mounted app: envelope handling, host context (`$host`), app tools, timers, and the
//! bridge's event handler.
//!
//! * A full envelope (`view`, `state`, `defs`, `css`, `mode`, `tools`, `keyBindings`)
//!   resets the state (keeping `$host`) and replaces the view when it has one.
//! * A `display_update` patch (`{"$prefab": …, "update": {"state", "actions"}}`) merges
//!   into the state and runs its actions — both as a tool-result notification and as the
//!   reply to the view's own `tools/call`; it never blanks the view.
use crate::cx::Cx;
use crate::cx::Shared;
use crate::dom;
use crate::dom::Element;
use crate::dom::JsCast;
use crate::node::prop;
use crate::render;
use crate::store::{Owner, Store};
use crate::template::Frame;
use prefab::expr::{Map, Value};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

mod host;
mod preview;
mod tools;

pub use host::Events;

/// Envelope versions this renderer knows (others render with a warning).
const VERSIONS: [&str; 2] = ["0.3", "0.2"];

/// The view's `appCapabilities` in `ui/initialize`: its display modes, and tools whose list
/// may change (an envelope's `tools`).
#[must_use]
pub fn capabilities() -> Value {
    let modes = Value::from(vec!["inline".into(), "fullscreen".into(), "pip".into()]);
    crate::bridge::rpc::object(&[
        ("availableDisplayModes", modes),
        (
            "tools",
            crate::bridge::rpc::object(&[("listChanged", true.into())]),
        ),
    ])
}

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
    /// The envelope whose settings the previous pass of the running stream applied.
    streamed_settings: RefCell<Value>,
    timers: RefCell<Vec<i32>>,
    epoch: Cell<u32>,
    rendered_result: Cell<bool>,
    /// Per tool: (name, last call issued, last response applied); a few tools, so a list.
    sequences: RefCell<Vec<(String, u64, u64)>>,
}

/// The envelope keys [`App::settings`] reads: a streaming pass applies them again only when
/// one of them changed (`preview.rs`).
const SETTINGS_KEYS: [&str; 7] = [
    "_meta",
    "css",
    "stylesheets",
    "frameDomains",
    "mode",
    "tools",
    "keyBindings",
];

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
        streamed_settings: RefCell::new(Value::Undefined),
        timers: RefCell::new(Vec::new()),
        epoch: Cell::new(0),
        rendered_result: Cell::new(false),
        sequences: RefCell::default(),
    });
    // The app lives as long as the page: its views' actions reach it through a `'static`
    // reference (one `Rc` kept forever).
    let handle: &'static App = Box::leak(Box::new(app.clone()));
    *app.shared.borrow_mut() = Shared::with_app(Map::new(), Some(handle));
    // The key listener finds the current app: one for the page (or a headless thread).
    if APP.with(|a| a.replace(Some(app.clone())).is_none()) {
        install_key_listener();
    }
    // Shown until a view renders (an envelope without `view` leaves it), like prefab-ui.
    let waiting = dom::element_with_class("div", "pf-waiting");
    waiting.set_text_content(Some("Waiting for content…"));
    dom::append(&app.root, &waiting);
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
            crate::log::warn(&crate::text::fill(
                "$prefab version {} is not known to this renderer",
                &[v],
            ));
        }
        if crate::render::stream::active() && !prop(envelope, "view").is_nullish() {
            // The result of a streamed tool call: the last pass, then a plain view.
            self.stream(envelope, false);
            crate::render::stream::end();
            return;
        }
        self.clear_timers();
        self.settings(envelope);
        let state = match prop(envelope, "state") {
            Value::Object(map) => (**map).clone(),
            _ => Map::new(),
        };
        let view = prop(envelope, "view");
        if view.is_nullish() {
            self.store.replace(state, &["$host"]);
            return;
        }
        // The old view goes first, so its bindings do not re-run for the new state.
        let cx = self.fresh_cx();
        self.store.replace(state, &["$host"]);
        self.load_defs(envelope, true);
        let cx = Cx {
            shared: self.shared.borrow().clone(),
            ..cx
        };
        self.show(&render::node(&cx, view, "view"));
    }

    /// A context over a new root owner (the old view's disposed).
    fn fresh_cx(&self) -> Cx {
        if let Some(old) = self.view.borrow_mut().take() {
            old.dispose();
        }
        let owner = Owner::root(&self.store);
        *self.view.borrow_mut() = Some(owner.clone());
        Cx::new(
            Frame::root(&self.store),
            owner,
            self.shared.borrow().clone(),
        )
    }

    /// Takes the envelope's `defs` into new shared view data when they differ from the
    /// current ones (always when `force`); returns whether it did.
    fn load_defs(&self, envelope: &Value, force: bool) -> bool {
        let defs = match prop(envelope, "defs") {
            Value::Object(map) => (**map).clone(),
            _ => Map::new(),
        };
        let changed = force || self.shared.borrow().defs != defs;
        if changed {
            let app = self.shared.borrow().app();
            *self.shared.borrow_mut() = Shared::with_app(defs, app);
        }
        changed
    }

    /// Shows `node` as the whole view (unless it is already).
    fn show(&self, node: &crate::dom::Node) {
        if !self
            .root
            .first_child()
            .is_some_and(|first| first.is_same_node(Some(node)))
        {
            dom::clear(&self.root);
            dom::append(&self.root, node);
        }
    }

    /// What an envelope sets besides its state and view: `_meta.fastmcp.app`, `css`,
    /// `stylesheets`, frame domains, `mode`, `tools` and `keyBindings`.
    /// Applies the envelope's settings: the keys of [`SETTINGS_KEYS`].
    fn settings(&self, envelope: &Value) {
        if let Some(app) = prop(prop(prop(envelope, "_meta"), "fastmcp"), "app").as_str() {
            *self.fastmcp_app.borrow_mut() = Some(Value::from(app));
        }
        apply_css(prop(envelope, "css"), prop(envelope, "stylesheets"));
        crate::render::set_frame_domains(envelope);
        let mode = prop(envelope, "mode").as_str().map(str::to_string);
        *self.envelope_mode.borrow_mut() = mode;
        self.apply_theme();
        let tools = prop(envelope, "tools").clone();
        let tools_changed = *self.tools.borrow() != tools;
        *self.tools.borrow_mut() = tools;
        if tools_changed {
            // The host lists the view's tools (`tools/list`); tell it they changed.
            crate::bridge::notify(
                "notifications/tools/list_changed",
                Some(&crate::bridge::rpc::empty()),
            );
        }
        *self.key_bindings.borrow_mut() = prop(envelope, "keyBindings").clone();
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

    fn show_error(&self, path: &str, message: &str) {
        self.show(&dom::error_box(path, message));
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
            dom::report(html.class_list().toggle_with_force("dark", mode == "dark"));
            dom::set_attr(&html, "data-theme", &mode);
        }
    }

    fn clear_timers(&self) {
        self.epoch.set(self.epoch.get().wrapping_add(1));
        for handle in self.timers.borrow_mut().drain(..) {
            crate::dom::clear_timeout(handle);
        }
    }
}

fn is_envelope(value: &Value) -> bool {
    !prop(value, "$prefab").is_nullish() || !prop(value, "view").is_nullish()
}

/// Adds envelope `css` as `<style data-prefab-css>` and `stylesheets` as links, replacing
/// those of the previous envelope.
fn apply_css(css: &Value, stylesheets: &Value) {
    let Some(head) = dom::document().and_then(|d| d.head()) else {
        return;
    };
    // Only `<head>` holds them (added below): not the whole document searched at every
    // streaming pass.
    if let Ok(old) = head.query_selector_all("[data-prefab-css],[data-prefab-stylesheet]") {
        for i in 0..old.length() {
            if let Some(node) = old.item(i)
                && let Some(el) = node.dyn_ref::<Element>()
            {
                el.remove();
            }
        }
    }
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

fn install_key_listener() {
    dom::listen_document(
        "keydown",
        false,
        Box::new(|event: crate::dom::Event| {
            let event: &crate::dom::KeyboardEvent = event.unchecked_ref();
            let Some(app) = current() else {
                return;
            };
            if let Some(target) = event
                .target()
                .and_then(|t| t.dyn_into::<crate::dom::HtmlElement>().ok())
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
        }),
    );
}
