//! The `interactive` family: `Button`, and the overlays `Dialog`, `Popover`, `Tooltip` and
//! `HoverCard` (`overlay.rs`).
mod overlay;

use super::Render::With;
use super::form::bound::{aria_bool, bind_label, flags};
use super::plain::variant_class;
use super::{Row, base};
use crate::cx::Cx;
use crate::dom;
use crate::dom::Node;
use crate::node::{optional_text, prop};
use prefab::expr::Value;

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Button", With(button)),
    ("Dialog", With(overlay::overlay)),
    ("Popover", With(overlay::overlay)),
    ("Tooltip", With(overlay::overlay)),
    ("HoverCard", With(overlay::overlay)),
];

/// `Button`: `label`, `icon` (a lucide name, drawn before the label; with an `icon*` size the
/// label is for screen readers only), `variant`, `size`, `disabled`, `buttonType`, `onClick`.
fn button(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    optional_text(node, "label", "Button")?;
    let el = dom::element("button");
    // `pf-button pf-button-variant-<v> pf-button-size-<s>`, the hooks of prefab-ui's renderer.
    let variant = prop(node, "variant").as_str().unwrap_or("default");
    let size = prop(node, "size").as_str().unwrap_or("default");
    let mut class = variant_class("pf-button", variant);
    class.push_str(" pf-button-size-");
    class.push_str(size);
    base(cx, &el, node, &class);
    // Without `buttonType` the button keeps HTML's default type, as prefab-ui's does: inside a
    // `Form` it submits (the last button of `Form.from_model`), elsewhere it does nothing more.
    if let Some(button_type) = prop(node, "buttonType").as_str() {
        dom::set_attr(&el, "type", button_type);
    }
    super::plain::data_attr(cx, &el, "data-variant", variant);
    super::plain::data_attr(cx, &el, "data-size", size);
    let icon = prop(node, "icon");
    if !icon.is_nullish() {
        let svg = super::plain::icon("");
        dom::append(&el, &svg);
        cx.bind_text(icon, move |name| super::media::shape(&svg, name));
    }
    let label = if size.starts_with("icon") {
        let span = dom::element_with_class("span", "pf-sr-only");
        dom::append(&el, &span);
        span
    } else {
        el.clone()
    };
    bind_label(cx, &label, prop(node, "label"));
    flags(cx, &el, node, &[("disabled", "disabled")]);
    let on_click = prop(node, "onClick").clone();
    // A button whose click toggles a state key is a toggle button: `aria-pressed` follows it.
    if prop(&on_click, "action").as_str() == Some("toggleState")
        && let Some(key) = prop(&on_click, "key").as_str()
    {
        let (pressed, watched) = (el.clone(), Value::from(["{{ ", key, " }}"].concat()));
        cx.bind(&watched, move |v| {
            dom::set_attr(&pressed, "aria-pressed", aria_bool(v.truthy()));
        });
    }
    if !on_click.is_nullish() {
        let action_cx = cx.clone();
        crate::dom::listen_many(
            &cx.owner,
            &el,
            &["click"],
            Box::new(move |_| {
                crate::actions::run(&action_cx, &on_click, Value::Undefined);
            }),
        );
    }
    Ok(el.into())
}
