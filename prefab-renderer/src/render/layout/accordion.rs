//! `Accordion` (children `AccordionItem`): sections whose header button toggles the body.
//!
//! Open sections start from `defaultValues` (panel values, see `layout::panels`); without
//! `multiple` opening one closes the others. Like prefab-ui's renderer (Base UI), an open
//! section can always be closed. Each header is a `<button aria-expanded aria-controls>`
//! inside an `<h3>`, so Enter and Space work natively; the body is a labelled `region`.
use super::panels;
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Event, Node};
use crate::node::prop;
use crate::render::base;
use crate::render::widget::{ensure_id, hit, on, show_text};
use crate::template;
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// `Accordion`.
pub fn accordion(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let items = panels(cx, node, path)?;
    let multiple = prop(node, "multiple").truthy();
    let open: Vec<String> = match prop(node, "defaultValues") {
        Value::Array(values) => values.iter().map(template::display).collect(),
        _ => Vec::new(),
    };
    let root = dom::element("div");
    base(cx, &root, node, "pf-accordion");
    let mut sections = Vec::with_capacity(items.len());
    for item in &items {
        let section = dom::element_with_class("div", "pf-accordion-item");
        let heading = dom::element_with_class("h3", "pf-accordion-header");
        let button = dom::element("button");
        base(cx, &button, item.node, "pf-accordion-trigger");
        dom::set_attr(&button, "type", "button");
        dom::set_attr(&button, "data-value", &item.value);
        let label = dom::element("span");
        show_text(cx, &label, prop(item.node, "title"));
        dom::append(&button, &label);
        let chevron = dom::element_with_class("span", "pf-accordion-chevron");
        dom::set_attr(&chevron, "aria-hidden", "true");
        dom::append(&button, &chevron);
        let body = dom::element_with_class("div", "pf-accordion-content");
        dom::set_attr(&body, "role", "region");
        dom::set_attr(&body, "aria-labelledby", &ensure_id(&button));
        dom::set_attr(&button, "aria-controls", &ensure_id(&body));
        let inner = dom::element_with_class("div", "pf-accordion-content-inner");
        crate::render::children(
            cx,
            &inner,
            prop(item.node, "children"),
            &(item.path.clone() + ".children"),
        )?;
        dom::append(&body, &inner);
        dom::append(&heading, &button);
        dom::append(&section, &heading);
        dom::append(&section, &body);
        dom::append(&root, &section);
        sections.push((section, button, body, item.value.clone()));
    }
    let apply = move |open: &[String]| {
        for (section, button, body, value) in &sections {
            let on = open.contains(value);
            dom::set_attr(section, "data-state", if on { "open" } else { "closed" });
            dom::set_attr(button, "aria-expanded", if on { "true" } else { "false" });
            dom::toggle_attr(body, "hidden", !on);
        }
    };
    apply(&open);
    let open = Rc::new(RefCell::new(open));
    let own = root.clone();
    let click = move |event: Event| {
        // The trigger clicked, if it belongs to this accordion (not a nested one).
        let Some(value) = hit(&event, ".pf-accordion-trigger")
            .filter(|b| b.closest(".pf-accordion").ok().flatten().as_ref() == Some(&own))
            .and_then(|b| b.get_attribute("data-value"))
        else {
            return;
        };
        let mut open = open.borrow_mut();
        if let Some(at) = open.iter().position(|v| *v == value) {
            open.remove(at);
        } else {
            if !multiple {
                open.clear();
            }
            open.push(value);
        }
        apply(&open);
    };
    on(cx, &root, "click", Box::new(click));
    Ok(root.into())
}
