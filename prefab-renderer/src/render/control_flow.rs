//! The `control_flow` family: the structural nodes `Condition`, `ForEach` (rows matched by
//! position) and `Slot`; also `$ref` (a node that names a definition instead of a type).
//!
//! Each renders into a `display: contents` wrapper and swaps child owners: a `Condition`
//! rebuilds only when the chosen branch changes; a `ForEach` keeps the rows whose item and
//! index are unchanged (their DOM, focus and effects survive) and builds or drops only the
//! others.
use super::Render::With;
use super::{children, node};
use crate::cx::{Cx, MAX_REF_EXPANSIONS};
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::{kind, prop};
use crate::store::{Owner, untracked};
use crate::template::{self, Binding, Frame};
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The family's rows.
pub const ROWS: &[super::Row] = &[
    ("Condition", With(condition)),
    ("ForEach", With(for_each)),
    ("Slot", With(slot)),
];

/// The `display: contents` element a structural node renders into (`w-full <cssClass>`
/// when it has a class, as prefab-ui does).
fn wrapper(node: &Value) -> Element {
    let el = dom::element_with_class("div", "contents");
    if let Some(class) = prop(node, "cssClass").as_str() {
        crate::classes::note(class);
        el.set_class_name(&crate::text::fill("w-full {}", &[class]));
    }
    el
}

/// `Condition {cases: [{when, children}], else}`: the first truthy case renders.
fn condition(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let Value::Array(cases) = prop(node, "cases") else {
        return Err(crate::text::fill(
            "Condition.cases must be an array, got {}",
            &[kind(prop(node, "cases"))],
        ));
    };
    let cases = cases.clone();
    let otherwise = prop(node, "else").clone();
    let el = wrapper(node);
    let current: Rc<RefCell<Option<(usize, Owner)>>> = Rc::default();
    let (target, cx2, path) = (el.clone(), cx.clone(), path.to_string());
    cx.effect(move || {
        let chosen = cases
            .iter()
            .position(|case| template::condition(prop(case, "when"), &*cx2.frame))
            .unwrap_or(cases.len());
        if let Some((index, _)) = &*current.borrow()
            && *index == chosen
        {
            return;
        }
        if let Some((_, owner)) = current.borrow_mut().take() {
            owner.dispose();
        }
        dom::clear(&target);
        let owner = cx2.owner.child();
        let branch_cx = cx2.with_owner(owner.clone());
        let (list, list_path) = match cases.get(chosen) {
            Some(case) => (
                prop(case, "children").clone(),
                crate::text::fill(
                    "{}.cases[{}].children",
                    &[&path, &crate::text::int(chosen as u64)],
                ),
            ),
            None => (otherwise.clone(), crate::text::fill("{}.else", &[&path])),
        };
        untracked(|| {
            if let Err(message) = children(&branch_cx, &target, &list, &list_path) {
                dom::append(&target, &dom::error_box(&list_path, &message));
            }
        });
        *current.borrow_mut() = Some((chosen, owner));
    });
    Ok(el.into())
}

struct Row {
    item: Value,
    owner: Owner,
    el: Element,
}

/// `ForEach {key, children, let?}`: one row per item of the array `key` names.
///
/// A row is built from its item and index only, so the row at the same position with an
/// equal item is kept as it is (DOM, focus, effects); any other row is rebuilt, since its
/// `$item` or `$index` changed.
fn for_each(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let Some(key) = prop(node, "key").as_str() else {
        return Err(crate::text::fill(
            "ForEach.key must be a string, got {}",
            &[kind(prop(node, "key"))],
        ));
    };
    let key: Arc<str> = key.into();
    let body = prop(node, "children").clone();
    let row_let = prop(node, "let").clone();
    let el = wrapper(node);
    let rows: Rc<RefCell<Vec<Row>>> = Rc::default();
    let (target, cx2, path) = (el.clone(), cx.clone(), path.to_string());
    // The node-level `let` was already pushed by `node()`; rows evaluate it per item again
    // so that it can read `$item`.
    let outer = cx.clone();
    cx.effect(move || {
        let items = match resolve_items(&key, &cx2) {
            Value::Array(items) => items,
            _ => Arc::new(Vec::new()),
        };
        untracked(|| {
            let mut old = std::mem::take(&mut *rows.borrow_mut()).into_iter();
            let mut next: Vec<Row> = Vec::with_capacity(items.len());
            for (index, item) in items.iter().enumerate() {
                let row = match old.next() {
                    Some(row) if row.item == *item => row,
                    stale => {
                        if let Some(row) = stale {
                            drop_row(row);
                        }
                        build_row(
                            &outer,
                            &body,
                            &row_let,
                            item,
                            index,
                            &crate::render::index_path(&path, index),
                        )
                    }
                };
                next.push(row);
            }
            old.for_each(drop_row);
            // Put rows in order, moving only the ones that are out of place (a Sortable
            // may have moved one optimistically).
            for (position, row) in next.iter().enumerate() {
                let row_node: &Node = row.el.as_ref();
                let at = target.child_nodes().item(position as u32);
                if at.as_ref() != Some(row_node) {
                    dom::report(target.insert_before(row_node, at.as_ref()));
                }
            }
            *rows.borrow_mut() = next;
        });
    });
    Ok(el.into())
}

fn drop_row(row: Row) {
    row.owner.dispose();
    row.el.remove();
}

