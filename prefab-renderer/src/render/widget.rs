//! Helpers shared by several families (`overlay`, `tabs`, `accordion`, `carousel`, media,
//! charts).
//! Listeners, text bindings and state watches go through one non-generic function each, so
//! the family adds one copy of the generic machinery (`dom::listen`, `Cx::bind`,
//! `Owner::effect`) instead of one per closure.
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, HtmlElement, Node};
use crate::node::prop;
use crate::store::Store;
use crate::template;
use prefab::expr::Value;
use std::cell::Cell;
use std::rc::Rc;

thread_local! {
    static IDS: Cell<usize> = const { Cell::new(0) };
}

/// Starts the `pf-<n>` ids again from 1 (a new page of the native document).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn reset_ids() {
    IDS.with(|c| c.set(0));
}

/// The element's `id`, after giving it a fresh `pf-<n>` one when it has none (for
/// `aria-controls` / `aria-labelledby`; ids from the wire are kept).
pub(super) fn ensure_id(el: &Element) -> String {
    let id = el.id();
    if !id.is_empty() {
        return id;
    }
    let n = IDS.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let id = "pf-".to_string() + n.to_string().as_str();
    el.set_id(&id);
    id
}

/// Focuses `el` (any element of the page: HTML and SVG elements both have `focus()`).
pub(super) fn focus(el: &Element) {
    dom::report(el.unchecked_ref::<HtmlElement>().focus());
}

/// Sets an inline style property of `el`.
pub(super) fn set_style(el: &Element, name: &str, value: &str) {
    dom::report(
        el.unchecked_ref::<HtmlElement>()
            .style()
            .set_property(name, value),
    );
}

/// The element matching `selector` at or above the event's target (for delegated listeners).
pub(super) fn hit(event: &Event, selector: &str) -> Option<Element> {
    let target: Element = event.target()?.unchecked_into();
    target.closest(selector).ok().flatten()
}

/// Adds an event listener that lives as long as the owner of `cx`.
pub(super) fn on(cx: &Cx, el: &Element, event: &str, f: Box<dyn FnMut(Event)>) {
    dom::listen(&cx.owner, el, event, f);
}

/// Keeps the text of `target` equal to the (possibly templated) `raw` value.
pub(super) fn show_text(cx: &Cx, target: &Node, raw: &Value) {
    let target = target.clone();
    cx.bind_text(raw, move |s| target.set_text_content(Some(s)));
}

/// Sets `el`'s classes: the component's own (`own`, which may hold a template, e.g.
/// `pf-badge-variant-{{ tone }}`) then the document's (`extra`: `cssClass`, a Slider's
/// `indicatorClass`, …), both followed as they change; the document's are noted for the
/// class compiler.
pub(super) fn class_list(cx: &Cx, el: &Element, own: &str, extra: &Value) {
    let target = el.clone();
    let join = |own: &str, extra: &str| -> String {
        crate::classes::note(extra);
        match (own.is_empty(), extra.is_empty()) {
            (_, true) => own.to_string(),
            (true, false) => extra.to_string(),
            (false, false) => crate::text::fill("{} {}", &[own, extra]),
        }
    };
    if prefab::expr::has_str(own, "{{") {
        let parts = Value::array([Value::from(own), extra.clone()]);
        cx.bind(&parts, move |v| {
            let Value::Array(parts) = v else { return };
            let text = |i: usize| parts.get(i).map(template::display).unwrap_or_default();
            target.set_class_name(&join(&text(0), &text(1)));
        });
    } else if extra.is_nullish() {
        if !own.is_empty() {
            el.set_class_name(own);
        }
    } else {
        let own = own.to_string();
        cx.bind_text(extra, move |extra| {
            target.set_class_name(&join(&own, extra))
        });
    }
}

/// The viewport's width and height in CSS pixels (0 when unknown).
pub(super) fn viewport() -> (f64, f64) {
    let Some(win) = crate::dom::window() else {
        return (0.0, 0.0);
    };
    let px = |v: Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>| {
        v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0)
    };
    (px(win.inner_width()), px(win.inner_height()))
}

/// Whether a popup `h` px tall, `gap` px from its trigger `t`, opens above it: it does not fit
/// below in a viewport `vh` tall and does above (the flip of prefab-ui's popovers).
pub(super) fn flips_up(t: &crate::dom::DomRect, h: f64, gap: f64, vh: f64) -> bool {
    t.bottom() + h + gap > vh && t.top() - h - gap >= 0.0
}

/// Calls `apply` with `state[name]` now and whenever it changes.
pub(super) fn watch(cx: &Cx, store: &Store, name: &str, apply: Rc<dyn Fn(Option<Value>)>) {
    let (store, name) = (store.clone(), name.to_string());
    cx.effect(move || {
        let value = store.get_path(&name);
        crate::store::untracked(|| apply(value));
    });
}

/// The JSON path of child `i` of the node at `path`.
pub(super) fn child_path(path: &str, i: usize) -> String {
    let mut out = crate::text::fill("{}.children[", &[path]);
    crate::text::push_int(&mut out, i as u64);
    out.push(']');
    out
}

/// A non-negative number prop, else `fallback`.
pub(super) fn number(node: &Value, key: &str, fallback: f64) -> f64 {
    match crate::node::prop(node, key) {
        Value::Number(n) if *n >= 0.0 => *n,
        _ => fallback,
    }
}

/// A boolean prop, else `fallback`.
pub(super) fn flag(node: &Value, key: &str, fallback: bool) -> bool {
    match crate::node::prop(node, key) {
        Value::Bool(b) => *b,
        _ => fallback,
    }
}

/// The `children` of a node as a slice (absent: empty).
pub(super) fn child_list<'a>(node: &'a Value, path: &str) -> Result<&'a [Value], String> {
    match prop(node, "children") {
        Value::Array(items) => Ok(items),
        v if v.is_nullish() => Ok(&[]),
        other => Err(crate::text::fill(
            "{}.children must be an array, got {}",
            &[path, crate::node::kind(other)],
        )),
    }
}

/// An SVG element (`svg`, `circle`, `path`, …).
pub(super) fn svg_element(tag: &str) -> Element {
    dom::document()
        .and_then(|d| {
            d.create_element_ns(Some("http://www.w3.org/2000/svg"), tag)
                .ok()
        })
        .unwrap_or_else(|| dom::element("span"))
}
