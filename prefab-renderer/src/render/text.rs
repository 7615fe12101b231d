//! Text-like components: `Text`, `P`, `Span`, `Heading`/`H1`–`H4`, `Muted`, `Small`, `Lead`,
//! `Large`, `Code`, `CardTitle`, `CardDescription`, `Badge`, `Label`, `Link`, `Separator`,
//! `Alert`/`AlertTitle`/`AlertDescription`, `Metric`. Text is always set as `textContent`.
use super::{Cx, base, children, optional_text, prop};
use crate::dom;
use crate::template;
use prefab::expr::Value;
use web_sys::{Element, Node};

/// Renders a text-like type, or `None` if `ty` is not one.
pub fn text(cx: &Cx, ty: &str, node: &Value, path: &str) -> Option<Result<Node, String>> {
    let (tag, class, field) = match ty {
        "Text" => ("p", "pf-text", "content"),
        "P" => ("p", "pf-p", "content"),
        "Span" => ("span", "", "content"),
        "Muted" => ("p", "pf-muted", "content"),
        "Small" => ("small", "pf-small", "content"),
        "Lead" => ("p", "pf-lead", "content"),
        "Large" => ("div", "pf-large", "content"),
        "Code" => ("code", "pf-code", "content"),
        "H1" => ("h1", "", "content"),
        "H2" => ("h2", "", "content"),
        "H3" => ("h3", "", "content"),
        "H4" => ("h4", "", "content"),
        "Heading" => (heading_tag(prop(node, "level")), "", "content"),
        "CardTitle" => ("div", "pf-card-title", "content"),
        "CardDescription" => ("div", "pf-card-description", "content"),
        "AlertTitle" => ("div", "pf-alert-title", "content"),
        "AlertDescription" => ("div", "pf-alert-description", "content"),
        "Badge" => ("span", "pf-badge", "label"),
        "Label" => ("label", "pf-label", "text"),
        "Alert" => ("div", "pf-alert", "title"),
        "Link" => return Some(link(cx, node, path)),
        "Metric" => return Some(metric(cx, node)),
        "Separator" => {
            let el = dom::element("hr");
            let class = if prop(node, "orientation").as_str() == Some("vertical") {
                "pf-separator pf-separator-vertical"
            } else {
                "pf-separator pf-separator-horizontal"
            };
            base(cx, &el, node, class);
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
    if ty == "Badge" || ty == "Alert" {
        // The `pf-<component>-variant-<v>` hook themes written for prefab-ui target.
        let variant = prop(node, "variant").as_str().unwrap_or("default");
        base(cx, &el, node, &variant_class(class, variant));
        dom::set_attr(&el, "data-variant", variant);
    } else {
        base(cx, &el, node, class);
    }
    if ty == "Alert" {
        dom::set_attr(&el, "role", "alert");
        if let Some(name) = prop(node, "icon").as_str() {
            dom::append(&el, &icon(name));
        }
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
    if ty == "Label" && prop(node, "optional").truthy() {
        let marker = dom::element_with_class("span", "pf-label-optional");
        marker.set_text_content(Some("optional"));
        dom::append(&el, &marker);
    }
    Ok(el.into())
}

/// `"<base> <base>-variant-<variant>"`: the class pair prefab-ui's renderer puts on
/// variant components (`pf-badge pf-badge-variant-success`).
pub(super) fn variant_class(base: &str, variant: &str) -> String {
    let mut class = String::with_capacity(base.len() * 2 + variant.len() + 10);
    class.push_str(base);
    class.push(' ');
    class.push_str(base);
    class.push_str("-variant-");
    class.push_str(variant);
    class
}

/// An icon by lucide name: `<span class="pf-icon" data-icon="…">`, its shape drawn by the
/// stylesheet (an unknown name keeps an empty box of the icon's size).
pub(super) fn icon(name: &str) -> Element {
    let el = dom::element_with_class("span", "pf-icon");
    dom::set_attr(&el, "data-icon", name);
    dom::set_attr(&el, "aria-hidden", "true");
    el
}

/// Sets the element's text from `content`, re-evaluated when it is a template. A text node
/// is used so that inline children after it are kept. Content that evaluates to a boolean
/// shows nothing (as in prefab-ui's renderer, where React drops booleans).
pub(super) fn bind_content(cx: &Cx, el: &Element, content: &Value) {
    let text = dom::text("");
    dom::append(el, &text);
    cx.bind(content, move |v| match v {
        Value::Bool(_) => text.set_text_content(Some("")),
        // The template's output as it is (no copy into a new String per update).
        Value::String(s) => text.set_text_content(Some(&s)),
        other => text.set_text_content(Some(&template::display(&other))),
    });
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
                dom::report(target.remove_attribute("href"));
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

/// `Metric`: `label`, `value` with the `delta` pill (a badge coloured by `trendSentiment`,
/// else by the trend, with the trend arrow; `trend` defaults to the delta's sign), and
/// `description`.
fn metric(cx: &Cx, node: &Value) -> Result<Node, String> {
    for key in ["label", "value", "delta", "description"] {
        optional_text(node, key, "Metric")?;
    }
    let el = dom::element("div");
    base(cx, &el, node, "pf-metric");
    let part = |parent: &Element, tag: &str, class: &str, key: &str| {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let part = dom::element_with_class(tag, class);
            bind_content(cx, &part, raw);
            dom::append(parent, &part);
        }
    };
    part(&el, "p", "pf-metric-label", "label");
    let line = dom::element_with_class("div", "pf-metric-line");
    dom::append(&el, &line);
    part(&line, "span", "pf-metric-value", "value");
    let delta = prop(node, "delta");
    if !delta.is_nullish() {
        let pill = dom::element("span");
        let arrow = icon("");
        dom::append(&pill, &arrow);
        bind_content(cx, &pill, delta);
        dom::append(&line, &pill);
        let trend = prop(node, "trend").clone();
        let sentiment = prop(node, "trendSentiment").clone();
        let host = el.clone();
        cx.bind(delta, move |delta| {
            let trend = trend.as_str().unwrap_or_else(|| trend_of(&delta));
            let variant = match (sentiment.as_str(), trend) {
                (Some("positive"), _) | (None, "up") => "success",
                (Some("negative"), _) | (None, "down") => "destructive",
                _ => "secondary",
            };
            let arrow_name = match trend {
                "up" => "trending-up",
                "down" => "trending-down",
                _ => "minus",
            };
            dom::set_attr(&host, "data-trend", trend);
            dom::set_attr(&arrow, "data-icon", arrow_name);
            let mut class = variant_class("pf-badge", variant);
            class.push_str(" pf-metric-delta");
            pill.set_class_name(&class);
        });
    }
    part(&el, "p", "pf-metric-description", "description");
    Ok(el.into())
}

/// The trend a delta implies: a sign (`-`/`−` down, `+` up), else the sign of its number.
fn trend_of(delta: &Value) -> &'static str {
    let n = match delta {
        Value::String(s) => {
            let s = s.trim();
            if s.starts_with('-') || s.starts_with('\u{2212}') {
                return "down";
            }
            if s.starts_with('+') {
                return "up";
            }
            let digits: String = s
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            Value::from(digits).to_number()
        }
        other => other.to_number(),
    };
    if n > 0.0 {
        "up"
    } else if n < 0.0 {
        "down"
    } else {
        "neutral"
    }
}
