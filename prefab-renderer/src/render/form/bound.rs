//! The one "bound control" helper every stateful form component uses, plus the small DOM
//! helpers they share (attribute tables, delegated targets, keys).
//!
//! A [`Bound`] control owns the state key `name` (or an auto name `<prefix>_<n>`): it seeds
//! the key from its default on first render (a literal, never a template; an existing key is
//! kept), reads it back reactively through [`Bound::watch`], and [`Bound::set`] writes the
//! new value **before** running `onChange` with `$event` = that value, as prefab-ui does.
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, KeyboardEvent};
use crate::node::prop;
use crate::store::Owner;
use crate::template;
use prefab::expr::Value;
use std::rc::Rc;
use std::sync::Arc;

/// A control bound to `state[name]`.
#[derive(Clone)]
pub struct Bound {
    /// The rendering context (its frame's store holds the state).
    pub cx: Cx,
    /// The state key.
    pub name: Arc<str>,
    on_change: Rc<Value>,
    /// A default given as a template (`value: "{{ picked }}"`): shown, resolved and
    /// reactive, while the state key is undefined (prefab-ui interpolates every prop).
    fallback: Option<Rc<Value>>,
}

impl Bound {
    /// Binds `node` (its `name`, or `<prefix>_<n>`) and seeds the key with `seed` when the
    /// key is absent and `seed` is a literal.
    pub fn new(cx: &Cx, node: &Value, prefix: &str, seed: Value) -> Bound {
        let name: Arc<str> = match key_name(cx, node) {
            Some(n) => n.into(),
            None => cx.shared.auto_name(prefix).into(),
        };
        let store = cx.frame.store();
        let mut fallback = None;
        if template::is_dynamic(&seed) {
            fallback = Some(Rc::new(seed));
        } else if !seed.is_nullish() && store.peek_path(&name).is_none() {
            // Ignored on purpose: a path the store refuses (its parent is missing) leaves the
            // key unset, and the control starts empty.
            drop(store.set_path(&name, seed));
        }
        Bound {
            cx: cx.clone(),
            name,
            on_change: Rc::new(prop(node, "onChange").clone()),
            fallback,
        }
    }

    /// The template default for the current state (tracked), `undefined` when there is none
    /// or it names nothing yet (an unresolved whole template comes back unchanged).
    fn resolved(&self) -> Value {
        let Some(raw) = &self.fallback else {
            return Value::Undefined;
        };
        match template::interpolate(raw, &*self.cx.frame) {
            v if template::is_dynamic(&v) => Value::Undefined,
            v => v,
        }
    }

    /// The current value (tracked: an effect calling this re-runs when it changes): the
    /// state key, else the resolved template default.
    #[must_use]
    pub fn get(&self) -> Value {
        match self.cx.frame.store().get_path(&self.name) {
            Some(v) if !matches!(v, Value::Undefined) => v,
            _ => self.resolved(),
        }
    }

    /// The current value, untracked.
    #[must_use]
    pub fn peek(&self) -> Value {
        match self.cx.frame.store().peek_path(&self.name) {
            Some(v) if !matches!(v, Value::Undefined) => v,
            _ => crate::store::untracked(|| self.resolved()),
        }
    }

    /// Writes the state, then runs `onChange` with `$event` = `value`.
    pub fn set(&self, value: Value) {
        self.commit(value.clone(), value);
    }

    /// Writes `value` to the state, then runs `onChange` with `$event` = `event`.
    pub fn commit(&self, value: Value, event: Value) {
        if let Err(e) = self.cx.frame.store().set_path(&self.name, value) {
            crate::log::warn(&e);
        }
        if !self.on_change.is_nullish() {
            crate::actions::run(&self.cx, &self.on_change, event);
        }
    }

    /// Calls `apply` with the value now and whenever it changes.
    pub fn watch(&self, apply: Box<dyn Fn(&Value)>) {
        let me = self.clone();
        self.cx.effect(move || apply(&me.get()));
    }

    /// The element id for `for`/`aria-*` links: the node's `id`, else `pf-<name>`.
    #[must_use]
    pub fn id(&self, node: &Value) -> String {
        match prop(node, "id").as_str() {
            Some(id) => id.to_string(),
            None => {
                let mut id = String::from("pf-");
                id.push_str(&self.name);
                id
            }
        }
    }
}

