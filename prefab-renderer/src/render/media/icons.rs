//! `Icon`: lucide icons by name, drawn from a small built-in table of SVG path data.
//!
//! Provenance and licence: the geometry is that of the Lucide icon set
//! (<https://lucide.dev>, ISC licence, © Lucide Contributors), written out by hand for this
//! table as one stroke path per icon on Lucide's 24×24 grid (circles and rounded rectangles
//! as arcs). Only the icons prefab's components use (chevrons, check, x, arrows, alert and
//! status glyphs) and commonly named ones are built in; an unknown name renders an empty
//! box of the same size, so layouts do not shift.
//!
//! Names are matched as lucide spells them in either form: `arrow-up-right`, `ArrowUpRight`
//! or `arrow_up_right`; a few old lucide names (`alert-circle`, `home`, …) are aliases.
use crate::cx::Cx;
use crate::dom::{Element, Node};
use crate::node::prop;
use crate::render::base;
use crate::render::widget::svg_element;
use crate::{dom, template};
use prefab::expr::Value;

/// `(name, path data)` sorted by name; `"=other"` is an alias of another row.
const ICONS: &[(&str, &str)] = &[
    ("activity", "M22 12h-4l-3 9L9 3l-3 9H2"),
    ("alert-circle", "=circle-alert"),
    ("alert-triangle", "=triangle-alert"),
    ("arrow-down", "M12 5v14m7-7-7 7-7-7"),
    ("arrow-down-right", "m7 7 10 10M17 7v10H7"),
    ("arrow-left", "m12 19-7-7 7-7m7 7H5"),
    ("arrow-right", "M5 12h14m-7-7 7 7-7 7"),
    ("arrow-up", "m5 12 7-7 7 7m-7 7V5"),
    ("arrow-up-right", "M7 7h10v10M7 17 17 7"),
    ("bar-chart", "=chart-column"),
    ("bar-chart-3", "=chart-column"),
    (
        "bell",
        "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9m4.3 13a1.94 1.94 0 0 0 3.4 0",
    ),
    (
        "calendar",
        "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-14a2 2 0 0 1-2-2v-14a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18",
    ),
    ("chart-column", "M3 3v18h18M18 17V9m-5 8V5M8 17v-3"),
    ("check", "M20 6 9 17l-5-5"),
    ("check-circle", "=circle-check"),
    ("check-circle-2", "=circle-check"),
    ("chevron-down", "m6 9 6 6 6-6"),
    ("chevron-left", "m15 18-6-6 6-6"),
    ("chevron-right", "m9 18 6-6-6-6"),
    ("chevron-up", "m18 15-6-6-6 6"),
    ("chevrons-up-down", "m7 15 5 5 5-5M7 9l5-5 5 5"),
    ("circle", "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0"),
    (
        "circle-alert",
        "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 8v4m0 4h.01",
    ),
    (
        "circle-check",
        "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0m9 12 2 2 4-4",
    ),
    ("circle-check-big", "=circle-check"),
    (
        "circle-x",
        "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0m15 9-6 6m0-6 6 6",
    ),
    (
        "clock",
        "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 6v6l4 2",
    ),
    ("close", "=x"),
    (
        "cloud",
        "M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z",
    ),
    ("cog", "=settings"),
    (
        "copy",
        "M10 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-10a2 2 0 0 1-2-2v-10a2 2 0 0 1 2-2zM4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2",
    ),
    (
        "database",
        "M3 5a9 3 0 1 0 18 0A9 3 0 1 0 3 5v14a9 3 0 0 0 18 0V5M3 12a9 3 0 0 0 18 0",
    ),
    (
        "dollar-sign",
        "M12 2v20m5-17H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
    ),
    (
        "download",
        "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4m4-5 5 5 5-5m-5 5V3",
    ),
    ("edit", "=pencil"),
    (
        "ellipsis",
        "M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M18 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M4 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0",
    ),
    (
        "external-link",
        "M15 3h6v6M10 14 21 3m-3 10v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6",
    ),
    (
        "eye",
        "M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7ZM9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
    ),
    (
        "file",
        "M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7ZM14 2v4a2 2 0 0 0 2 2h4",
    ),
    (
        "file-text",
        "M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7ZM14 2v4a2 2 0 0 0 2 2h4M10 9H8m8 4H8m8 4H8",
    ),
    ("filter", "M22 3H2l8 9.46V19l4 2v-8.54Z"),
    (
        "folder",
        "M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.69-.9L9.6 3.9A2 2 0 0 0 7.93 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2Z",
    ),
    (
        "globe",
        "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20M2 12h20",
    ),
    (
        "heart",
        "M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z",
    ),
    ("home", "=house"),
    (
        "house",
        "M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8M3 10a2 2 0 0 1 .709-1.528l7-5.999a2 2 0 0 1 2.582 0l7 5.999A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
    ),
    (
        "info",
        "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 16v-4m0-4h.01",
    ),
    ("loader", "=loader-circle"),
    ("loader-2", "=loader-circle"),
    ("loader-circle", "M21 12a9 9 0 1 1-6.219-8.56"),
    (
        "lock",
        "M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-14a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM7 11V7a5 5 0 0 1 10 0v4",
    ),
    (
        "mail",
        "M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-16a2 2 0 0 1-2-2v-12a2 2 0 0 1 2-2zm22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7",
    ),
    (
        "map-pin",
        "M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0ZM9 10a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
    ),
    ("menu", "M4 12h16M4 6h16M4 18h16"),
    ("minus", "M5 12h14"),
    ("moon", "M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z"),
    ("more-horizontal", "=ellipsis"),
    (
        "pause",
        "M15 4h2a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-14a1 1 0 0 1 1-1zM7 4h2a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-14a1 1 0 0 1 1-1z",
    ),
    (
        "pencil",
        "M17 3a2.85 2.83 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Zm-2 2 4 4",
    ),
    ("play", "M6 3l14 9-14 9Z"),
    ("plus", "M5 12h14M12 5v14"),
    (
        "refresh-cw",
        "M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8m0-5v5h-5m5 4a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16m5 0H3v5",
    ),
    (
        "search",
        "M3 11a8 8 0 1 0 16 0a8 8 0 1 0-16 0m21 21-4.3-4.3",
    ),
    ("send", "m22 2-7 20-4-9-9-4Zm0 0L11 13"),
    (
        "settings",
        "M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0M12 2v3m0 14v3M4.22 4.22l2.12 2.12m11.32 11.32 2.12 2.12M2 12h3m14 0h3M4.22 19.78l2.12-2.12M17.66 6.34l2.12-2.12",
    ),
    (
        "square",
        "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-14a2 2 0 0 1-2-2v-14a2 2 0 0 1 2-2z",
    ),
    (
        "star",
        "M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01Z",
    ),
    (
        "sun",
        "M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0M12 2v2m0 16v2M4.93 4.93l1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41",
    ),
    ("trash", "=trash-2"),
    (
        "trash-2",
        "M3 6h18m-2 0v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6m3 0V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2m-6 5v6m4-6v6",
    ),
    ("trending-down", "M22 17l-8.5-8.5-5 5L2 7m14 10h6v-6"),
    ("trending-up", "M22 7l-8.5 8.5-5-5L2 17M16 7h6v6"),
    (
        "triangle-alert",
        "m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4m0 4h.01",
    ),
    (
        "upload",
        "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5m5-5v12",
    ),
    (
        "user",
        "M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0",
    ),
    (
        "users",
        "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0M22 21v-2a4 4 0 0 0-3-3.87m-3-12a4 4 0 0 1 0 7.75",
    ),
    ("warning", "=triangle-alert"),
    ("x", "M18 6 6 18M6 6l12 12"),
    ("x-circle", "=circle-x"),
    ("zap", "M13 2 3 14h9l-1 8 10-12h-9l1-8z"),
];

