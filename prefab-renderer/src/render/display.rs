//! Display and layout types that are plain data: `BlockQuote`, `Kbd`, `InlineCode`, `Dot`,
//! `Loader`, `GridItem`, `Dashboard`/`DashboardItem`, `Detail`, `MasterDetail` and the
//! `Table` family are rows of [`ROWS`] read by one renderer; `Progress` and `Ring` (which
//! compute geometry from a bound value) are the only functions. Grid placement props
//! (`columns`, `colSpan`, `row`, …) become inline grid styles through [`grid_styles`].
use super::{Cx, base, children, optional_text, prop};
use crate::dom;
use crate::template;
use prefab::expr::{Value, number_to_string};
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// Modifier props that add `<class>-<infix><value>` classes: (prop, infix, default).
type Mods = &'static [(&'static str, &'static str, &'static str)];

const DOT: Mods = &[
    ("variant", "variant-", "default"),
    ("size", "", "default"),
    ("shape", "", "circle"),
];
const LOADER: Mods = &[("variant", "", "spin"), ("size", "size-", "default")];

/// (wire type, tag, base class, text prop or "", modifiers, ARIA role or "").
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Mods,
    &'static str,
);

const ROWS: &[Row] = &[
    (
        "BlockQuote",
        "blockquote",
        "pf-blockquote",
        "content",
        &[],
        "",
    ),
    ("Kbd", "kbd", "pf-kbd", "label", &[], ""),
    ("InlineCode", "code", "pf-inline-code", "content", &[], ""),
    ("Dot", "span", "pf-dot", "", DOT, ""),
    ("Loader", "span", "pf-loader", "", LOADER, "status"),
    ("GridItem", "div", "pf-grid-item", "", &[], ""),
    ("Dashboard", "div", "pf-dashboard", "", &[], ""),
    ("DashboardItem", "div", "pf-dashboard-item", "", &[], ""),
    ("Detail", "div", "pf-detail", "", &[], ""),
    ("MasterDetail", "div", "pf-master-detail", "", &[], ""),
    ("Table", "table", "pf-table", "", &[], ""),
    ("TableHeader", "thead", "pf-table-header", "", &[], ""),
    ("TableBody", "tbody", "pf-table-body", "", &[], ""),
    ("TableFooter", "tfoot", "pf-table-footer", "", &[], ""),
    ("TableRow", "tr", "pf-table-row", "", &[], ""),
    ("TableHead", "th", "pf-table-head", "content", &[], ""),
    ("TableCell", "td", "pf-table-cell", "content", &[], ""),
    (
        "TableCaption",
        "caption",
        "pf-table-caption",
        "content",
        &[],
        "",
    ),
];

/// Renders a display/layout type of this family, or `None` if `ty` is not one.
pub fn display(cx: &Cx, ty: &str, node: &Value, path: &str) -> Option<Result<Node, String>> {
    match ty {
        "Progress" => return Some(progress(cx, node)),
        "Ring" => return Some(ring(cx, node, path)),
        _ => {}
    }
    let &(_, tag, class, text, mods, role) = ROWS.iter().find(|row| row.0 == ty)?;
    Some(render_row(
        cx,
        ty,
        (tag, class, text, mods, role),
        node,
        path,
    ))
}

