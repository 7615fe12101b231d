//! From `$prefab` component nodes to DOM, with fine-grained bindings.
//!
//! Each node is rendered once. Props that hold templates (`{{ … }}`) get an effect that
//! re-evaluates them and patches only that text or attribute when a key they read changes;
//! the tree itself is never rebuilt on a state change (so an `Input` keeps focus and caret).
//! Structural nodes (`Condition`, `ForEach`, `Slot`) own child scopes that they swap.
//!
//! Tolerance: a node that is not valid renders an error box naming its JSON path; an
//! unknown `type` renders a placeholder; siblings render normally.
mod accordion;
mod carousel;
mod chart;
mod control;
mod display;
mod form;
pub mod icons;
mod input;
mod layout;
mod markdown;
mod media;
mod overlay;
mod ref_size;
mod sortable;
mod svg;
mod table;
mod tabs;
mod text;
mod widget;

use crate::dom;
use crate::store::Owner;
use crate::template::{self, Frame};
pub use media::set_frame_domains;
use prefab::expr::{HashMap, Map, Value};
pub use ref_size::MAX_REF_EXPANSIONS;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// What the whole view shares: reusable definitions and the auto-name counter.
///
/// ```
/// let shared = prefab_renderer::render::Shared::new(prefab::expr::Map::new());
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
}

impl Shared {
    /// Shared data for a view with these `defs`.
    #[must_use]
    pub fn new(defs: Map) -> Rc<Shared> {
        Rc::new(Shared {
            defs,
            auto_names: Cell::new(0),
            ref_sizes: RefCell::default(),
        })
    }

    /// `<prefix>_<n>` for unnamed stateful components (as prefab-ui's renderer does).
    pub fn auto_name(&self, prefix: &str) -> String {
        let n = self.auto_names.get() + 1;
        self.auto_names.set(n);
        format!("{prefix}_{n}")
    }
}

/// Rendering context: the scope chain, the owner of what gets rendered, shared view data.
///
/// ```no_run
/// use prefab::expr::{Map, Value};
/// use prefab_renderer::render::{self, Cx, Shared};
/// use prefab_renderer::{store::{Owner, Store}, template::Frame};
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
    refs: Rc<Vec<Arc<str>>>,
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

/// Field of a node object (`undefined` when absent).
#[must_use]
pub fn prop<'a>(node: &'a Value, key: &str) -> &'a Value {
    const UNDEFINED: &Value = &Value::Undefined;
    match node {
        Value::Object(map) => map.get(key).unwrap_or(UNDEFINED),
        _ => UNDEFINED,
    }
}

/// Renders one node (any JSON value from the wire) at JSON path `path`.
#[must_use]
pub fn node(cx: &Cx, node: &Value, path: &str) -> Node {
    let Value::Object(_) = node else {
        return dom::error_box(
            path,
            &format!("expected a component object, got {}", kind(node)),
        )
        .into();
    };
    if !prop(node, "$ref").is_nullish() {
        return control::reference(cx, node, path);
    }
    let Some(ty) = prop(node, "type").as_str() else {
        return dom::error_box(path, "component without a string \"type\"").into();
    };
    // `let` scopes apply to the node's own props and its children.
    let let_frame = prop(node, "let");
    let cx = &if let_frame.is_nullish() {
        cx.clone()
    } else {
        cx.with_frame(Frame::with_let(&cx.frame, let_frame))
    };
    let rendered: Result<Node, String> = match ty {
        "Condition" => control::condition(cx, node, path),
        "ForEach" => control::for_each(cx, node, path),
        "Slot" => control::slot(cx, node, path),
        "DataTable" => table::data_table(cx, node, path),
        "Button" => form::button(cx, node, path),
        "Input" => form::input(cx, node, path, false),
        "Textarea" => form::input(cx, node, path, true),
        "Tabs" => tabs::tabs(cx, node, path, true),
        "Pages" => tabs::tabs(cx, node, path, false),
        "Accordion" => accordion::accordion(cx, node, path),
        "Carousel" => carousel::carousel(cx, node, path),
        "Dialog" | "Popover" | "Tooltip" | "HoverCard" => overlay::overlay(cx, ty, node, path),
        "BarChart" | "LineChart" | "AreaChart" | "PieChart" | "RadarChart" | "RadialChart"
        | "ScatterChart" | "WaterfallChart" | "Histogram" | "Sparkline" => {
            chart::chart(cx, ty, node)
        }
        "Field" | "FieldContent" | "FieldTitle" | "FieldDescription" | "FieldError"
        | "ChoiceCard" | "ButtonGroup" | "Checkbox" | "Switch" | "Radio" | "RadioGroup"
        | "Slider" | "Select" | "SelectGroup" | "SelectLabel" | "SelectSeparator"
        | "SelectOption" | "Combobox" | "ComboboxGroup" | "ComboboxLabel" | "ComboboxSeparator"
        | "ComboboxOption" | "Calendar" | "DatePicker" | "DropZone" => {
            input::render(cx, ty, node, path).unwrap_or_else(|| Ok(unknown(ty, path)))
        }
        "Sortable" | "SortableGroup" | "SortableItem" => sortable::sortable(cx, ty, node, path),
        _ => match layout::container(cx, ty, node, path) {
            Some(result) => result,
            None => match text::text(cx, ty, node, path) {
                Some(result) => result,
                None => family(cx, ty, node, path),
            },
        },
    };
    match rendered {
        Ok(node) => node,
        Err(message) => dom::error_box(path, &message).into(),
    }
}