/// The path data of a lucide icon, if built in.
fn path_data(name: &str) -> Option<&'static str> {
    let key = normalise(name);
    let find = |k: &str| {
        ICONS
            .binary_search_by(|row| row.0.cmp(k))
            .ok()
            .and_then(|i| ICONS.get(i))
            .map(|row| row.1)
    };
    let data = find(&key)?;
    match data.strip_prefix('=') {
        Some(target) => find(target),
        None => Some(data),
    }
}

/// `ArrowUpRight`, `arrow_up_right`, `BarChart3` → `arrow-up-right`, `bar-chart-3`.
fn normalise(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut prev = b'-';
    for b in name.trim().bytes() {
        let b = if b == b'_' || b == b' ' { b'-' } else { b };
        let boundary = (b.is_ascii_uppercase()
            && (prev.is_ascii_lowercase() || prev.is_ascii_digit()))
            || (b.is_ascii_digit() && prev.is_ascii_alphabetic());
        if boundary {
            out.push('-');
        }
        out.push(b.to_ascii_lowercase() as char);
        prev = b;
    }
    out
}

/// An `<svg>` of the named icon with `class` (empty when the name is not built in).
#[must_use]
pub fn icon(name: &str, class: &str) -> Element {
    let svg = svg_element("svg");
    for (attr, value) in [
        ("class", class),
        ("viewBox", "0 0 24 24"),
        ("fill", "none"),
        ("stroke", "currentColor"),
        ("stroke-width", "2"),
        ("stroke-linecap", "round"),
        ("stroke-linejoin", "round"),
        ("aria-hidden", "true"),
    ] {
        dom::set_attr(&svg, attr, value);
    }
    shape(&svg, name);
    svg
}

