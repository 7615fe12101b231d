//! `Tabs` (children `Tab`) and `Pages` (children `Page`): one panel shown at a time, the
//! active value kept in `state[name]` (auto-named `tabs_N` / `pages_N`, seeded from a literal
//! `value`; without one the first panel shows). A panel's value is
//! `value ?? title ?? "item-<i>"`, as in prefab-ui's renderer.
//!
//! Tabs follow the WAI-ARIA tabs pattern: `tablist`/`tab`/`tabpanel`, `aria-selected`,
//! `aria-controls`, roving `tabindex`, Arrow keys (Up/Down when vertical), Home and End move
//! and activate. Selecting writes the state, then runs `onChange` with `$event` = the value.
use super::{Panel, panels};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, KeyboardEvent, Node};
use crate::node::prop;
use crate::render::base;
use crate::render::widget::{ensure_id, focus, hit, on, show_text, watch};
use crate::store::Store;
use crate::template;
use prefab::expr::Value;
use std::rc::Rc;

/// The state key of a stateful container (`name`, else `<prefix>_<n>`), seeded from a
/// literal `value` when the state does not hold it yet.
fn state_key(cx: &Cx, node: &Value, prefix: &str) -> (Store, String) {
    let name = crate::render::form::bound::key_name(cx, node)
        .unwrap_or_else(|| cx.shared.auto_name(prefix));
    let store = cx.frame.store().clone();
    if store.peek_path(&name).is_none()
        && let Value::String(initial) = prop(node, "value")
        && !prefab::expr::has_str(initial, "{{")
    {
        // Ignored on purpose, as for any seed: a path the store refuses (its parent is
        // missing) leaves the key unset and the first panel shows.
        drop(store.set_path(&name, Value::String(initial.clone())));
    }
    (store, name)
}

/// A panel's tab (`Tabs` only), its panel and its value.
type Shown = Vec<(Option<Element>, Element, String)>;

/// `Tabs` (with a tab list) or `Pages`.
pub fn tabs(cx: &Cx, ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let list = ty == "Tabs";
    let items = panels(cx, node, path)?;
    let (store, name) = state_key(cx, node, if list { "tabs" } else { "pages" });
    let first = items.first().map(|p| p.value.clone()).unwrap_or_default();
    let fallback = match prop(node, "value") {
        v if v.is_nullish() => first,
        v => template::display(&template::interpolate(v, &*cx.frame)),
    };
    let root = dom::element("div");
    let tablist = dom::element_with_class("div", "pf-tabs-list");
    if list {
        base(cx, &root, node, "pf-tabs");
        let vertical = prop(node, "orientation").as_str() == Some("vertical");
        let orientation = if vertical { "vertical" } else { "horizontal" };
        dom::set_attr(&root, "data-orientation", orientation);
        dom::set_attr(&tablist, "role", "tablist");
        dom::set_attr(&tablist, "aria-orientation", orientation);
        let variant = prop(node, "variant").as_str().unwrap_or("default");
        crate::render::plain::data_attr(cx, &tablist, "data-variant", variant);
        dom::append(&root, &tablist);
    } else {
        base(cx, &root, node, "pf-pages");
    }
    let mut shown: Shown = Vec::with_capacity(items.len());
    for item in &items {
        let (tab, panel) = panel(cx, item, list.then_some(&tablist))?;
        dom::append(&root, &panel);
        shown.push((tab, panel, item.value.clone()));
    }
    let shown = Rc::new(shown);
    let all = shown.clone();
    let apply = move |v: Option<Value>| {
        let active = v.map_or_else(|| fallback.clone(), |v| template::display(&v));
        show_active(&all, &active);
    };
    watch(cx, &store, &name, Rc::new(apply));
    if list {
        listen(cx, node, &tablist, store, name, shown);
    }
    Ok(root.into())
}

