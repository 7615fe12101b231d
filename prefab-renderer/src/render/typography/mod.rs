//! The `typography` family: text-like components (`Text`, `P`, `Span`, `Heading`/`H1`–`H4`,
//! `Muted`, `Small`, `Lead`, `Large`, `Code`, `InlineCode`, `BlockQuote`, `Kbd`, `Label`) are
//! rows of plain data; `Link` and `Markdown` (`markdown.rs`) are functions. Text is always
//! set as `textContent`.
mod markdown;

use super::Render::With;
use super::plain::{Plain, Prop, Touch, bind_content};
use super::{Row, base, child_nodes};
use crate::cx::Cx;
use crate::dom;
use crate::dom::Node;
use crate::node::{optional_text, prop};
use prefab::expr::Value;

/// The family's rows.
pub const ROWS: &[Row] = &[
    // An inline `<span>`, as prefab-ui's renderer draws it (`Text` then a `Button` share a line).
    ("Text", Plain::new("span").text(Prop::Content).row()),
    ("H1", Plain::new("h1").class("").text(Prop::Content).row()),
    ("H2", Plain::new("h2").class("").text(Prop::Content).row()),
    ("H3", Plain::new("h3").class("").text(Prop::Content).row()),
    ("H4", Plain::new("h4").class("").text(Prop::Content).row()),
    (
        "Heading",
        Plain::new("h1")
            .class("")
            .text(Prop::Content)
            .touch(Touch::Heading)
            .row(),
    ),
    ("P", Plain::new("p").text(Prop::Content).row()),
    ("Lead", Plain::new("p").text(Prop::Content).row()),
    ("Large", Plain::new("div").text(Prop::Content).row()),
    ("Small", Plain::new("small").text(Prop::Content).row()),
    ("Muted", Plain::new("p").text(Prop::Content).row()),
    (
        "BlockQuote",
        Plain::new("blockquote")
            .class("pf-blockquote")
            .text(Prop::Content)
            .grid()
            .row(),
    ),
    (
        "InlineCode",
        Plain::new("code").text(Prop::Content).grid().row(),
    ),
    // A code block (`<pre>`), as prefab-ui's renderer draws it (without its highlighting).
    ("Code", Plain::new("pre").text(Prop::Content).row()),
    ("Markdown", With(markdown::render)),
    (
        "Span",
        Plain::new("span").class("").text(Prop::Content).row(),
    ),
    ("Link", With(link)),
    (
        "Label",
        Plain::new("label")
            .text(Prop::Text)
            .touch(Touch::Label)
            .row(),
    ),
    ("Kbd", Plain::new("kbd").text(Prop::Label).grid().row()),
];

/// `Link`: an anchor whose `href` passed [`crate::url::safe_link`]; clicks go through the
/// host (`ui/open-link`) when one is connected.
fn link(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    optional_text(node, "content", "Link")?;
    let el = dom::element("a");
    base(cx, &el, node, "pf-link");
    dom::set_attr(&el, "rel", "noopener noreferrer");
    dom::set_attr(&el, "target", "_blank");
    let target = el.clone();
    cx.bind_text(
        prop(node, "href"),
        move |href| match crate::url::safe_link(href) {
            Some(url) => dom::set_attr(&target, "href", &url),
            None => {
                dom::report(target.remove_attribute("href"));
            }
        },
    );
    let content = prop(node, "content");
    if !content.is_nullish() {
        bind_content(cx, &el, content);
    }
    child_nodes(cx, &el, node, path)?;
    let anchor = el.clone();
    dom::listen(&cx.owner, &el, "click", move |event| {
        let Some(href) = anchor.get_attribute("href") else {
            event.prevent_default();
            return;
        };
        if crate::bridge::is_connected() {
            event.prevent_default();
            crate::actions::open_link(&href, Box::new(|_| {}));
        }
    });
    Ok(el.into())
}
