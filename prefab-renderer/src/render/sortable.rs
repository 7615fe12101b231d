//! `Sortable`, `SortableGroup`, `SortableItem` — the drag-and-drop extension of prefab-rs.
//!
//! Groups and items are plain elements marked `data-pf-group` / `data-pf-item` (their
//! `value`); the `Sortable` root holds one delegated handler for pointer drag, keyboard
//! (Space/Enter picks up, arrows move, Space/Enter drops, Escape cancels) and the move
//! buttons each item carries. A move is made in the page at once (optimistic), announced in
//! an `aria-live` region, then `onMove` runs with `$event = {item, from, to, before}`; if it
//! fails the item goes back. What moves is the item's `ForEach` row (`[data-index]`) when it
//! has one, so the `ForEach` that re-renders the server's answer finds its rows intact.
use super::Render::With;
use super::{Row, base, child_nodes};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, HtmlElement, KeyboardEvent, Node};
use crate::node::{optional_text, prop};
use prefab::expr::{Value, number_to_string};
use std::cell::RefCell;

const ITEM: &str = "data-pf-item";
const GROUP: &str = "data-pf-group";

/// Renders `Sortable`, `SortableGroup` or (any other `ty`) `SortableItem`.
/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Sortable", With(sortable)),
    ("SortableGroup", With(sortable)),
    ("SortableItem", With(sortable)),
];

fn sortable(cx: &Cx, ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let (class, marker, role) = match ty {
        "Sortable" => ("pf-sortable", "", "group"),
        "SortableGroup" => ("pf-sortable-group", GROUP, "list"),
        _ => ("pf-sortable-item", ITEM, "listitem"),
    };
    let el = dom::element("div");
    base(cx, &el, node, class);
    dom::set_attr(&el, "role", role);
    for (key, attr) in [("value", marker), ("label", "aria-label")] {
        optional_text(node, key, ty)?;
        let raw = prop(node, key);
        if !raw.is_nullish() && !marker.is_empty() {
            let target = el.clone();
            cx.bind_text(raw, move |v| dom::set_attr(&target, attr, v));
        }
    }
    child_nodes(cx, &el, node, path)?;
    if marker.is_empty() {
        root(cx, &el, prop(node, "onMove").clone());
    } else if marker == ITEM {
        dom::set_attr(&el, "tabindex", "0");
        // Read with the item before it is picked up: how to move it.
        dom::set_attr(
            &el,
            "aria-description",
            "Space picks it up, arrow keys move it, Space drops it, Escape cancels.",
        );
        let bar = dom::element_with_class("div", "pf-sortable-moves");
        for (key, text, label) in [
            ("ArrowLeft", "\u{2190}", "Move to the previous list"),
            ("ArrowUp", "\u{2191}", "Move up"),
            ("ArrowDown", "\u{2193}", "Move down"),
            ("ArrowRight", "\u{2192}", "Move to the next list"),
        ] {
            let button = dom::element_with_class("button", "pf-sortable-move");
            for (name, value) in [
                ("type", "button"),
                ("data-pf-move", key),
                ("aria-label", label),
                ("tabindex", "-1"),
            ] {
                dom::set_attr(&button, name, value);
            }
            button.set_text_content(Some(text));
            dom::append(&bar, &button);
        }
        dom::append(&el, &bar);
    }
    Ok(el.into())
}

/// An item being moved, and where its row was.
struct Moving {
    item: Element,
    row: Element,
    parent: Option<Node>,
    next: Option<Node>,
    from: String,
    /// Pointer start (`None`: keyboard), and whether the pointer has moved enough to drag.
    start: Option<(f64, f64)>,
    dragging: bool,
}

/// The root: a live region and one delegated handler.
fn root(cx: &Cx, el: &Element, on_move: Value) {
    let live = dom::element_with_class("div", "pf-sr-only");
    dom::set_attr(&live, "aria-live", "assertive");
    dom::append(el, &live);
    let env: Env = (cx.clone(), el.clone(), live, on_move);
    let slot: RefCell<Option<Moving>> = RefCell::new(None);
    dom::listen_many(
        &cx.owner,
        el,
        &[
            "pointerdown",
            "pointermove",
            "pointerup",
            "pointercancel",
            "keydown",
            "click",
        ],
        Box::new(move |event: Event| handle(&env, &slot, &event)),
    );
}

type Env = (Cx, Element, Element, Value);

fn number(event: &Event, key: &str) -> f64 {
    dom::event_number(event, key).unwrap_or(-1.0)
}

fn closest(from: &Element, selector: &str) -> Option<Element> {
    from.closest(selector).ok().flatten()
}

fn attr(el: &Element, name: &str) -> String {
    el.get_attribute(name).unwrap_or_default()
}

