//! From `$prefab` component nodes to DOM, with fine-grained bindings.
//!
//! Each node is rendered once. Props that hold templates (`{{ … }}`) get an effect that
//! re-evaluates them and patches only that text or attribute when a key they read changes;
//! the tree itself is never rebuilt on a state change (so an `Input` keeps focus and caret).
//! Structural nodes (`Condition`, `ForEach`, `Slot`) own child scopes that they swap.
//!
//! Tolerance: a node that is not valid renders an error box naming its JSON path; an
//! unknown `type` renders a placeholder; siblings render normally.
//!
//! # The registry
//!
//! Component types render through one table, [`FAMILIES`]: one entry per family of
//! `prefab::components` (same names, same members), each a list of [`Row`]s `(type, how)`
//! contributed by the family's module. A type renders with its own function
//! ([`Render::With`]) or is a row of plain data ([`Render::Data`], drawn by the row's
//! `draw`, see `plain.rs`). The rows of every family are merged into one table sorted by
//! type at compile time (`registry.rs`; a type listed twice fails the build), and [`node`]
//! finds a type by binary search. `tests/registry.rs` checks the table against the model's
//! type lists.
mod card;
mod charts;
mod control_flow;
mod data;
mod form;
mod interactive;
mod layout;
mod media;
mod plain;
mod registry;
mod select;
mod sortable;
pub mod stream;
mod typography;
mod widget;

use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Node};
use crate::node::{kind, prop};
use crate::template::{self, Frame};
pub use media::set_frame_domains;
pub use plain::Plain;
use prefab::expr::Value;
pub use registry::FAMILIES;

/// Starts generated element ids again, as a new page does (native builds: each headless
/// view is a page of its own, so its ids do not depend on the views before it).
#[cfg(not(target_arch = "wasm32"))]
pub fn reset_ids() {
    widget::reset_ids();
    charts::reset_ids();
}

/// A render function: (context, type, node, JSON path).
pub type RenderFn = fn(&Cx, &str, &Value, &str) -> Result<Node, String>;

/// How a component type renders.
#[derive(Clone, Copy)]
pub enum Render {
    /// With a function of its own.
    With(RenderFn),
    /// As a row of plain data (see [`Plain`]).
    Data(Plain),
}

/// One row of the registry: a wire `type` and how it renders.
pub type Row = (&'static str, Render);

/// Renders one node (any JSON value from the wire) at JSON path `path`.
///
/// While a streamed view is drawn ([`stream`]), a node of the document itself (not one a
/// structural node draws under an owner of its own) is kept from the previous partial
/// document when its JSON did not change.
#[must_use]
pub fn node(cx: &Cx, node: &Value, path: &str) -> Node {
    if let Some(st) = stream::hook(cx, path) {
        return stream::node(&st, cx, node, path);
    }
    draw(cx, node, path)
}

/// Draws one node (see [`node`]).
fn draw(cx: &Cx, node: &Value, path: &str) -> Node {
    let Value::Object(_) = node else {
        return dom::error_box(
            path,
            &crate::text::fill("expected a component object, got {}", &[kind(node)]),
        )
        .into();
    };
    if !prop(node, "$ref").is_nullish() {
        return control_flow::reference(cx, node, path);
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
    let rendered = match registry::lookup(ty) {
        Some(Render::With(render)) => render(cx, ty, node, path),
        Some(Render::Data(row)) => (row.draw)(cx, ty, row, node, path),
        None => Ok(unknown(ty, path)),
    };
    match rendered {
        Ok(node) => node,
        Err(message) => dom::error_box(path, &message).into(),
    }
}

/// Renders `children` (an array, or absent) into `parent`.
pub fn children(cx: &Cx, parent: &Element, list: &Value, path: &str) -> Result<(), String> {
    match list {
        Value::Undefined | Value::Null => Ok(()),
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let child = node(cx, child, &index_path(path, i));
                dom::append(parent, &child);
            }
            Ok(())
        }
        other => Err(crate::text::fill(
            "{} must be an array, got {}",
            &[path, kind(other)],
        )),
    }
}

/// `<path>[<i>]`: the JSON path of item `i` of the array at `path`.
pub(crate) fn index_path(path: &str, i: usize) -> String {
    let mut out = crate::text::fill("{}[", &[path]);
    crate::text::push_int(&mut out, i as u64);
    out.push(']');
    out
}

/// Renders the `children` prop of `node` into `parent` (JSON path `<path>.children`).
pub fn child_nodes(cx: &Cx, parent: &Element, node: &Value, path: &str) -> Result<(), String> {
    children(
        cx,
        parent,
        prop(node, "children"),
        &crate::text::fill("{}.children", &[path]),
    )
}

/// Applies the base props every component accepts: `id`, `cssClass` (after `base_class`),
/// `ariaLabel`, `ariaLabelledBy`, `style`, then runs `onMount`.
pub fn base(cx: &Cx, el: &Element, node: &Value, base_class: &str) {
    widget::class_list(cx, el, base_class, prop(node, "cssClass"));
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
                && let Some(html) = target.dyn_ref::<crate::dom::HtmlElement>()
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
        stream::on_mount(run);
    }
}

/// `backgroundColor` → `background-color` (custom properties `--x` unchanged).
fn css_property(key: &str) -> String {
    if key.starts_with("--") || !key.bytes().any(|b| b.is_ascii_uppercase()) {
        return key.to_string();
    }
    kebab("", key)
}

/// `prefix` then `key` with `-` and the lower case before each upper-case letter
/// (`kebab("pf", "CardHeader")` = `pf-card-header`).
fn kebab(prefix: &str, key: &str) -> String {
    let mut out = String::with_capacity(prefix.len() + key.len() + 4);
    out.push_str(prefix);
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

/// The placeholder of a type no family renders.
fn unknown(ty: &str, path: &str) -> Node {
    let el = dom::element_with_class("div", "pf-unknown");
    dom::set_attr(&el, "data-type", ty);
    dom::set_attr(&el, "data-path", path);
    el.set_text_content(Some(&crate::text::fill("Unknown component \"{}\"", &[ty])));
    el.into()
}
