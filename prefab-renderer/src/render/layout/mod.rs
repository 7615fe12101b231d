//! The `layout` family: containers (`Column`, `Row`, `Grid`, `Div`, `Container`,
//! `Dashboard`, `Detail`, …) are rows of plain data, as are `Tab`/`AccordionItem`/`Page`
//! found outside their parent (they show their content); `Separator` is a function, and
//! `Tabs`/`Pages` (`tabs.rs`), `Accordion` (`accordion.rs`) and `Carousel` (`carousel.rs`)
//! are stateful widgets. `ButtonGroup` is a passive part drawn by the form family.
mod accordion;
mod carousel;
mod tabs;

use super::Render::With;
use super::plain::{Plain, Prop, Role, Touch};
use super::widget::{child_list, child_path};
use super::{Row, base};
use crate::cx::Cx;
use crate::dom;
use crate::dom::Node;
use crate::node::prop;
use crate::template;
use prefab::expr::Value;

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Column", Plain::new("div").row()),
    ("Row", Plain::new("div").row()),
    ("Grid", Plain::new("div").grid().row()),
    ("GridItem", Plain::new("div").grid().row()),
    ("Div", Plain::new("div").class("").row()),
    ("Container", Plain::new("div").row()),
    ("Dashboard", Plain::new("div").grid().row()),
    ("DashboardItem", Plain::new("div").grid().row()),
    ("Separator", With(separator)),
    (
        "ButtonGroup",
        super::form::part("div", Prop::None, Role::Group)
            .touch(Touch::Orientation)
            .row(),
    ),
    ("Carousel", With(carousel::carousel)),
    ("Accordion", With(accordion::accordion)),
    ("AccordionItem", Plain::new("div").row()),
    ("Tabs", With(tabs::tabs)),
    ("Tab", Plain::new("div").class("pf-tab-content").row()),
    ("Pages", With(tabs::tabs)),
    ("Page", Plain::new("div").row()),
    (
        "Detail",
        Plain::new("div").touch(Touch::Detail).grid().row(),
    ),
    ("MasterDetail", Plain::new("div").grid().row()),
];

/// `Separator`: an `<hr>`, horizontal unless `orientation` is `vertical`.
fn separator(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let el = dom::element("hr");
    let class = if prop(node, "orientation").as_str() == Some("vertical") {
        "pf-separator pf-separator-vertical"
    } else {
        "pf-separator pf-separator-horizontal"
    };
    base(cx, &el, node, class);
    Ok(el.into())
}

/// One child of `Tabs`/`Accordion`/`Pages`.
pub struct Panel<'a> {
    /// The child node (`Tab`, `AccordionItem`, `Page`).
    pub node: &'a Value,
    /// Its value: `value ?? title ?? "item-<i>"`.
    pub value: String,
    /// JSON path of the child.
    pub path: String,
}

/// The panels of a `Tabs`/`Accordion`/`Pages` node.
fn panels<'a>(cx: &Cx, node: &'a Value, path: &str) -> Result<Vec<Panel<'a>>, String> {
    let items = child_list(node, path)?;
    let mut out = Vec::with_capacity(items.len());
    for (i, child) in items.iter().enumerate() {
        let path = child_path(path, i);
        if !matches!(child, Value::Object(_)) {
            return Err(crate::text::fill(
                "{} must be a component object, got {}",
                &[&path, crate::node::kind(child)],
            ));
        }
        crate::node::optional_text(child, "title", "panel")?;
        let raw = [prop(child, "value"), prop(child, "title")]
            .into_iter()
            .find(|v| !v.is_nullish());
        let value = match raw {
            Some(v) => template::display(&template::interpolate(v, &*cx.frame)),
            None => "item-".to_string() + i.to_string().as_str(),
        };
        out.push(Panel {
            node: child,
            value,
            path,
        });
    }
    Ok(out)
}