/// The item's `ForEach` row inside its group, or the item itself.
fn row(item: &Element) -> Element {
    match (
        closest(item, "[data-index]"),
        closest(item, "[data-pf-group]"),
    ) {
        (Some(row), Some(group)) if group.contains(Some(&row)) => row,
        _ => item.clone(),
    }
}

/// The items under `el`, in document order.
fn items(el: &Element) -> Vec<Element> {
    all(el, "[data-pf-item]")
}

/// The elements under `el` matching `selector`, in document order.
fn all(el: &Element, selector: &str) -> Vec<Element> {
    let mut out = Vec::new();
    if let Ok(list) = el.query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                out.push(el);
            }
        }
    }
    out
}

fn handle(env: &Env, slot: &RefCell<Option<Moving>>, event: &Event) {
    let root = &env.1;
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    let item = closest(&target, "[data-pf-item]").filter(|i| root.contains(Some(i)));
    let held = slot.borrow().as_ref().map(|m| m.item.clone());
    let ty = event.type_();
    let step = match ty.as_str() {
        "pointerdown" => {
            if let Some(item) = item.filter(|_| {
                number(event, "button") == 0.0
                    && closest(&target, "button,input,textarea,select,a").is_none()
            }) {
                let start = (number(event, "clientX"), number(event, "clientY"));
                pick(slot, item, Some(start));
                dom::report(root.set_pointer_capture(number(event, "pointerId") as i32));
            }
            return;
        }
        "pointermove" => return drag(root, slot, event),
        "pointerup" if slot.borrow().as_ref().is_some_and(|m| m.start.is_some()) => {
            return finish(env, slot);
        }
        "pointercancel" => return cancel(env, slot),
        "keydown" => {
            let Some(key) = event.dyn_ref::<KeyboardEvent>().map(KeyboardEvent::key) else {
                return;
            };
            let Some(item) = item.filter(|i| *i == target) else {
                return;
            };
            match (key.as_str(), held.as_ref() == Some(&item)) {
                (" " | "Enter", true) => finish(env, slot),
                (" " | "Enter", false) => {
                    pick(slot, item.clone(), None);
                    dom::report(item.class_list().add_1("pf-sortable-picked"));
                    say(
                        env,
                        &[
                            "Picked up ",
                            &attr(&item, "aria-label"),
                            ". Arrows move, Space drops, Escape cancels.",
                        ],
                    );
                }
                ("Escape", true) => cancel(env, slot),
                (_, true) => {
                    if !shift(env, &item, &key) {
                        return;
                    }
                }
                _ => return,
            }
            event.prevent_default();
            return;
        }
        "click" => closest(&target, "[data-pf-move]").map(|b| attr(&b, "data-pf-move")),
        _ => None,
    };
    if let (Some(key), Some(item)) = (step, item) {
        pick(slot, item.clone(), None);
        shift(env, &item, &key);
        finish(env, slot);
    }
}

/// Starts moving `item`, remembering where its row was.
fn pick(slot: &RefCell<Option<Moving>>, item: Element, start: Option<(f64, f64)>) {
    let row = row(&item);
    *slot.borrow_mut() = Some(Moving {
        parent: row.parent_node(),
        next: row.next_sibling(),
        from: closest(&item, "[data-pf-group]")
            .map(|g| attr(&g, GROUP))
            .unwrap_or_default(),
        item,
        row,
        start,
        dragging: false,
    });
}

/// Puts `row` at `position` among the other rows of `group` (its end when past them).
fn insert(group: &Element, row: &Element, position: usize) {
    let rows: Vec<Element> = items(group)
        .iter()
        .map(self::row)
        .filter(|r| r != row)
        .collect();
    let (parent, before) = match rows.get(position) {
        Some(at) => (at.parent_node(), Some(Node::from(at.clone()))),
        None => (
            rows.last().and_then(|r| r.parent_node()).or_else(|| {
                match group.query_selector(".contents") {
                    Ok(Some(wrapper)) => Some(wrapper.into()),
                    _ => Some(group.clone().into()),
                }
            }),
            None,
        ),
    };
    if let Some(parent) = parent {
        dom::report(parent.insert_before(row, before.as_ref()));
    }
}