/// The display, media and markup families (`display.rs`, `media.rs`, `icons.rs`,
/// `svg.rs`, `markdown.rs`), or the unknown-type placeholder.
fn family(cx: &Cx, ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    match ty {
        "Icon" => icons::render(cx, node),
        "Svg" => svg::render(cx, node),
        "Markdown" => markdown::render(cx, node),
        _ => display::display(cx, ty, node, path)
            .or_else(|| media::media(cx, ty, node))
            .unwrap_or_else(|| Ok(unknown(ty, path))),
    }
}

/// Renders `children` (an array, or absent) into `parent`.
pub fn children(cx: &Cx, parent: &Element, list: &Value, path: &str) -> Result<(), String> {
    match list {
        Value::Undefined | Value::Null => Ok(()),
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let child = node(cx, child, &format!("{path}[{i}]"));
                dom::append(parent, &child);
            }
            Ok(())
        }
        other => Err(format!("{path} must be an array, got {}", kind(other))),
    }
}

/// Applies the base props every component accepts: `id`, `cssClass` (after `base_class`),
/// `ariaLabel`, `ariaLabelledBy`, `style`, then runs `onMount`.
pub fn base(cx: &Cx, el: &Element, node: &Value, base_class: &str) {
    let class_raw = prop(node, "cssClass").clone();
    let base_class = base_class.to_string();
    let target = el.clone();
    if class_raw.is_nullish() {
        if !base_class.is_empty() {
            el.set_class_name(&base_class);
        }
    } else {
        cx.bind_text(&class_raw, move |extra| {
            crate::classes::note(extra);
            let class = match (base_class.is_empty(), extra.is_empty()) {
                (_, true) => base_class.clone(),
                (true, false) => extra.to_string(),
                (false, false) => format!("{base_class} {extra}"),
            };
            target.set_class_name(&class);
        });
    }
    for (key, attr) in [
        ("id", "id"),
        ("ariaLabel", "aria-label"),
        ("ariaLabelledBy", "aria-labelledby"),
    ] {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let target = el.clone();
            cx.bind_text(raw, move |v| dom::set_attr(&target, attr, v));
        }
    }
    let style = prop(node, "style");
    if let Value::Object(_) = style {
        let target = el.clone();
        cx.bind(style, move |v| {
            if let Value::Object(map) = v
                && let Some(html) = target.dyn_ref::<web_sys::HtmlElement>()
            {
                for (k, v) in map.iter() {
                    dom::report(
                        html.style()
                            .set_property(&css_property(k), &template::display(v)),
                    );
                }
            }
        });
    }
    let on_mount = prop(node, "onMount");
    if !on_mount.is_nullish() {
        // After the current render: a state change made by `onMount` must not re-enter the
        // structural node that is still building this subtree.
        let (cx, actions, owner) = (cx.clone(), on_mount.clone(), cx.owner.clone());
        let run = crate::dom::once(move || {
            if !owner.is_disposed() {
                crate::actions::run(&cx, &actions, Value::Undefined);
            }
        });
        if let Some(window) = web_sys::window() {
            window.queue_microtask(run.unchecked_ref());
        }
    }
}

/// `backgroundColor` → `background-color` (custom properties `--x` unchanged).
fn css_property(key: &str) -> String {
    if key.starts_with("--") || !key.bytes().any(|b| b.is_ascii_uppercase()) {
        return key.to_string();
    }
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn unknown(ty: &str, path: &str) -> Node {
    let el = dom::element_with_class("div", "pf-unknown");
    dom::set_attr(&el, "data-type", ty);
    dom::set_attr(&el, "data-path", path);
    el.set_text_content(Some(&format!("Unknown component \"{ty}\"")));
    el.into()
}

/// A JSON type name for messages.
#[must_use]
pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Undefined => "nothing",
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Checks that an optional prop is a string (templates included) or absent.
pub fn optional_text(node: &Value, key: &str, ty: &str) -> Result<(), String> {
    match prop(node, key) {
        Value::Undefined | Value::Null | Value::String(_) | Value::Number(_) | Value::Bool(_) => {
            Ok(())
        }
        other => Err(format!("{ty}.{key} must be a string, got {}", kind(other))),
    }
}