fn render_row(
    cx: &Cx,
    ty: &str,
    (tag, class, text, mods, role): (&str, &str, &str, Mods, &str),
    node: &Value,
    path: &str,
) -> Result<Node, String> {
    if !text.is_empty() {
        optional_text(node, text, ty)?;
    }
    let el = dom::element(tag);
    base(cx, &el, node, &classes(cx, class, mods, node));
    if !role.is_empty() {
        dom::set_attr(&el, "role", role);
        dom::set_attr(&el, "aria-label", "Loading");
    }
    grid_styles(cx, &el, node);
    match ty {
        "Detail" => {
            for (key, part_tag, part_class) in [
                ("title", "h3", "pf-detail-title"),
                ("description", "p", "pf-detail-description pf-muted"),
            ] {
                let raw = prop(node, key);
                if !raw.is_nullish() {
                    let part = dom::element_with_class(part_tag, part_class);
                    super::text::bind_content(cx, &part, raw);
                    dom::append(&el, &part);
                }
            }
        }
        "Loader" => {
            // Three marks drawn by the `dots` / `bars` / `ios` variants (hidden by `spin`).
            for _ in 0..3 {
                dom::append(&el, &dom::element("i").into());
            }
        }
        _ => {}
    }
    if !text.is_empty() {
        let raw = prop(node, text);
        if !raw.is_nullish() {
            super::text::bind_content(cx, &el, raw);
        }
    }
    children(cx, &el, prop(node, "children"), &format!("{path}.children"))?;
    if ty == "Table" {
        // As prefab-ui: the table scrolls sideways inside `pf-table-container`.
        let wrap = dom::element_with_class("div", "pf-table-container");
        dom::append(&wrap, &el);
        return Ok(wrap.into());
    }
    Ok(el.into())
}

/// `base` plus the modifier classes of `mods`, from the props' values at first render.
fn classes(cx: &Cx, base_class: &str, mods: Mods, node: &Value) -> String {
    let mut out = base_class.to_string();
    for &(key, infix, default) in mods {
        let value = token(cx, node, key, default);
        out.push(' ');
        out.push_str(base_class);
        out.push('-');
        out.push_str(infix);
        out.push_str(&value);
    }
    out
}

/// A modifier prop's value (evaluated at first render) if it is a class-name fragment.
fn token(cx: &Cx, node: &Value, key: &str, default: &str) -> String {
    match template::interpolate(prop(node, key), &*cx.frame) {
        Value::String(s) if is_token(&s) => s.to_string(),
        _ => default.to_string(),
    }
}

/// A class-name fragment (`success`, `lg`): letters, digits, `-`, `_`.
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Sets one inline style property.
pub(super) fn set_style(el: &Element, name: &str, value: &str) {
    if let Some(html) = el.dyn_ref::<web_sys::HtmlElement>() {
        dom::report(html.style().set_property(name, value));
    }
}

/// The integer value of a numeric prop, if it is a positive number.
fn count(node: &Value, key: &str) -> Option<String> {
    positive(prop(node, key))
}

/// `value` as a whole number ≥ 1, written out.
fn positive(value: &Value) -> Option<String> {
    let n = value.to_number();
    (n.is_finite() && n >= 1.0).then(|| number_to_string(n.floor()))
}

/// Grid geometry props → CSS custom properties read by `20-display.css` (one table instead of
/// a function per type): `Grid`/`Dashboard` `columns`, `Dashboard` `rows`/`rowHeight`,
/// `DashboardItem` `col`/`row`, `GridItem`/`DashboardItem` `colSpan`/`rowSpan`, `zIndex`,
/// Grid `minColumnWidth`. Grid `columns` as an object of breakpoints becomes classes
/// `grid-cols-N md:grid-cols-M` for the class compiler; `columnTemplate` is the template.
pub fn grid_styles(cx: &Cx, el: &Element, node: &Value) {
    const VARS: &[(&str, &str)] = &[
        ("columns", "--pf-columns"),
        ("rows", "--pf-rows"),
        ("col", "--pf-col"),
        ("row", "--pf-row"),
        ("colSpan", "--pf-col-span"),
        ("rowSpan", "--pf-row-span"),
        ("zIndex", "z-index"),
    ];
    for &(key, var) in VARS {
        if let Some(n) = count(node, key) {
            set_style(el, var, &n);
        }
    }
    if let Value::Object(map) = prop(node, "columns") {
        let mut list = String::new();
        for (bp, n) in map.iter() {
            let Some(n) = positive(n).filter(|_| is_token(bp)) else {
                continue;
            };
            if bp != "default" && bp != "base" {
                list.push_str(bp);
                list.push(':');
            }
            list.push_str("grid-cols-");
            list.push_str(&n);
            list.push(' ');
        }
        crate::classes::note(&list);
        for class in list.split_ascii_whitespace() {
            dom::report(el.class_list().add_1(class));
        }
    }
    match template::interpolate(prop(node, "rowHeight"), &*cx.frame) {
        Value::String(s) => set_style(el, "--pf-row-height", &s),
        Value::Number(n) => set_style(el, "--pf-row-height", &(number_to_string(n) + "px")),
        _ => {}
    }
    if let Some(width) = prop(node, "minColumnWidth").as_str() {
        set_style(el, "--pf-min-col", width);
    }
    if let Some(template) = prop(node, "columnTemplate").as_str() {
        set_style(el, "grid-template-columns", template);
    }
}

