//! `Checkbox`, `Switch`, `Radio` (a `<button>` with `role` checkbox/switch/radio and
//! `aria-checked`) and `RadioGroup` (`role=radiogroup`, one delegated click/keydown
//! listener, roving tab stop, arrow keys move and select).
use super::bound::{self, Bound, aria_bool, flags};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, HtmlElement, Node};
use crate::node::prop;
use crate::render::{base, child_nodes};
use prefab::expr::Value;

const IN_GROUP: &str = "[role=radiogroup]";

/// `Checkbox` / `Switch` / `Radio`: `value` (bool), `label`, `size`, `disabled`,
/// `required`, `option` (Radio), `onChange` (`$event` = the new boolean).
pub fn toggle(cx: &Cx, ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let (role, class, inner, prefix) = match ty {
        "Switch" => ("switch", "pf-switch", "pf-switch-thumb", "switch"),
        "Radio" => (
            "radio",
            "pf-radio-group-item",
            "pf-radio-group-indicator",
            "radio",
        ),
        _ => (
            "checkbox",
            "pf-checkbox",
            "pf-checkbox-indicator",
            "checkbox",
        ),
    };
    let value = prop(node, "value");
    let seed = if value.is_nullish() {
        Value::Bool(false)
    } else {
        value.clone()
    };
    let state = Bound::new(cx, node, prefix, seed);
    let id = state.id(node);
    let el = dom::element("button");
    dom::set_attr(&el, "id", &id);
    base(cx, &el, node, class);
    dom::set_attr(&el, "type", "button");
    dom::set_attr(&el, "role", role);
    bound::attrs(
        cx,
        &el,
        node,
        &[("size", "data-size"), ("option", "data-value")],
    );
    flags(
        cx,
        &el,
        node,
        &[("disabled", "disabled"), ("required", "aria-required")],
    );
    dom::append(&el, &dom::element_with_class("span", inner));
    let radio = role == "radio";
    let target = el.clone();
    state.watch(Box::new(move |v| {
        // Inside a RadioGroup the group owns `aria-checked`.
        if !(radio && in_group(&target)) {
            dom::set_attr(&target, "aria-checked", aria_bool(v.truthy()));
        }
    }));
    let source = el.clone();
    let writer = state.clone();
    let checkbox = role == "checkbox";
    crate::dom::listen_many(
        &cx.owner,
        &el,
        &["click", "keydown"],
        Box::new(move |event| {
            if event.type_() == "keydown" {
                // Space toggles a checkbox; Enter does not (WAI-ARIA; a `<button>` would).
                if checkbox && bound::key(&event) == "Enter" {
                    event.prevent_default();
                }
                return;
            }
            if radio && in_group(&source) {
                return;
            }
            let next = radio || !writer.peek().truthy();
            writer.set(Value::Bool(next));
        }),
    );
    let label = prop(node, "label");
    if label.is_nullish() {
        return Ok(el.into());
    }
    let wrap = dom::element_with_class("div", "pf-choice");
    dom::append(&wrap, &el);
    let caption = dom::element_with_class("label", "pf-label");
    dom::set_attr(&caption, "for", &id);
    bound::bind_label(cx, &caption, label);
    dom::append(&wrap, &caption);
    Ok(wrap.into())
}

fn in_group(el: &Element) -> bool {
    matches!(el.closest(IN_GROUP), Ok(Some(_)))
}

/// `RadioGroup`: `value` (the chosen `option`), children `Radio`s, `onChange` (`$event` =
/// the option). Without a `value` it starts on the first Radio whose `value` is true.
pub fn radio_group(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let mut seed = prop(node, "value").clone();
    if seed.is_nullish()
        && let Value::Array(items) = prop(node, "children")
        && let Some(first) = items
            .iter()
            .find(|c| prop(c, "type").as_str() == Some("Radio") && prop(c, "value").truthy())
    {
        seed = prop(first, "option").clone();
    }
    let state = Bound::new(cx, node, "radiogroup", seed);
    let el = dom::element("div");
    base(cx, &el, node, "pf-radio-group");
    dom::set_attr(&el, "role", "radiogroup");
    child_nodes(cx, &el, node, path)?;
    let root = el.clone();
    state.watch(Box::new(move |v| {
        let chosen = crate::template::display(v);
        let radios = bound::all(&root, "[role=radio]");
        let any = radios
            .iter()
            .any(|r| r.get_attribute("data-value").as_deref() == Some(&chosen));
        for (i, radio) in radios.iter().enumerate() {
            let on = radio.get_attribute("data-value").as_deref() == Some(&chosen);
            dom::set_attr(radio, "aria-checked", aria_bool(on));
            // Roving tab stop: the checked radio, else the first.
            let stop = on || (!any && i == 0);
            dom::set_attr(radio, "tabindex", if stop { "0" } else { "-1" });
        }
    }));
    let writer = state.clone();
    crate::dom::listen_many(
        &cx.owner,
        &el,
        &["click"],
        Box::new(move |event| {
            if let Some(radio) = bound::target(&event, "[role=radio]")
                && !radio.has_attribute("disabled")
                && let Some(v) = radio.get_attribute("data-value")
            {
                writer.set(Value::from(v));
            }
        }),
    );
    let root = el.clone();
    crate::dom::listen_many(
        &cx.owner,
        &el,
        &["keydown"],
        Box::new(move |event| {
            let radios: Vec<Element> = bound::all(&root, "[role=radio]:not([disabled])");
            let current = bound::target(&event, "[role=radio]")
                .and_then(|r| radios.iter().position(|x| *x == r));
            let key = bound::key(&event);
            if let Some(next) = bound::step_index(&key, current, radios.len(), true)
                && let Some(radio) = radios.get(next)
            {
                event.prevent_default();
                if let Some(html) = radio.dyn_ref::<HtmlElement>() {
                    dom::report(html.focus());
                    html.click();
                }
            }
        }),
    );
    Ok(el.into())
}
