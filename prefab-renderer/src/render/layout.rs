//! Containers: `Div`, `Column`, `Row`, `Grid`, `Container`, the `Card` family, `Form`, and
//! `Tab`/`AccordionItem`/`Page` found outside their parent.
use super::{base, children};
use crate::cx::Cx;
use crate::dom;
use crate::node::prop;
use prefab::expr::Value;
use web_sys::Node;

/// Renders a container type, or `None` if `ty` is not one.
pub fn container(cx: &Cx, ty: &str, node: &Value, path: &str) -> Option<Result<Node, String>> {
    let (tag, class) = match ty {
        "Div" => ("div", ""),
        "Column" => ("div", "pf-column"),
        "Row" => ("div", "pf-row"),
        "Grid" => ("div", "pf-grid"),
        "Container" => ("div", "pf-container"),
        "Card" => ("section", "pf-card"),
        "CardHeader" => ("div", "pf-card-header"),
        "CardContent" => ("div", "pf-card-content"),
        "CardFooter" => ("div", "pf-card-footer"),
        "Form" => ("form", "pf-column"),
        // Outside their parent (`Tabs`, `Accordion`, `Pages` read them directly), the parts
        // show their content.
        "Tab" => ("div", "pf-tab-content"),
        "AccordionItem" => ("div", "pf-accordion-item"),
        "Page" => ("div", "pf-page"),
        _ => return None,
    };
    let el = dom::element(tag);
    base(cx, &el, node, class);
    if ty == "Grid" {
        super::display::grid_styles(cx, &el, node);
    }
    if ty == "Form" {
        let on_submit = prop(node, "onSubmit").clone();
        let action_cx = cx.clone();
        dom::listen(&cx.owner, &el, "submit", move |event| {
            event.prevent_default();
            if !on_submit.is_nullish() {
                crate::actions::run(&action_cx, &on_submit, Value::Undefined);
            }
        });
    }
    Some(children(cx, &el, prop(node, "children"), &format!("{path}.children")).map(|()| el.into()))
}