/// The fraction (0–1) that `value` is between `min` and `max`.
fn fraction(value: &Value, min: f64, max: f64) -> f64 {
    let v = value.to_number();
    if !v.is_finite() || max <= min {
        return 0.0;
    }
    ((v - min) / (max - min)).clamp(0.0, 1.0)
}

fn bounds(node: &Value) -> (f64, f64) {
    let num = |key, default| match prop(node, key) {
        Value::Number(n) if n.is_finite() => *n,
        _ => default,
    };
    (num("min", 0.0), num("max", 100.0))
}

fn percent(f: f64) -> String {
    number_to_string((f * 1000.0).round() / 10.0) + "%"
}

/// An accessible name for a meter-like element whose document gives none (`ariaLabel`).
pub(super) fn default_name(el: &Element, node: &Value, name: &str) {
    if prop(node, "ariaLabel").is_nullish() {
        dom::set_attr(el, "aria-label", name);
    }
}

/// Sets `aria-valuenow` etc. on a meter-like element.
fn aria_value(el: &Element, value: f64, (min, max): (f64, f64)) {
    for (name, n) in [
        ("aria-valuenow", value),
        ("aria-valuemin", min),
        ("aria-valuemax", max),
    ] {
        dom::set_attr(
            el,
            name,
            &number_to_string(if n.is_finite() { n } else { 0.0 }),
        );
    }
}