/// Pointer move: past a few pixels, the item follows the pointer through lists and items.
fn drag(root: &Element, slot: &RefCell<Option<Moving>>, event: &Event) {
    let (x, y) = (number(event, "clientX"), number(event, "clientY"));
    let row = {
        let mut guard = slot.borrow_mut();
        let Some(moving) = guard.as_mut() else {
            return;
        };
        let Some((x0, y0)) = moving.start else {
            return;
        };
        if !moving.dragging {
            if (x - x0).abs() + (y - y0).abs() < 4.0 {
                return;
            }
            moving.dragging = true;
            dom::report(moving.item.class_list().add_1("pf-sortable-dragging"));
        }
        moving.row.clone()
    };
    let Some(under) = dom::document().and_then(|d| d.element_from_point(x as f32, y as f32)) else {
        return;
    };
    let Some(group) = closest(&under, "[data-pf-group]").filter(|g| root.contains(Some(g))) else {
        return;
    };
    let others: Vec<Element> = items(&group)
        .into_iter()
        .filter(|i| !row.contains(Some(i)))
        .collect();
    let over = closest(&under, "[data-pf-item]");
    match others.iter().position(|i| Some(i) == over.as_ref()) {
        Some(at) => {
            let below = over.is_some_and(|o| {
                let rect = o.get_bounding_client_rect();
                y > rect.top() + rect.height() / 2.0
            });
            insert(&group, &row, at + usize::from(below));
        }
        None if !group.contains(Some(&row)) => insert(&group, &row, others.len()),
        None => {}
    }
}

/// Keyboard/button step: up/down within the list, left/right to the same position in the
/// neighbouring list. Returns whether `key` was a step.
fn shift(env: &Env, item: &Element, key: &str) -> bool {
    let Some(group) = closest(item, "[data-pf-group]") else {
        return false;
    };
    let index = items(&group).iter().position(|i| i == item).unwrap_or(0);
    let groups = all(&env.1, "[data-pf-group]");
    let at = groups.iter().position(|g| *g == group).unwrap_or(0);
    let neighbour = |offset: isize| {
        at.checked_add_signed(offset)
            .and_then(|i| groups.get(i))
            .cloned()
    };
    let (target, position) = match key {
        "ArrowUp" => (Some(group.clone()), index.saturating_sub(1)),
        "ArrowDown" => (Some(group.clone()), index + 1),
        "ArrowLeft" => (neighbour(-1), index),
        "ArrowRight" => (neighbour(1), index),
        _ => return false,
    };
    if let Some(target) = target {
        insert(&target, &row(item), position);
    }
    if let Some(el) = item.dyn_ref::<HtmlElement>() {
        dom::report(el.focus());
    }
    where_is(env, item);
    true
}

/// Ends a move: if the item changed place, runs `onMove` (going back if it fails).
fn finish(env: &Env, slot: &RefCell<Option<Moving>>) {
    let Some(moving) = slot.borrow_mut().take() else {
        return;
    };
    let item = moving.item.clone();
    dom::report(
        item.class_list()
            .remove_2("pf-sortable-dragging", "pf-sortable-picked"),
    );
    if moving.row.parent_node() == moving.parent && moving.row.next_sibling() == moving.next {
        return;
    }
    let group = closest(&item, "[data-pf-group]");
    let list = group.as_ref().map(items).unwrap_or_default();
    let before = list
        .iter()
        .position(|i| *i == item)
        .and_then(|at| list.get(at + 1))
        .map_or(Value::Null, |next| Value::from(attr(next, ITEM)));
    let event = Value::object([
        ("item", Value::from(attr(&item, ITEM))),
        ("from", Value::from(moving.from.clone())),
        (
            "to",
            Value::from(group.map(|g| attr(&g, GROUP)).unwrap_or_default()),
        ),
        ("before", before),
    ]);
    where_is(env, &item);
    let env2 = env.clone();
    crate::actions::run_with(
        &env.0,
        &env.3,
        crate::actions::Ctx::with_event(event),
        Box::new(move |outcome| {
            if outcome.is_err() {
                restore(&env2, &moving, " failed; it went back.");
            }
        }),
    );
}

/// Escape / pointer cancel: the item goes back.
fn cancel(env: &Env, slot: &RefCell<Option<Moving>>) {
    if let Some(moving) = slot.borrow_mut().take() {
        dom::report(
            moving
                .item
                .class_list()
                .remove_2("pf-sortable-dragging", "pf-sortable-picked"),
        );
        restore(env, &moving, " cancelled.");
    }
}

fn restore(env: &Env, moving: &Moving, why: &str) {
    if let Some(parent) = &moving.parent {
        dom::report(parent.insert_before(&moving.row, moving.next.as_ref()));
    }
    if let Some(el) = moving.item.dyn_ref::<HtmlElement>() {
        dom::report(el.focus());
    }
    say(env, &["Move of ", &attr(&moving.item, "aria-label"), why]);
}

/// Announces "`item`: `list`, position i of n."
fn where_is(env: &Env, item: &Element) {
    let Some(group) = closest(item, "[data-pf-group]") else {
        return;
    };
    let list = items(&group);
    let at = list.iter().position(|i| i == item).unwrap_or(0) + 1;
    say(
        env,
        &[
            &attr(item, "aria-label"),
            ": ",
            &attr(&group, "aria-label"),
            ", position ",
            &number_to_string(at as f64),
            " of ",
            &number_to_string(list.len() as f64),
        ],
    );
}

fn say(env: &Env, parts: &[&str]) {
    env.2.set_text_content(Some(&parts.concat()));
}
