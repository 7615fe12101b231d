//! The render context: what rendering a node and running its actions share.
//!
//! [`Cx`] carries the scope chain, the owner of what gets rendered, and the view-wide
//! [`Shared`] data; [`Shared`] holds the handle to the mounted app ([`AppHandle`]), the one
//! way actions reach the app (timers, `toolCall` sequencing and replies, app tools).
mod ref_size;

use crate::store::Owner;
use crate::template::{self, Frame};
use prefab::expr::{HashMap, Map, Value};
pub use ref_size::MAX_REF_EXPANSIONS;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

/// What an action finished with: its `$result`, or an error message (`$error`).
pub type Outcome = Result<Value, String>;
/// Continuation called once when an action (or list) finishes.
pub type Done = Box<dyn FnOnce(Outcome)>;

/// What actions need from the mounted app (implemented by `app::App`).
pub trait AppHandle {
    /// The timer generation: it changes at teardown and when a new view mounts.
    fn timer_epoch(&self) -> u32;
    /// Remembers a timeout handle so teardown can clear it.
    fn add_timer(&self, handle: i32);
    /// `_meta.fastmcp.app` of the current envelope (sent back with `tools/call`).
    fn fastmcp_app(&self) -> Option<Value>;
    /// Starts a `toolCall` of `tool`; returns its sequence number.
    fn sequence_start(&self, tool: &str) -> u64;
    /// Whether the response of call `seq` may be applied (no newer one was applied yet).
    fn sequence_finish(&self, tool: &str, seq: u64) -> bool;
    /// Applies the `structuredContent` of a `tools/call` reply.
    fn apply_tool_reply(&self, structured: &Value);
    /// Runs the app tool `name` with `arguments`; `done` gets its result.
    fn invoke_app_tool(&self, name: &str, arguments: &Value, done: Done);
}

/// What the whole view shares: reusable definitions, the auto-name counter, the app.
///
/// ```
/// let shared = prefab_renderer::cx::Shared::new(prefab::expr::Map::new());
/// assert_eq!(shared.auto_name("input"), "input_1");
/// assert_eq!(shared.auto_name("input"), "input_2");
/// ```
#[derive(Default)]
pub struct Shared {
    /// `defs` of the envelope (`$ref` targets).
    pub defs: Map,
    auto_names: Cell<u32>,
    /// `$ref` expansions per definition name (see `ref_size`).
    // `usize` values: the same map type as `prefab::expr::Map`'s index, so the wasm holds
    // one copy of its code instead of two.
    ref_sizes: RefCell<HashMap<Arc<str>, usize>>,
    /// The mounted app (none in a view rendered on its own, as in tests). The app lives
    /// as long as the page, so this is a plain `'static` reference (no count to keep).
    app: Option<&'static dyn AppHandle>,
}

impl Shared {
    /// Shared data for a view with these `defs` and no app.
    #[must_use]
    pub fn new(defs: Map) -> Rc<Shared> {
        Rc::new(Shared {
            defs,
            ..Shared::default()
        })
    }

    /// Shared data for a view of `app` with these `defs`.
    #[must_use]
    pub fn with_app(defs: Map, app: Option<&'static dyn AppHandle>) -> Rc<Shared> {
        Rc::new(Shared {
            defs,
            app,
            ..Shared::default()
        })
    }

    /// The mounted app, if there is one.
    #[must_use]
    pub fn app(&self) -> Option<&'static dyn AppHandle> {
        self.app
    }

    /// How many auto names were given so far (see [`auto_name`](Self::auto_name)).
    #[must_use]
    pub fn names(&self) -> u32 {
        self.auto_names.get()
    }

    /// Sets the auto-name counter (a streamed view draws its nodes again from the start).
    pub fn set_names(&self, n: u32) {
        self.auto_names.set(n);
    }

    /// `<prefix>_<n>` for unnamed stateful components (as prefab-ui's renderer does).
    pub fn auto_name(&self, prefix: &str) -> String {
        let n = self.auto_names.get() + 1;
        self.auto_names.set(n);
        let mut out = crate::text::fill("{}_", &[prefix]);
        crate::text::push_int(&mut out, n.into());
        out
    }
}

