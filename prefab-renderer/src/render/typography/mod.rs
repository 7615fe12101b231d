//! The `typography` family: text-like components (`Text`, `P`, `Span`, `Heading`/`H1`–`H4`,
//! `Muted`, `Small`, `Lead`, `Large`, `Code`, `InlineCode`, `BlockQuote`, `Kbd`, `Label`) are
//! rows of plain data; `Link` and `Markdown` (`markdown.rs`) are functions. Text is always
//! set as `textContent`.
mod markdown;

use super::Render::With;
use super::plain::{Plain, bind_content};
use super::{Row, base, children};
use crate::cx::Cx;
use crate::dom;
use crate::node::{optional_text, prop};
use prefab::expr::Value;
use web_sys::Node;

/// The family's rows (`Heading` takes its tag from `level` in `plain::element`).
pub const ROWS: &[Row] = &[
    ("Text", Plain::new("p", "pf-text").text("content").row()),
    ("H1", Plain::new("h1", "").text("content").row()),
    ("H2", Plain::new("h2", "").text("content").row()),
    ("H3", Plain::new("h3", "").text("content").row()),
    ("H4", Plain::new("h4", "").text("content").row()),
    ("Heading", Plain::new("h1", "").text("content").row()),
    ("P", Plain::new("p", "pf-p").text("content").row()),
    ("Lead", Plain::new("p", "pf-lead").text("content").row()),
    ("Large", Plain::new("div", "pf-large").text("content").row()),
    (
        "Small",
        Plain::new("small", "pf-small").text("content").row(),
    ),
    ("Muted", Plain::new("p", "pf-muted").text("content").row()),
    (
        "BlockQuote",
        Plain::new("blockquote", "pf-blockquote")
            .text("content")
            .grid()
            .row(),
    ),
    (
        "InlineCode",
        Plain::new("code", "pf-inline-code")
            .text("content")
            .grid()
            .row(),
    ),
    ("Code", Plain::new("code", "pf-code").text("content").row()),
    ("Markdown", With(markdown::render)),
    ("Span", Plain::new("span", "").text("content").row()),
    ("Link", With(link)),
    ("Label", Plain::new("label", "pf-label").text("text").row()),
    (
        "Kbd",
        Plain::new("kbd", "pf-kbd").text("label").grid().row(),
    ),
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
                let _ = target.remove_attribute("href");
            }
        },
    );
    let content = prop(node, "content");
    if !content.is_nullish() {
        bind_content(cx, &el, content);
    }
    children(cx, &el, prop(node, "children"), &format!("{path}.children"))?;
    let anchor = el.clone();
    dom::listen(&cx.owner, &el, "click", move |event| {
        let Some(href) = anchor.get_attribute("href") else {
            event.prevent_default();
            return;
        };
        if crate::bridge::is_connected() {
            event.prevent_default();
            crate::actions::open_link(&href, |_| {});
        }
    });
    Ok(el.into())
}