/// Interpolates the key; a string result is a state path (dot walk through scope and
/// state), anything else is the value itself.
fn resolve_items(key: &str, cx: &Cx) -> Value {
    let resolved = template::interpolate(&Value::from(key), &*cx.frame);
    match resolved {
        Value::String(path) => {
            let mut segments = path.split('.');
            let first = segments.next().unwrap_or_default();
            let mut current = prefab::expr::Scope::lookup(&*cx.frame, first);
            for segment in segments {
                current = current.and_then(|v| match v {
                    Value::Array(items) => segment
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| items.get(i).cloned()),
                    Value::Object(map) => map.get(segment).cloned(),
                    _ => None,
                });
            }
            match current {
                Some(v) => v,
                // A bare expression such as `users | selectattr:active`.
                None => {
                    template::interpolate(&Value::from(["{{ ", &path, " }}"].concat()), &*cx.frame)
                }
            }
        }
        other => other,
    }
}

fn build_row(
    cx: &Cx,
    body: &Value,
    row_let: &Value,
    item: &Value,
    index: usize,
    path: &str,
) -> Row {
    let owner = cx.owner.child();
    let frame = Frame::push(
        &cx.frame,
        vec![
            (Arc::from("$item"), Binding::Value(item.clone())),
            (Arc::from("$index"), Binding::Value(Value::from(index))),
        ],
    );
    let frame = if row_let.is_nullish() {
        frame
    } else {
        Frame::with_let(&frame, row_let)
    };
    let row_cx = cx.with_frame(frame).with_owner(owner.clone());
    let el = dom::element_with_class("div", "contents");
    dom::set_attr(&el, "data-index", &index.to_string());
    if let Err(message) = children(
        &row_cx,
        &el,
        body,
        &crate::text::fill("{}.children", &[path]),
    ) {
        dom::append(&el, &dom::error_box(path, &message));
    }
    Row {
        item: item.clone(),
        owner,
        el,
    }
}

/// `Slot {name, children}`: renders `state[name]` when it is a component, else the
/// fallback children.
fn slot(cx: &Cx, _ty: &str, slot_node: &Value, path: &str) -> Result<Node, String> {
    let Some(name) = prop(slot_node, "name").as_str() else {
        return Err("Slot.name must be a string".into());
    };
    let name = name.to_string();
    let fallback = prop(slot_node, "children").clone();
    let el = wrapper(slot_node);
    let current: Rc<RefCell<Option<(Value, Owner)>>> = Rc::default();
    let (target, cx2, path) = (el.clone(), cx.clone(), path.to_string());
    cx.effect(move || {
        let content = cx2
            .frame
            .store()
            .get_path(&name)
            .filter(|v| !prop(v, "type").is_nullish() || !prop(v, "$ref").is_nullish());
        let shown = content.clone().unwrap_or(Value::Undefined);
        if let Some((previous, _)) = &*current.borrow()
            && *previous == shown
        {
            return;
        }
        if let Some((_, owner)) = current.borrow_mut().take() {
            owner.dispose();
        }
        dom::clear(&target);
        let owner = cx2.owner.child();
        let slot_cx = cx2.with_owner(owner.clone());
        untracked(|| match &content {
            Some(component) => dom::append(
                &target,
                &node(
                    &slot_cx,
                    component,
                    &crate::text::fill("state.{}", &[&name]),
                ),
            ),
            None => {
                let list_path = crate::text::fill("{}.children", &[&path]);
                if let Err(message) = children(&slot_cx, &target, &fallback, &list_path) {
                    dom::append(&target, &dom::error_box(&list_path, &message));
                }
            }
        });
        *current.borrow_mut() = Some((shown, owner));
    });
    Ok(el.into())
}

/// Deepest `$ref` nesting (cycles are caught earlier by name).
const MAX_REF_DEPTH: usize = 32;

/// `{"$ref": name, let?, cssClass?, ariaLabel?, ariaLabelledBy?}`: renders `defs[name]`.
pub fn reference(cx: &Cx, node_value: &Value, path: &str) -> Node {
    let Some(name) = prop(node_value, "$ref").as_str() else {
        return dom::error_box(path, "$ref must be a string").into();
    };
    if cx.refs.iter().any(|r| &**r == name) || cx.refs.len() >= MAX_REF_DEPTH {
        return dom::error_box(
            path,
            &crate::text::fill("$ref \"{}\" refers to itself", &[name]),
        )
        .into();
    }
    let Some(template_node) = cx.shared.defs.get(name).cloned() else {
        return dom::error_box(
            path,
            &crate::text::fill("$ref \"{}\" is not in defs", &[name]),
        )
        .into();
    };
    if cx.shared.ref_expansions(name) > MAX_REF_EXPANSIONS {
        return dom::error_box(
            path,
            &crate::text::fill(
                "$ref \"{}\" expands to more than {} references",
                &[name, &crate::text::int(MAX_REF_EXPANSIONS as u64)],
            ),
        )
        .into();
    }
    // Aria props given to the reference override the template root's.
    let template_node = match &template_node {
        Value::Object(map) => {
            let mut map = (**map).clone();
            for key in ["ariaLabel", "ariaLabelledBy"] {
                let v = prop(node_value, key);
                if !v.is_nullish() {
                    map.insert(key, v.clone());
                }
            }
            Value::from(map)
        }
        other => other.clone(),
    };
    let mut refs = (*cx.refs).clone();
    refs.push(name.into());
    let mut ref_cx = cx.clone();
    ref_cx.refs = Rc::new(refs);
    let let_value = prop(node_value, "let");
    if !let_value.is_nullish() {
        ref_cx.frame = Frame::with_let(&cx.frame, let_value);
    }
    let rendered = node(
        &ref_cx,
        &template_node,
        &crate::text::fill("defs.{}", &[name]),
    );
    match prop(node_value, "cssClass").as_str() {
        Some(class) => {
            crate::classes::note(class);
            let wrap = dom::element_with_class("div", class);
            dom::append(&wrap, &rendered);
            wrap.into()
        }
        None => rendered,
    }
}
