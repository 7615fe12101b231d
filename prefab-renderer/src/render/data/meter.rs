//! Meters: `Progress` (a track with an indicator sized to the bound `value`) and `Ring` (a
//! circular meter in SVG), both computing geometry from a bound value.
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::{optional_text, prop};
use crate::render::plain::{bind_content, classes, token};
use crate::render::widget::{set_style, svg_element};
use crate::render::{base, child_nodes};
use prefab::expr::{Value, number_to_string};

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
fn default_name(el: &Element, node: &Value, name: &str) {
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
pub(super) fn progress(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let vertical = prop(node, "orientation").as_str() == Some("vertical");
    let mut class = classes(cx, "pf-progress", &[("size", "size-", "default")], node);
    if vertical {
        class.push_str(" pf-progress-vertical");
    }
    let el = dom::element("div");
    base(cx, &el, node, &class);
    dom::set_attr(&el, "role", "progressbar");
    default_name(&el, node, "Progress");
    let mut indicator_class = replace_first(
        &classes(
            cx,
            "pf-progress",
            &[("variant", "variant-", "default")],
            node,
        ),
        "pf-progress ",
        "pf-progress-indicator ",
    );
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

/// `Ring`: a circular meter (track and arc in SVG) with an optional `label` or children in
/// the middle.
pub(super) fn ring(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
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
    let mut fill_class = replace_first(
        &classes(cx, "pf-ring", &[("variant", "variant-", "default")], node),
        "pf-ring ",
        "pf-ring-fill ",
    );
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
        bind_content(cx, &text, label);
        dom::append(&overlay, &text);
    }
    child_nodes(cx, &overlay, node, path)?;
    dom::append(&el, &overlay);
    Ok(el.into())
}

/// `s.replacen(from, to, 1)` without core's two-way searcher.
fn replace_first(s: &str, from: &str, to: &str) -> String {
    match prefab::expr::split_str(s, from) {
        Some((head, tail)) => [head, to, tail].concat(),
        None => s.to_owned(),
    }
}
