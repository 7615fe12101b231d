//! `Input` and `Textarea`. Inputs are two-way bound to `state[name]` through the
//! shared [`Bound`] helper: typing writes the state (then runs `onChange` with `$event` =
//! the text), and a state change writes the element only when its value differs, so focus
//! and caret stay put.
use super::bound::{Bound, attrs, bind_label, flags};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{HtmlInputElement, HtmlTextAreaElement, Node};
use crate::node::{optional_text, prop};
use crate::render::base;
use prefab::expr::Value;

/// `Input` or `Textarea`, bound through [`Bound`]. Type `file` writes
/// `FileUpload[]` (see `files::read_files`).
pub fn input(cx: &Cx, ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let multiline = ty == "Textarea";
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
    // A number without a `step` takes any number (the browser's default step, 1, would
    // refuse 42.5; a document wanting whole numbers says `step: 1`, set below). prefab-ui
    // leaves the default: see COMPATIBILITY.md.
    if input_type == "number" {
        dom::set_attr(&el, "step", "any");
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

    // The browser's date and time inputs show a value with a zone by its digits.
    let zone_free = match input_type {
        "date" => 1,
        "time" => 2,
        "datetime-local" => 3,
        _ => 0,
    };
    bind(cx, &el, state, file, zone_free);
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
fn bind(cx: &Cx, el: &crate::dom::Element, state: Bound, file: bool, zone_free: u8) {
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
                    super::files::read_files(&list, "", 0.0, done);
                }
            }),
        );
    } else {
        // state → element (only when it differs, so focus and caret stay put)
        let target = el.clone();
        state.watch(Box::new(move |v| {
            set_value(
                &target,
                &wall_clock(zone_free, &crate::template::display(v)),
            )
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

fn get_value(el: &crate::dom::Element) -> String {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.value()
    } else if let Some(area) = el.dyn_ref::<HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}

fn set_value(el: &crate::dom::Element, text: &str) {
    if get_value(el) == text {
        return;
    }
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.set_value(text);
    } else if let Some(area) = el.dyn_ref::<HtmlTextAreaElement>() {
        area.set_value(text);
    }
}

/// The text a `date` (`kind` 1), `time` (2) or `datetime-local` (3) input shows for an ISO
/// date-time with a zone (`2025-12-15T17:00:00Z`), which those inputs would reject and show
/// empty: its digits as written, the zone dropped (the date, the time, or both), as A2UI
/// renderers show it. Any other text or `kind` (0) is unchanged.
fn wall_clock(kind: u8, text: &str) -> String {
    let Some((date, time)) = text.split_once('T').filter(|_| kind > 0) else {
        return text.into();
    };
    let end = (time.bytes())
        .position(|b| matches!(b, b'Z' | b'z' | b'+' | b'-'))
        .unwrap_or(time.len());
    let time = time.get(..end).unwrap_or(time);
    match kind {
        1 => date.into(),
        2 => time.into(),
        _ => [date, "T", time].concat(),
    }
}