/// Draws the named icon in `svg` (made by [`icon`]), replacing the one it showed.
pub fn shape(svg: &Element, name: &str) {
    dom::clear(svg);
    if let Some(d) = path_data(name) {
        let path = svg_element("path");
        dom::set_attr(&path, "d", d);
        dom::append(svg, &path);
    }
    dom::set_attr(svg, "data-icon", &normalise(name));
}

/// The `Icon` component: `name` (may be a template) and `size` (`sm` / `default` / `lg`).
pub fn render(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    crate::node::optional_text(node, "name", "Icon")?;
    let wrap = dom::element("span");
    let size = match template::interpolate(prop(node, "size"), &*cx.frame).as_str() {
        Some("sm") => "pf-icon pf-icon-size-sm",
        Some("lg") => "pf-icon pf-icon-size-lg",
        _ => "pf-icon pf-icon-size-default",
    };
    base(cx, &wrap, node, size);
    // An icon given a name (`ariaLabel`) is an image; one without is decoration.
    if !prop(node, "ariaLabel").is_nullish() {
        dom::set_attr(&wrap, "role", "img");
    }
    let holder = wrap.clone();
    cx.bind_text(prop(node, "name"), move |name| {
        dom::clear(&holder);
        dom::append(&holder, &icon(name, "pf-icon-svg").into());
    });
    Ok(wrap.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_in_kebab_pascal_and_snake_case_and_aliases_resolve() {
        assert_eq!(normalise("ArrowUpRight"), "arrow-up-right");
        assert_eq!(normalise("BarChart3"), "bar-chart-3");
        assert_eq!(normalise("circle_check"), "circle-check");
        assert!(path_data("ChevronDown").is_some());
        assert_eq!(path_data("alert-circle"), path_data("circle-alert"));
        assert!(path_data("no-such-icon").is_none());
    }

    #[test]
    fn the_table_is_sorted_and_every_alias_has_a_target() {
        assert!(ICONS.windows(2).all(|w| w[0].0 < w[1].0));
        for (name, data) in ICONS {
            if let Some(target) = data.strip_prefix('=') {
                assert!(path_data(target).is_some(), "{name} → {target}");
            } else {
                assert!(data.starts_with(['M', 'm']), "{name}");
            }
        }
    }
}
