//! Text-like components: `Text`, `P`, `Span`, `Heading`/`H1`–`H4`, `Muted`, `Small`, `Lead`,
//! `Large`, `Code`, `CardTitle`, `CardDescription`, `Badge`, `Label`, `Link`, `Separator`,
//! `Alert`/`AlertTitle`/`AlertDescription`, `Metric`. Text is always set as `textContent`.
use super::{Cx, base, children, optional_text, prop};
use crate::dom;
use prefab::expr::Value;
use web_sys::{Element, Node};

/// Renders a text-like type, or `None` if `ty` is not one.
pub fn text(cx: &Cx, ty: &str, node: &Value, path: &str) -> Option<Result<Node, String>> {
    let (tag, class, field) = match ty {
        "Text" | "P" => ("p", "pf-text", "content"),
        "Span" => ("span", "", "content"),
        "Muted" => ("p", "pf-muted", "content"),
        "Small" => ("small", "", "content"),
        "Lead" => ("p", "pf-lead", "content"),
        "Large" => ("div", "pf-large", "content"),
        "Code" => ("code", "pf-code", "content"),
        "H1" => ("h1", "", "content"),
        "H2" => ("h2", "", "content"),
        "H3" => ("h3", "", "content"),
        "H4" => ("h4", "", "content"),
        "Heading" => (heading_tag(prop(node, "level")), "", "content"),
        "CardTitle" => ("h3", "pf-card-title", "content"),
        "CardDescription" => ("p", "pf-muted", "content"),
        "AlertTitle" => ("div", "pf-alert-title", "content"),
        "AlertDescription" => ("div", "pf-alert-description", "content"),
        "Badge" => ("span", "pf-badge", "label"),
        "Label" => ("label", "pf-label", "text"),
        "Alert" => ("div", "pf-alert", "title"),
        "Link" => return Some(link(cx, node, path)),
        "Metric" => return Some(metric(cx, node)),
        "Separator" => {
            let el = dom::element("hr");
            base(cx, &el, node, "pf-separator");
            return Some(Ok(el.into()));
        }
        _ => return None,
    };
    Some(render(cx, ty, tag, class, field, node, path))
}

fn heading_tag(level: &Value) -> &'static str {
    match level.to_number() as i64 {
        2 => "h2",
        3 => "h3",
        4 => "h4",
        5 => "h5",
        6 => "h6",
        _ => "h1",
    }
}

fn render(
    cx: &Cx,
    ty: &str,
    tag: &str,
    class: &str,
    field: &str,
    node: &Value,
    path: &str,
) -> Result<Node, String> {
    optional_text(node, field, ty)?;
    let el = dom::element(tag);
    base(cx, &el, node, class);
    if let Some(variant) = prop(node, "variant").as_str() {
        dom::set_attr(&el, "data-variant", variant);
    }
    if ty == "Alert" {
        dom::set_attr(&el, "role", "alert");
    }
    if ty == "Label"
        && let Some(for_id) = prop(node, "forId").as_str()
    {
        dom::set_attr(&el, "for", for_id);
    }
    let content = prop(node, field);
    if !content.is_nullish() {
        bind_content(cx, &el, content);
    }
    // Text with inline children (`Text("a ", Span(..))`) and containers like Badge/Label.
    children(cx, &el, prop(node, "children"), &format!("{path}.children"))?;
    Ok(el.into())
}

/// Sets the element's text from `content`, re-evaluated when it is a template. A text node
/// is used so that inline children after it are kept.
pub(super) fn bind_content(cx: &Cx, el: &Element, content: &Value) {
    let text = dom::text("");
    dom::append(el, &text);
    cx.bind_text(content, move |s| text.set_text_content(Some(s)));
}

/// `Link`: an anchor whose `href` passed [`crate::url::safe_link`]; clicks go through the
/// host (`ui/open-link`) when one is connected.
fn link(cx: &Cx, node: &Value, path: &str) -> Result<Node, String> {
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

/// `Metric`: `label`, `value`, optional `delta` and `trend`, each its own text node.
fn metric(cx: &Cx, node: &Value) -> Result<Node, String> {
    for key in ["label", "value", "delta"] {
        optional_text(node, key, "Metric")?;
    }
    let el = dom::element("div");
    base(cx, &el, node, "pf-metric");
    if let Some(trend) = prop(node, "trend").as_str() {
        dom::set_attr(&el, "data-trend", trend);
    }
    for (key, class) in [
        ("label", "pf-metric-label pf-muted"),
        ("value", "pf-metric-value"),
        ("delta", "pf-metric-delta"),
    ] {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let part = dom::element_with_class("div", class);
            bind_content(cx, &part, raw);
            dom::append(&el, &part);
        }
    }
    Ok(el.into())
}