/// One panel with its children; with a `tablist`, also its tab (appended there), the two
/// tied by `aria-labelledby`/`aria-controls`.
fn panel(
    cx: &Cx,
    item: &Panel<'_>,
    tablist: Option<&Element>,
) -> Result<(Option<Element>, Element), String> {
    let panel = dom::element("div");
    let tab = if let Some(tablist) = tablist {
        let tab = dom::element("button");
        base(cx, &tab, item.node, "pf-tabs-trigger");
        dom::set_attr(&tab, "type", "button");
        dom::set_attr(&tab, "role", "tab");
        dom::set_attr(&tab, "data-value", &item.value);
        show_text(cx, &tab, prop(item.node, "title"));
        if prop(item.node, "disabled").truthy() {
            dom::toggle_attr(&tab, "disabled", true);
        }
        panel.set_class_name("pf-tabs-content");
        dom::set_attr(&panel, "role", "tabpanel");
        dom::set_attr(&panel, "tabindex", "0");
        dom::set_attr(&panel, "aria-labelledby", &ensure_id(&tab));
        dom::set_attr(&tab, "aria-controls", &ensure_id(&panel));
        dom::append(tablist, &tab);
        Some(tab)
    } else {
        base(cx, &panel, item.node, "pf-page");
        None
    };
    crate::render::child_nodes(cx, &panel, item.node, &item.path)?;
    Ok((tab, panel))
}

/// Shows the panel whose value is `active` (and selects its tab), hides the others.
fn show_active(shown: &Shown, active: &str) {
    for (tab, panel, value) in shown {
        let on = *value == active;
        dom::toggle_attr(panel, "hidden", !on);
        if let Some(tab) = tab {
            dom::set_attr(tab, "aria-selected", if on { "true" } else { "false" });
            dom::set_attr(tab, "tabindex", if on { "0" } else { "-1" });
            dom::set_attr(tab, "data-state", if on { "active" } else { "inactive" });
            dom::toggle_attr(tab, "data-active", on);
        }
    }
}

/// Clicks and keys on the tab list select a tab: the state is written, then `onChange` runs.
fn listen(cx: &Cx, node: &Value, tablist: &Element, store: Store, name: String, shown: Rc<Shown>) {
    let on_change = prop(node, "onChange").clone();
    let action_cx = cx.clone();
    let select = Rc::new(move |tab: &Element| {
        let Some(value) = tab.get_attribute("data-value") else {
            return;
        };
        if tab.has_attribute("disabled") {
            return;
        }
        if let Err(e) = store.set_path(&name, Value::from(value.as_str())) {
            crate::log::warn(&e);
        }
        if !on_change.is_nullish() {
            crate::actions::run(&action_cx, &on_change, Value::from(value));
        }
    });
    let on_click = select.clone();
    let click = move |event: Event| {
        if let Some(tab) = hit(&event, "[role=tab]") {
            on_click(&tab);
        }
    };
    on(cx, tablist, "click", Box::new(click));
    let key = move |event: Event| {
        if let Some(tab) = key_target(&shown, &event) {
            event.prevent_default();
            focus(tab);
            select(tab);
        }
    };
    on(cx, tablist, "keydown", Box::new(key));
}

/// The tab an Arrow key, Home or End moves to from the focused one: the first enabled tab
/// walking from there (wrapping).
fn key_target<'a>(shown: &'a Shown, event: &Event) -> Option<&'a Element> {
    let key: &KeyboardEvent = event.unchecked_ref();
    let n = shown.len();
    let active = dom::document().and_then(|d| d.active_element());
    let at = shown
        .iter()
        .position(|(t, _, _)| t.is_some() && t.as_ref() == active.as_ref())
        .unwrap_or(0);
    // Walk from `start` by `step` (mod n) to the first enabled tab.
    let (start, step) = match key.key().as_str() {
        _ if n == 0 => return None,
        "ArrowRight" | "ArrowDown" => (at + 1, 1),
        "ArrowLeft" | "ArrowUp" => (at + n - 1, n - 1),
        "Home" => (0, 1),
        "End" => (n - 1, n - 1),
        _ => return None,
    };
    (0..n).find_map(|k| match shown.get((start + k * step) % n) {
        Some((Some(tab), _, _)) if !tab.has_attribute("disabled") => Some(tab),
        _ => None,
    })
}
