//! `Button`, `Input` and `Textarea`. Inputs are two-way bound to `state[name]`: typing
//! writes the state (then runs `onChange` with `$event` = the text), and a state change
//! writes the element only when its value differs, so focus and caret stay put.
use super::{Cx, base, optional_text, prop};
use crate::dom;
use prefab::expr::Value;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement, Node};

/// `Button`: `label`, `variant`, `size`, `disabled`, `buttonType`, `onClick`.
pub fn button(cx: &Cx, node: &Value, _path: &str) -> Result<Node, String> {
    optional_text(node, "label", "Button")?;
    let el = dom::element("button");
    // `pf-button pf-button-variant-<v> pf-button-size-<s>`, the hooks of prefab-ui's renderer.
    let variant = prop(node, "variant").as_str().unwrap_or("default");
    let size = prop(node, "size").as_str().unwrap_or("default");
    let mut class = super::text::variant_class("pf-button", variant);
    class.push_str(" pf-button-size-");
    class.push_str(size);
    base(cx, &el, node, &class);
    let button_type = prop(node, "buttonType").as_str().unwrap_or("button");
    dom::set_attr(&el, "type", button_type);
    dom::set_attr(&el, "data-variant", variant);
    dom::set_attr(&el, "data-size", size);
    let label = dom::text("");
    dom::append(&el, &label);
    cx.bind_text(prop(node, "label"), move |s| {
        label.set_text_content(Some(s))
    });
    let disabled = prop(node, "disabled");
    if !disabled.is_nullish() {
        let target = el.clone();
        cx.bind(disabled, move |v| {
            dom::toggle_attr(&target, "disabled", v.truthy())
        });
    }
    let on_click = prop(node, "onClick").clone();
    if !on_click.is_nullish() {
        let action_cx = cx.clone();
        dom::listen(&cx.owner, &el, "click", move |_| {
            crate::actions::run(&action_cx, &on_click, Value::Undefined);
        });
    }
    Ok(el.into())
}

/// `Input` (or `Textarea` when `multiline`).
pub fn input(cx: &Cx, node: &Value, _path: &str, multiline: bool) -> Result<Node, String> {
    let ty = if multiline { "Textarea" } else { "Input" };
    for key in ["name", "placeholder", "value"] {
        optional_text(node, key, ty)?;
    }
    let name = match prop(node, "name").as_str() {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => cx.shared.auto_name(&ty.to_ascii_lowercase()),
    };
    let el = dom::element(if multiline { "textarea" } else { "input" });
    base(cx, &el, node, "pf-input");
    dom::set_attr(&el, "name", &name);
    if !multiline {
        dom::set_attr(
            &el,
            "type",
            prop(node, "inputType").as_str().unwrap_or("text"),
        );
    }
    for (key, attr) in [
        ("placeholder", "placeholder"),
        ("minLength", "minlength"),
        ("maxLength", "maxlength"),
        ("min", "min"),
        ("max", "max"),
        ("step", "step"),
        ("pattern", "pattern"),
        ("rows", "rows"),
    ] {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let target = el.clone();
            cx.bind_text(raw, move |v| dom::set_attr(&target, attr, v));
        }
    }
    for (key, attr) in [
        ("disabled", "disabled"),
        ("readOnly", "readonly"),
        ("required", "required"),
    ] {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let target = el.clone();
            cx.bind(raw, move |v| dom::toggle_attr(&target, attr, v.truthy()));
        }
    }

    // Seed the state on first render (a literal `value`, not a template).
    let store = cx.frame.store().clone();
    if store.peek_path(&name).is_none()
        && let Value::String(initial) = prop(node, "value")
        && !initial.contains("{{")
    {
        let _ = store.set_path(&name, Value::String(initial.clone()));
    }

    // state → element
    let target = el.clone();
    let read_store = store.clone();
    let read_name = name.clone();
    cx.owner.effect(move || {
        let text = read_store
            .get_path(&read_name)
            .map(|v| crate::template::display(&v))
            .unwrap_or_default();
        set_value(&target, &text);
    });

    // element → state, then onChange
    let on_change = prop(node, "onChange").clone();
    let action_cx = cx.clone();
    let source = el.clone();
    dom::listen(&cx.owner, &el, "input", move |_| {
        let text = get_value(&source);
        if let Err(e) = store.set_path(&name, Value::from(text.as_str())) {
            crate::log::warn(&e);
        }
        if !on_change.is_nullish() {
            crate::actions::run(&action_cx, &on_change, Value::from(text));
        }
    });
    // A `label` prop wraps the control in a <label>, which associates the two.
    let label = prop(node, "label");
    if label.is_nullish() {
        return Ok(el.into());
    }
    let wrap = dom::element_with_class("label", "pf-field");
    let caption = dom::element_with_class("span", "pf-label");
    let target = caption.clone();
    cx.bind_text(label, move |s| target.set_text_content(Some(s)));
    dom::append(&wrap, &caption);
    dom::append(&wrap, &el);
    Ok(wrap.into())
}

fn get_value(el: &web_sys::Element) -> String {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.value()
    } else if let Some(area) = el.dyn_ref::<HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}

fn set_value(el: &web_sys::Element, text: &str) {
    if get_value(el) == text {
        return;
    }
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.set_value(text);
    } else if let Some(area) = el.dyn_ref::<HtmlTextAreaElement>() {
        area.set_value(text);
    }
}
