//! From `$prefab` component nodes to DOM, with fine-grained bindings.
//!
//! Each node is rendered once. Props that hold templates (`{{ … }}`) get an effect that
//! re-evaluates them and patches only that text or attribute when a key they read changes;
//! the tree itself is never rebuilt on a state change (so an `Input` keeps focus and caret).
//! Structural nodes (`Condition`, `ForEach`, `Slot`) own child scopes that they swap.
//!
//! Tolerance: a node that is not valid renders an error box naming its JSON path; an
//! unknown `type` renders a placeholder; siblings render normally.
mod accordion;
mod carousel;
mod chart;
mod control;
mod display;
mod form;
pub mod icons;
mod input;
mod layout;
mod markdown;
mod media;
mod overlay;
mod sortable;
mod svg;
mod table;
mod tabs;
mod text;
mod widget;

use crate::cx::Cx;
use crate::dom;
use crate::node::{kind, prop};
use crate::template::{self, Frame};
pub use media::set_frame_domains;
use prefab::expr::Value;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// Renders one node (any JSON value from the wire) at JSON path `path`.
#[must_use]
pub fn node(cx: &Cx, node: &Value, path: &str) -> Node {
    let Value::Object(_) = node else {
        return dom::error_box(
            path,
            &format!("expected a component object, got {}", kind(node)),
        )
        .into();
    };
    if !prop(node, "$ref").is_nullish() {
        return control::reference(cx, node, path);
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
    let rendered: Result<Node, String> = match ty {
        "Condition" => control::condition(cx, node, path),
        "ForEach" => control::for_each(cx, node, path),
        "Slot" => control::slot(cx, node, path),
        "DataTable" => table::data_table(cx, node, path),
        "Button" => form::button(cx, node, path),
        "Input" => form::input(cx, node, path, false),
        "Textarea" => form::input(cx, node, path, true),
        "Tabs" => tabs::tabs(cx, node, path, true),
        "Pages" => tabs::tabs(cx, node, path, false),
        "Accordion" => accordion::accordion(cx, node, path),
        "Carousel" => carousel::carousel(cx, node, path),
        "Dialog" | "Popover" | "Tooltip" | "HoverCard" => overlay::overlay(cx, ty, node, path),
        "BarChart" | "LineChart" | "AreaChart" | "PieChart" | "RadarChart" | "RadialChart"
        | "ScatterChart" | "WaterfallChart" | "Histogram" | "Sparkline" => {
            chart::chart(cx, ty, node)
        }
        "Field" | "FieldContent" | "FieldTitle" | "FieldDescription" | "FieldError"
        | "ChoiceCard" | "ButtonGroup" | "Checkbox" | "Switch" | "Radio" | "RadioGroup"
        | "Slider" | "Select" | "SelectGroup" | "SelectLabel" | "SelectSeparator"
        | "SelectOption" | "Combobox" | "ComboboxGroup" | "ComboboxLabel" | "ComboboxSeparator"
        | "ComboboxOption" | "Calendar" | "DatePicker" | "DropZone" => {
            input::render(cx, ty, node, path).unwrap_or_else(|| Ok(unknown(ty, path)))
        }
        "Sortable" | "SortableGroup" | "SortableItem" => sortable::sortable(cx, ty, node, path),
        _ => match layout::container(cx, ty, node, path) {
            Some(result) => result,
            None => match text::text(cx, ty, node, path) {
                Some(result) => result,
                None => family(cx, ty, node, path),
            },
        },
    };
    match rendered {
        Ok(node) => node,
        Err(message) => dom::error_box(path, &message).into(),
    }
}

/// The display, media and markup families (`display.rs`, `media.rs`, `icons.rs`,
/// `svg.rs`, `markdown.rs`), or the unknown-type placeholder.
fn family(cx: &Cx, ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    match ty {
        "Icon" => icons::render(cx, node),
        "Svg" => svg::render(cx, node),
        "Markdown" => markdown::render(cx, node),
        _ => display::display(cx, ty, node, path)
            .or_else(|| media::media(cx, ty, node))
            .unwrap_or_else(|| Ok(unknown(ty, path))),
    }
}

/// Renders `children` (an array, or absent) into `parent`.
pub fn children(cx: &Cx, parent: &Element, list: &Value, path: &str) -> Result<(), String> {
    match list {
        Value::Undefined | Value::Null => Ok(()),
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let child = node(cx, child, &format!("{path}[{i}]"));
                dom::append(parent, &child);
            }
            Ok(())
        }
        other => Err(format!("{path} must be an array, got {}", kind(other))),
    }
}

/// Applies the base props every component accepts: `id`, `cssClass` (after `base_class`),
/// `ariaLabel`, `ariaLabelledBy`, `style`, then runs `onMount`.
pub fn base(cx: &Cx, el: &Element, node: &Value, base_class: &str) {
    let class_raw = prop(node, "cssClass").clone();
    let base_class = base_class.to_string();
    let target = el.clone();
    if class_raw.is_nullish() {
        if !base_class.is_empty() {
            el.set_class_name(&base_class);
        }
    } else {
        cx.bind_text(&class_raw, move |extra| {
            crate::classes::note(extra);
            let class = match (base_class.is_empty(), extra.is_empty()) {
                (_, true) => base_class.clone(),
                (true, false) => extra.to_string(),
                (false, false) => format!("{base_class} {extra}"),
            };
            target.set_class_name(&class);
        });
    }
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
                && let Some(html) = target.dyn_ref::<web_sys::HtmlElement>()
            {
                for (k, v) in map.iter() {
                    let _ = html
                        .style()
                        .set_property(&css_property(k), &template::display(v));
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
        if let Some(window) = web_sys::window() {
            window.queue_microtask(run.unchecked_ref());
        }
    }
}

/// `backgroundColor` → `background-color` (custom properties `--x` unchanged).
fn css_property(key: &str) -> String {
    if key.starts_with("--") || !key.bytes().any(|b| b.is_ascii_uppercase()) {
        return key.to_string();
    }
    let mut out = String::with_capacity(key.len() + 4);
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

fn unknown(ty: &str, path: &str) -> Node {
    let el = dom::element_with_class("div", "pf-unknown");
    dom::set_attr(&el, "data-type", ty);
    dom::set_attr(&el, "data-path", path);
    el.set_text_content(Some(&format!("Unknown component \"{ty}\"")));
    el.into()
}