/// A control's `name`, resolved once when it is a template (`qty_{{ $index }}` in a
/// `ForEach`); `None` when absent, empty or unresolved.
#[must_use]
pub fn key_name(cx: &Cx, node: &Value) -> Option<String> {
    let raw = prop(node, "name");
    let name = crate::store::untracked(|| template::interpolate(raw, &*cx.frame));
    match name {
        Value::String(n) if !n.is_empty() && !prefab::expr::has_str(&n, "{{") => {
            Some(String::from(&*n))
        }
        _ => None,
    }
}

/// Binds string props to attributes (`(prop, attribute)` pairs); absent props are skipped.
pub fn attrs(cx: &Cx, el: &Element, node: &Value, table: &[(&str, &str)]) {
    for &(key, attr) in table {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let (target, attr) = (el.clone(), attr.to_string());
            cx.bind_text(raw, move |v| dom::set_attr(&target, &attr, v));
        }
    }
}

/// Binds boolean props to present/absent attributes (`(prop, attribute)` pairs).
pub fn flags(cx: &Cx, el: &Element, node: &Value, table: &[(&str, &str)]) {
    for &(key, attr) in table {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let (target, attr) = (el.clone(), attr.to_string());
            cx.bind(raw, move |v| dom::toggle_attr(&target, &attr, v.truthy()));
        }
    }
}

/// `"true"` / `"false"` for `aria-*` states.
#[must_use]
pub fn aria_bool(on: bool) -> &'static str {
    if on { "true" } else { "false" }
}

/// The closest element matching `selector` from the event's target (delegated listeners).
#[must_use]
pub fn target(event: &Event, selector: &str) -> Option<Element> {
    event
        .target()?
        .dyn_into::<Element>()
        .ok()?
        .closest(selector)
        .ok()?
}

/// The key of a keyboard event (`""` for other events).
#[must_use]
pub fn key(event: &Event) -> String {
    event
        .dyn_ref::<KeyboardEvent>()
        .map(KeyboardEvent::key)
        .unwrap_or_default()
}

/// Every element under `root` matching `selector`, in document order.
#[must_use]
pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let mut out = Vec::new();
    if let Ok(list) = root.query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                out.push(el);
            }
        }
    }
    out
}

/// Moves `from` by the arrow/Home/End `key` in a list of `len` items (wrapping when
/// `wrap`); `None` for other keys.
#[must_use]
pub fn step_index(key: &str, from: Option<usize>, len: usize, wrap: bool) -> Option<usize> {
    if len == 0 {
        return None;
    }
    let last = len - 1;
    Some(match (key, from) {
        ("Home", _) => 0,
        ("End", _) => last,
        ("ArrowDown" | "ArrowRight", None) => 0,
        ("ArrowUp" | "ArrowLeft", None) => last,
        ("ArrowDown" | "ArrowRight", Some(i)) if i >= last => {
            if wrap {
                0
            } else {
                last
            }
        }
        ("ArrowDown" | "ArrowRight", Some(i)) => i + 1,
        ("ArrowUp" | "ArrowLeft", Some(0)) => {
            if wrap {
                last
            } else {
                0
            }
        }
        ("ArrowUp" | "ArrowLeft", Some(i)) => i - 1,
        _ => return None,
    })
}

/// Sets the visible text of `el` from the template/literal `raw` (a text node, so that
/// children appended later stay).
pub fn bind_label(cx: &Cx, el: &Element, raw: &Value) {
    if raw.is_nullish() {
        return;
    }
    let text = dom::text("");
    dom::append(el, &text);
    cx.bind_text(raw, move |s| text.set_text_content(Some(s)));
}

/// Calls `close` when focus leaves `root` (popups: Select, Combobox, DatePicker).
pub fn close_on_focus_out(owner: &Owner, root: &Element, close: Box<dyn Fn()>) {
    let inside = root.clone();
    dom::listen_many(
        owner,
        root,
        &["focusout"],
        Box::new(move |event| {
            let next = dom::related_target(&event);
            if !inside.contains(next.as_ref()) {
                close();
            }
        }),
    );
}

/// Opens `popup` above `trigger` (`data-side="top"`) when it does not fit below it in the
/// viewport and does above, as prefab-ui's popovers flip.
pub fn flip(trigger: &Element, popup: &Element) {
    let (t, h) = (
        trigger.get_bounding_client_rect(),
        popup.get_bounding_client_rect().height(),
    );
    let up = crate::render::widget::flips_up(&t, h, 4.0, crate::render::widget::viewport().1);
    dom::set_attr(popup, "data-side", if up { "top" } else { "bottom" });
}
