//! `Button`, `Input` and `Textarea`. Inputs are two-way bound to `state[name]` through the
//! shared [`Bound`] helper: typing writes the state (then runs `onChange` with `$event` =
//! the text), and a state change writes the element only when its value differs, so focus
//! and caret stay put.
use super::input::bound::{Bound, attrs, bind_label, flags};
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
    bind_label(cx, &el, prop(node, "label"));
    flags(cx, &el, node, &[("disabled", "disabled")]);
    let on_click = prop(node, "onClick").clone();
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

/// `Input` (or `Textarea` when `multiline`), bound through [`Bound`]. Type `file` writes
/// `FileUpload[]` (see `input::read_files`).
pub fn input(cx: &Cx, node: &Value, _path: &str, multiline: bool) -> Result<Node, String> {
    let ty = if multiline { "Textarea" } else { "Input" };
    for key in ["name", "placeholder", "value"] {
        optional_text(node, key, ty)?;
    }
    let input_type = prop(node, "inputType").as_str().unwrap_or("text");
    let file = !multiline && input_type == "file";
    let state = Bound::new(
        cx,
        node,
        if multiline { "textarea" } else { "input" },
        prop(node, "value").clone(),
    );
    let el = dom::element(if multiline { "textarea" } else { "input" });
    let id = state.id(node);
    dom::set_attr(&el, "id", &id);
    base(
        cx,
        &el,
        node,
        if multiline {
            "pf-input pf-textarea"
        } else {
            "pf-input"
        },
    );
    dom::set_attr(&el, "name", &state.name);
    if !multiline {
        dom::set_attr(&el, "type", input_type);
    }
    attrs(
        cx,
        &el,
        node,
        &[
            ("placeholder", "placeholder"),
            ("minLength", "minlength"),
            ("maxLength", "maxlength"),
            ("min", "min"),
            ("max", "max"),
            ("step", "step"),
            ("pattern", "pattern"),
            ("rows", "rows"),
            ("accept", "accept"),
        ],
    );
    flags(
        cx,
        &el,
        node,
        &[
            ("disabled", "disabled"),
            ("readOnly", "readonly"),
            ("required", "required"),
            ("multiple", "multiple"),
        ],
    );

    bind(cx, &el, state, file);
    // A `label` prop adds a <label for> before the control.
    let label = prop(node, "label");
    if label.is_nullish() {
        return Ok(el.into());
    }
    let wrap = dom::element_with_class("div", "pf-field");
    let caption = dom::element_with_class("label", "pf-label");
    dom::set_attr(&caption, "for", &id);
    bind_label(cx, &caption, label);
    dom::append(&wrap, &caption);
    dom::append(&wrap, &el);
    Ok(wrap.into())
}

/// Two-way binding: a `file` input writes its `FileUpload[]` on `change`; any other input
/// shows the state (only when it differs, so focus and caret stay put) and writes it on
/// `input`, then runs `onChange`.
fn bind(cx: &Cx, el: &web_sys::Element, state: Bound, file: bool) {
    if file {
        let (source, writer) = (el.clone(), state.clone());
        crate::dom::listen_many(
            &cx.owner,
            el,
            &["change"],
            Box::new(move |_| {
                if let Some(list) = source
                    .dyn_ref::<HtmlInputElement>()
                    .and_then(HtmlInputElement::files)
                {
                    let writer = writer.clone();
                    let done = Box::new(move |files| writer.set(Value::from(files)));
                    super::input::read_files(&list, "", 0.0, done);
                }
            }),
        );
    } else {
        // state → element (only when it differs, so focus and caret stay put)
        let target = el.clone();
        state.watch(Box::new(move |v| {
            set_value(&target, &crate::template::display(v))
        }));
        // element → state, then onChange
        let source = el.clone();
        crate::dom::listen_many(
            &cx.owner,
            el,
            &["input"],
            Box::new(move |_| {
                state.set(Value::from(get_value(&source)));
            }),
        );
    }
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
