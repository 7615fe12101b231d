//! The `form` family: `Form` (a container whose submit runs `onSubmit`), the `Field` parts
//! and `ChoiceCard` (passive parts), `Input`/`Textarea` (`input.rs`), toggles (`Checkbox`,
//! `Switch`, `Radio`, `RadioGroup`, `toggle.rs`), `Slider`, `Calendar`/`DatePicker` and
//! `DropZone` (`files.rs`).
//!
//! Passive parts are rows of plain data drawn by one function ([`part`]; the `select`
//! family's parts and `ButtonGroup` too); stateful controls share [`bound::Bound`] for the
//! state key, seeding, reading back and `onChange`.
pub(super) mod bound;
mod calendar;
mod files;
mod input;
mod slider;
mod toggle;

use super::Render::With;
use super::plain::{Plain, Prop, Role, Touch};
use super::widget::ensure_id;
use super::{Row, base, child_nodes};
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::{optional_text, prop};
use bound::{bind_label, flags};
use prefab::expr::Value;

/// The family's rows.
pub const ROWS: &[Row] = &[
    (
        "Form",
        Plain::new("form")
            .class("pf-column")
            .touch(Touch::Form)
            .row(),
    ),
    ("Field", part("div", Prop::None, Role::Group).row()),
    ("FieldContent", part("div", Prop::None, Role::None).row()),
    // Inline `<span>`s, as prefab-ui's renderer draws them (a `Field` stacks them).
    ("FieldTitle", part("span", Prop::Content, Role::None).row()),
    (
        "FieldDescription",
        part("span", Prop::Content, Role::None).row(),
    ),
    ("FieldError", part("div", Prop::Content, Role::Alert).row()),
    ("ChoiceCard", part("label", Prop::None, Role::None).row()),
    ("Input", With(input::input)),
    ("Textarea", With(input::input)),
    ("Checkbox", With(toggle::toggle)),
    ("Switch", With(toggle::toggle)),
    ("Slider", With(slider::slider)),
    ("Radio", With(toggle::toggle)),
    ("RadioGroup", With(toggle::radio_group)),
    ("Calendar", With(calendar::render)),
    ("DatePicker", With(calendar::date_picker)),
    ("DropZone", With(files::drop_zone)),
];

/// A passive part of a form control: `<tag class role>` showing prop `text`,
/// with `disabled`/`invalid` as data attributes (options are focusable and carry
/// `data-value`).
pub(super) const fn part(tag: &'static str, text: Prop, role: Role) -> Plain {
    Plain::new(tag).text(text).role(role).drawn_by(draw_part)
}

/// Draws a passive part: element, class hooks, role, text, state attributes, children.
fn draw_part(cx: &Cx, ty: &str, p: &Plain, node: &Value, path: &str) -> Result<Node, String> {
    let (tag, text, role) = (p.tag, p.text.key(), p.role);
    let class = &p.class_of(ty);
    if !text.is_empty() {
        optional_text(node, text, ty)?;
    }
    let el = dom::element(tag);
    match prop(node, "orientation").as_str() {
        // `pf-button-group-orientation-<o>`, as prefab-ui's renderer puts it.
        Some(o) if p.touch == Touch::Orientation => {
            // (No `aria-orientation`: ARIA does not allow it on `role=group`.)
            base(
                cx,
                &el,
                node,
                &crate::text::fill("{} {}-orientation-{}", &[class, class, o]),
            );
        }
        _ => base(cx, &el, node, class),
    }
    if role != Role::None {
        dom::set_attr(&el, "role", role.name());
    }
    if role == Role::Option {
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
    child_nodes(cx, &el, node, path)?;
    if matches!(ty, "Field" | "FieldError") {
        // Once drawn and in place (an error can come later, under an `If`).
        let part = el.clone();
        crate::dom::microtask(&crate::dom::once(move || link(&part)));
    }
    Ok(el.into())
}

/// A `Field`'s control: its first form control.
const CONTROL: &str = "input:not([type=hidden]),textarea,select,[role=combobox],[role=switch],[role=checkbox],[role=radiogroup],[role=slider]";

/// Links the parts of the `Field` around `part` to its control: the `Label` names it (`for`,
/// or `aria-labelledby` where the control is no labelable element), each description and
/// error describes it, and an error with text sets `aria-invalid`.
fn link(part: &Element) {
    let Some(field) = part.closest(".pf-field").ok().flatten() else {
        return;
    };
    let Ok(Some(control)) = field.query_selector(CONTROL) else {
        return;
    };
    let mut described = String::new();
    for el in bound::all(&field, ".pf-label,.pf-field-description,.pf-field-error") {
        let id = ensure_id(&el);
        if el.tag_name() != "LABEL" {
            if el.tag_name() == "DIV" && el.text_content().is_some_and(|t| !t.trim().is_empty()) {
                dom::set_attr(&control, "aria-invalid", "true");
            }
            described.push_str(&id);
            described.push(' ');
        } else if !el.has_attribute("for") && !el.contains(Some(&control)) {
            if matches!(control.tag_name().as_str(), "SPAN" | "DIV") {
                dom::set_attr(&control, "aria-labelledby", &id);
            } else {
                dom::set_attr(&el, "for", &ensure_id(&control));
            }
        }
    }
    if !described.is_empty() {
        dom::set_attr(&control, "aria-describedby", described.trim_end());
    }
}