/// Rendering context: the scope chain, the owner of what gets rendered, shared view data.
///
/// ```no_run
/// use prefab::expr::{Map, Value};
/// use prefab_renderer::cx::{Cx, Shared};
/// use prefab_renderer::{render, store::{Owner, Store}, template::Frame};
/// let store = Store::new();
/// let cx = Cx::new(Frame::root(&store), Owner::root(&store), Shared::new(Map::new()));
/// let node = Value::object([("type", Value::from("Text")), ("content", Value::from("Hi"))]);
/// let dom_node = render::node(&cx, &node, "view");
/// ```
#[derive(Clone)]
pub struct Cx {
    /// Names visible to templates.
    pub frame: Rc<Frame>,
    /// Owner of the effects and listeners created while rendering.
    pub owner: Owner,
    /// View-wide data.
    pub shared: Rc<Shared>,
    /// `$ref` names being expanded (cycle guard).
    pub refs: Rc<Vec<Arc<str>>>,
}

impl Cx {
    /// The context for a view rendered with `owner` over `frame`.
    #[must_use]
    pub fn new(frame: Rc<Frame>, owner: Owner, shared: Rc<Shared>) -> Cx {
        Cx {
            frame,
            owner,
            shared,
            refs: Rc::default(),
        }
    }

    /// The same context with another frame.
    #[must_use]
    pub fn with_frame(&self, frame: Rc<Frame>) -> Cx {
        Cx {
            frame,
            ..self.clone()
        }
    }

    /// The same context with another owner.
    #[must_use]
    pub fn with_owner(&self, owner: Owner) -> Cx {
        Cx {
            owner,
            ..self.clone()
        }
    }

    /// The mounted app, if there is one.
    #[must_use]
    pub fn app(&self) -> Option<&'static dyn AppHandle> {
        self.shared.app()
    }

    /// Calls `apply` with the interpolated `raw` value now, and again whenever a key it
    /// read changes (only if `raw` holds a template).
    pub fn bind(&self, raw: &Value, apply: impl Fn(Value) + 'static) {
        self.bind_boxed(raw, Box::new(apply));
    }

    /// [`bind`](Self::bind) for text: `apply` gets the display string, and only when it
    /// differs from the one it got last (a text or attribute is not written again with the
    /// same value).
    pub fn bind_text(&self, raw: &Value, apply: impl Fn(&str) + 'static) {
        let apply: Box<dyn Fn(&str)> = Box::new(apply);
        let last: RefCell<Option<Value>> = RefCell::new(None);
        self.bind_boxed(
            raw,
            Box::new(move |v| {
                if last.borrow().as_ref() == Some(&v) {
                    return;
                }
                match &v {
                    Value::String(s) => apply(s),
                    other => apply(&template::display(other)),
                }
                *last.borrow_mut() = Some(v);
            }),
        );
    }

    /// One instance of the binding machinery for every caller (the wasm stays small).
    fn bind_boxed(&self, raw: &Value, apply: Box<dyn Fn(Value)>) {
        if template::is_dynamic(raw) {
            let compiled = template::Compiled::new(raw);
            let frame = self.frame.clone();
            self.effect(move || apply(compiled.render(&*frame)));
        } else {
            apply(raw.clone());
        }
    }

    /// Registers an effect owned by this context's owner (see `Owner::effect`) through one
    /// boxed instantiation, so call sites don't each get their own copy of the effect code.
    pub fn effect(&self, run: impl Fn() + 'static) {
        self.effect_dyn(Box::new(run));
    }

    #[inline(never)]
    fn effect_dyn(&self, run: Box<dyn Fn()>) {
        self.owner.effect(run);
    }
}
