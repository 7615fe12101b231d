//! Form components beyond `Button`/`Input`/`Textarea` (those are in `render/form.rs`):
//! the `Field` family, `ButtonGroup`, `ChoiceCard`, toggles (`Checkbox`, `Switch`,
//! `Radio`, `RadioGroup`), `Slider`, the `Select` and `Combobox` families, `Calendar`,
//! `DatePicker` and `DropZone`.
//!
//! Passive parts are rows of one table read by [`row`]; stateful controls share
//! [`bound::Bound`] for the state key, seeding, reading back and `onChange`.
pub mod bound;
mod calendar;
mod files;
mod picker;
mod slider;
mod toggle;

use super::{base, children};
use crate::cx::Cx;
use crate::dom;
use crate::node::{optional_text, prop};
use bound::{bind_label, flags};
use prefab::expr::Value;
use web_sys::Node;

pub use files::read_files;

/// `(type, tag, base class, text prop, role)` of the passive form parts.
const ROWS: &[(&str, &str, &str, &str, &str)] = &[
    ("Field", "div", "pf-field", "", "group"),
    ("FieldContent", "div", "pf-field-content", "", ""),
    ("FieldTitle", "div", "pf-field-title", "content", ""),
    (
        "FieldDescription",
        "p",
        "pf-field-description",
        "content",
        "",
    ),
    ("FieldError", "div", "pf-field-error", "content", "alert"),
    ("ChoiceCard", "label", "pf-choice-card", "", ""),
    ("ButtonGroup", "div", "pf-button-group", "", "group"),
    ("SelectGroup", "div", "pf-select-group", "", "group"),
    ("ComboboxGroup", "div", "pf-combobox-group", "", "group"),
    ("SelectLabel", "div", "pf-select-label", "label", ""),
    ("ComboboxLabel", "div", "pf-combobox-label", "label", ""),
    (
        "SelectSeparator",
        "div",
        "pf-select-separator",
        "",
        "separator",
    ),
    (
        "ComboboxSeparator",
        "div",
        "pf-combobox-separator",
        "",
        "separator",
    ),
    ("SelectOption", "div", "pf-select-item", "label", "option"),
    (
        "ComboboxOption",
        "div",
        "pf-combobox-item",
        "label",
        "option",
    ),
];

/// Renders a form type of this module, or `None` if `ty` is not one.
pub fn render(cx: &Cx, ty: &str, node: &Value, path: &str) -> Option<Result<Node, String>> {
    Some(match ty {
        "Checkbox" | "Switch" | "Radio" => toggle::toggle(cx, ty, node),
        "RadioGroup" => toggle::radio_group(cx, node, path),
        "Slider" => slider::slider(cx, node),
        "Select" | "Combobox" => picker::picker(cx, ty, node, path),
        "Calendar" => calendar::calendar(cx, node, None),
        "DatePicker" => calendar::date_picker(cx, node),
        "DropZone" => files::drop_zone(cx, node),
        _ => {
            let &(_, tag, class, text, role) = ROWS.iter().find(|r| r.0 == ty)?;
            row(cx, ty, tag, class, text, role, node, path)
        }
    })
}

/// One table row: element, class hooks, role, text, state attributes, children.
#[allow(clippy::too_many_arguments)]
fn row(
    cx: &Cx,
    ty: &str,
    tag: &str,
    class: &str,
    text: &str,
    role: &str,
    node: &Value,
    path: &str,
) -> Result<Node, String> {
    if !text.is_empty() {
        optional_text(node, text, ty)?;
    }
    let el = dom::element(tag);
    match prop(node, "orientation").as_str() {
        // `pf-button-group-orientation-<o>`, as prefab-ui's renderer puts it.
        Some(o) if ty == "ButtonGroup" => {
            // (No `aria-orientation`: ARIA does not allow it on `role=group`.)
            base(cx, &el, node, &format!("{class} {class}-orientation-{o}"));
        }
        _ => base(cx, &el, node, class),
    }
    if !role.is_empty() {
        dom::set_attr(&el, "role", role);
    }
    if role == "option" {
        dom::set_attr(&el, "tabindex", "-1");
        bound::attrs(cx, &el, node, &[("value", "data-value")]);
    }
    flags(
        cx,
        &el,
        node,
        &[("disabled", "data-disabled"), ("invalid", "data-invalid")],
    );
    if !text.is_empty() {
        bind_label(cx, &el, prop(node, text));
    }
    children(cx, &el, prop(node, "children"), &format!("{path}.children"))?;
    Ok(el.into())
}