/// `Progress`: a track with an indicator sized to the bound `value` (and a `target` mark).
fn progress(cx: &Cx, node: &Value) -> Result<Node, String> {
    let vertical = prop(node, "orientation").as_str() == Some("vertical");
    let mut class = classes(cx, "pf-progress", &[("size", "size-", "default")], node);
    if vertical {
        class.push_str(" pf-progress-vertical");
    }
    let el = dom::element("div");
    base(cx, &el, node, &class);
    dom::set_attr(&el, "role", "progressbar");
    default_name(&el, node, "Progress");
    let mut indicator_class = classes(
        cx,
        "pf-progress",
        &[("variant", "variant-", "default")],
        node,
    )
    .replacen("pf-progress ", "pf-progress-indicator ", 1);
    if let Some(extra) = prop(node, "indicatorClass").as_str() {
        crate::classes::note(extra);
        indicator_class.push(' ');
        indicator_class.push_str(extra);
    }
    let indicator = dom::element_with_class("div", &indicator_class);
    dom::append(&el, &indicator);
    let range = bounds(node);
    let dimension = if vertical { "height" } else { "width" };
    let (target_el, bar) = (el.clone(), indicator.clone());
    cx.bind(prop(node, "value"), move |v| {
        aria_value(&target_el, v.to_number(), range);
        set_style(&bar, dimension, &percent(fraction(&v, range.0, range.1)));
    });
    let target = prop(node, "target");
    if !target.is_nullish() {
        let mark = dom::element_with_class("div", "pf-progress-target");
        if let Some(extra) = prop(node, "targetClass").as_str() {
            crate::classes::note(extra);
            dom::report(mark.class_list().add_1(extra));
        }
        dom::append(&el, &mark);
        let side = if vertical { "bottom" } else { "left" };
        cx.bind(target, move |v| {
            set_style(&mark, side, &percent(fraction(&v, range.0, range.1)));
        });
    }
    Ok(el.into())
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// An SVG element (`svg`, `circle`, `path`, …).
pub(super) fn svg_element(tag: &str) -> Element {
    dom::document()
        .and_then(|d| d.create_element_ns(Some(SVG_NS), tag).ok())
        .unwrap_or_else(|| dom::element("span"))
}

/// `Ring`: a circular meter (track and arc in SVG) with an optional `label` or children in
/// the middle.
fn ring(cx: &Cx, node: &Value, path: &str) -> Result<Node, String> {
    optional_text(node, "label", "Ring")?;
    let size_name = token(cx, node, "size", "default");
    let px: f64 = match size_name.as_str() {
        "sm" => 64.0,
        "lg" => 128.0,
        _ => 96.0,
    };
    let thickness = match prop(node, "thickness") {
        Value::Number(n) if n.is_finite() && *n > 0.0 && *n < px / 2.0 => *n,
        _ => 6.0,
    };
    let el = dom::element("div");
    base(cx, &el, node, "pf-ring");
    dom::set_attr(&el, "role", "meter");
    default_name(&el, node, "Meter");
    let side = number_to_string(px);
    set_style(&el, "width", &(side.clone() + "px"));
    set_style(&el, "height", &(side.clone() + "px"));
    let svg = svg_element("svg");
    for (name, value) in [
        ("class", "pf-ring-svg"),
        ("width", side.as_str()),
        ("height", side.as_str()),
        ("viewBox", &["0 0 ", &side, " ", &side].concat()),
    ] {
        dom::set_attr(&svg, name, value);
    }
    dom::append(&el, &svg);
    let radius = (px - thickness) / 2.0;
    let circumference = 2.0 * std::f64::consts::PI * radius;
    let mut fill_class = classes(cx, "pf-ring", &[("variant", "variant-", "default")], node)
        .replacen("pf-ring ", "pf-ring-fill ", 1);
    if let Some(extra) = prop(node, "indicatorClass").as_str() {
        crate::classes::note(extra);
        fill_class.push(' ');
        fill_class.push_str(extra);
    }
    let circle = |class: &str| {
        let c = svg_element("circle");
        let mid = number_to_string(px / 2.0);
        for (name, value) in [
            ("class", class),
            ("cx", mid.as_str()),
            ("cy", mid.as_str()),
            ("r", &number_to_string(radius)),
            ("stroke-width", &number_to_string(thickness)),
        ] {
            dom::set_attr(&c, name, value);
        }
        dom::append(&svg, &c);
        c
    };
    circle("pf-ring-track");
    let arc = circle(&fill_class);
    dom::set_attr(&arc, "stroke-linecap", "round");
    let dash = number_to_string(circumference);
    dom::set_attr(&arc, "stroke-dasharray", &dash);
    let range = bounds(node);
    let meter = el.clone();
    cx.bind(prop(node, "value"), move |v| {
        let f = fraction(&v, range.0, range.1);
        aria_value(&meter, v.to_number(), range);
        dom::set_attr(
            &arc,
            "stroke-dashoffset",
            &number_to_string(circumference * (1.0 - f)),
        );
    });
    let overlay = dom::element_with_class("div", "pf-ring-label-overlay");
    let label = prop(node, "label");
    if !label.is_nullish() {
        let text = dom::element_with_class(
            "span",
            &["pf-ring-label pf-ring-label-", &size_name].concat(),
        );
        super::text::bind_content(cx, &text, label);
        dom::append(&overlay, &text);
    }
    children(
        cx,
        &overlay,
        prop(node, "children"),
        &format!("{path}.children"),
    )?;
    dom::append(&el, &overlay);
    Ok(el.into())
}
