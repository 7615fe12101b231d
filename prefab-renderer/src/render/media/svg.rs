//! `Svg`: inline SVG markup from the wire, sanitised.
//!
//! The markup is parsed by the browser's `DOMParser` as `image/svg+xml` (an inert document:
//! nothing in it runs), then a **new** tree is built in the page from an allow-list: only
//! drawing elements are copied (no `script`, `foreignObject`, `style`, `a`, animation
//! elements, `iframe`, …), and of their attributes none named `on…`, none with a namespace
//! prefix other than `xlink:href`, `href` only as an in-document `#fragment`, and no value
//! reaching outside: every `url(` must be `url(#…)`, and no `javascript:`, `data:`, CSS escape
//! (`\75rl(` is `url(`) or image function that takes a bare string (`image-set("x")`). The
//! root element goes through the same rules and keeps none of what could lift it out of its
//! box (`style`, `class` — the page's `fixed inset-0` —, `transform`, `overflow`): markup from
//! a data source cannot cover the view and take the clicks meant for its buttons. Text nodes
//! are copied as text.
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, JsCast, Node};
use crate::node::{optional_text, prop};
use crate::render::base;
use crate::render::widget::{set_style, svg_element};
use prefab::expr::Value;

/// SVG elements that only draw (sorted, for a binary search).
const ELEMENTS: &[&str] = &[
    "circle",
    "clipPath",
    "defs",
    "desc",
    "ellipse",
    "feBlend",
    "feColorMatrix",
    "feComposite",
    "feFlood",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feOffset",
    "filter",
    "g",
    "line",
    "linearGradient",
    "marker",
    "mask",
    "path",
    "pattern",
    "polygon",
    "polyline",
    "radialGradient",
    "rect",
    "stop",
    "svg",
    "symbol",
    "text",
    "textPath",
    "title",
    "tspan",
    "use",
];

/// Attributes the root `<svg>` does not keep: each could place it over the rest of the view.
const ROOT_REFUSED: &[&str] = &["class", "overflow", "style", "transform"];

/// Renders `Svg`: `content` sanitised into a wrapper sized by `width`/`height`.
pub fn render(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    optional_text(node, "content", "Svg")?;
    let wrap = dom::element("div");
    base(cx, &wrap, node, "pf-svg");
    for key in ["width", "height"] {
        if let Some(v) = prop(node, key).as_str() {
            set_style(&wrap, key, v);
        }
    }
    let holder = wrap.clone();
    cx.bind_text(prop(node, "content"), move |markup| {
        dom::clear(&holder);
        if let Some(svg) = sanitise(markup) {
            dom::append(&holder, &svg.into());
        }
    });
    Ok(wrap.into())
}

/// The allow-listed copy of the `<svg>` root of `markup`, or `None` if it does not parse
/// to one.
#[must_use]
pub fn sanitise(markup: &str) -> Option<Element> {
    let root = dom::parse_svg(markup)?;
    if root.local_name() != "svg" {
        return None; // a `<parsererror>` document, or not SVG at all
    }
    copy(&root, 0)
}

/// A copy of `source` if it is allowed (with its allowed attributes and children).
fn copy(source: &Element, depth: u32) -> Option<Element> {
    let tag = source.local_name();
    if depth > 64
        || source.namespace_uri().as_deref() != Some("http://www.w3.org/2000/svg")
        || ELEMENTS.binary_search(&tag.as_str()).is_err()
    {
        return None;
    }
    let out = svg_element(&tag);
    for name in dom::attribute_names(source) {
        if let Some(value) = source.get_attribute(&name)
            && allowed_attribute(&name, &value)
            // Names are case-sensitive in SVG: `STYLE` is no style.
            && (depth > 0 || !ROOT_REFUSED.contains(&name.as_str()))
        {
            let name = if name == "xlink:href" { "href" } else { &name };
            dom::set_attr(&out, name, &value);
        }
    }
    let mut child = source.first_child();
    while let Some(node) = child {
        match node.node_type() {
            1 => {
                if let Some(el) = node.dyn_ref::<Element>().and_then(|el| copy(el, depth + 1)) {
                    dom::append(&out, &el.into());
                }
            }
            3 | 4 => {
                if let Some(text) = node.text_content() {
                    dom::append(&out, &dom::text(&text));
                }
            }
            _ => {}
        }
        child = node.next_sibling();
    }
    Some(out)
}

/// Whether an attribute may be copied.
fn allowed_attribute(name: &str, value: &str) -> bool {
    let name = name.to_ascii_lowercase();
    if name.starts_with("on")
        || name.starts_with("xmlns")
        || (name.contains(':') && name != "xlink:href")
    {
        return false;
    }
    let squeezed: String = value
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_ascii_control())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if name == "href" || name == "xlink:href" {
        return squeezed.starts_with('#');
    }
    // Every `url(` must be followed (past a quote) by `#`.
    let mut rest = squeezed.as_str();
    while let Some(at) = prefab::expr::find_str(rest, "url(") {
        rest = &rest[at + 4..];
        if rest.bytes().find(|b| *b != b'"' && *b != b'\'') != Some(b'#') {
            return false;
        }
    }
    ![
        "javascript:",
        "data:",
        "\\",
        // Functions taking a bare string to fetch (cross-fade() and element() take none).
        "image(",
        "image-set(",
        "expression(",
        "@import",
    ]
    .iter()
    .any(|bad| prefab::expr::has_str(&squeezed, bad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handlers_foreign_namespaces_and_outside_references_are_refused() {
        assert!(!allowed_attribute("onload", "alert(1)"));
        assert!(!allowed_attribute("ONCLICK", "x"));
        assert!(!allowed_attribute("xml:base", "https://evil"));
        assert!(!allowed_attribute("href", "javascript:alert(1)"));
        assert!(!allowed_attribute("xlink:href", "java\tscript:alert(1)"));
        assert!(!allowed_attribute("href", "https://evil.example/x.svg#a"));
        assert!(!allowed_attribute("style", "fill:url(https://evil/)"));
        assert!(!allowed_attribute("fill", "url( 'data:image/svg+xml,x')"));
        // Every `url(` must stay in the document, not just one of them.
        assert!(!allowed_attribute(
            "style",
            "fill:url(#a);stroke:url(http://evil/)"
        ));
        assert!(!allowed_attribute("filter", "url(#a) url(http://evil/#f)"));
        assert!(!allowed_attribute("mask", "url('#a'),url(//evil/m)"));
        assert!(!allowed_attribute(
            "cursor",
            "url(#a), url(https://evil/c.png), auto"
        ));
        // CSS escapes spell `url(` without the letters; image-set takes a bare string.
        assert!(!allowed_attribute("style", "fill:\\75rl(http://evil/)"));
        assert!(!allowed_attribute("style", "fill:u\\rl(http://evil/)"));
        assert!(!allowed_attribute(
            "style",
            "cursor:image-set(\"http://evil/c.png\" 1x)"
        ));
        assert!(!allowed_attribute(
            "style",
            "cursor:-webkit-image-set('//evil/c' 1x)"
        ));
        assert!(allowed_attribute(
            "style",
            "fill:url( '#a' );stroke:url(\"#b\")"
        ));
        assert!(allowed_attribute("href", "#grad"));
        assert!(allowed_attribute("fill", "url(#grad)"));
        assert!(allowed_attribute("d", "M0 0h10"));
    }

    #[test]
    fn the_element_list_is_sorted() {
        assert!(ELEMENTS.windows(2).all(|w| w[0] < w[1]));
    }
}
