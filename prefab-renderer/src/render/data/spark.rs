//! `Sparkline`: a tiny line (or `mode: "bar"`) in a `0 0 100 40` box stretched to the
//! width, coloured by `variant` through the `pf-sparkline-variant-*` hooks.
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::prop;
use crate::render::base;
use crate::render::charts::{next_id, numbers, path, scale, set_num};
use crate::render::widget::svg_element;
use prefab::expr::Value;

/// Renders a `Sparkline`.
pub fn sparkline(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let wrap = dom::element("div");
    base(cx, &wrap, node, "pf-sparkline-box");
    let svg = svg_element("svg");
    let target = svg.clone();
    cx.bind(node, move |props| draw(&target, &props));
    dom::append(&wrap, &svg);
    Ok(wrap.into())
}

/// The box, its label and height, then the bars or the line.
fn draw(svg: &Element, props: &Value) {
    dom::clear(svg);
    let values = numbers(props, "data");
    let variant = prop(props, "variant")
        .as_str()
        .filter(|v| matches!(*v, "success" | "warning" | "destructive" | "info" | "muted"))
        .unwrap_or("default");
    let class = ["pf-sparkline w-full pf-sparkline-variant-", variant].concat();
    dom::set_attr(svg, "class", &class);
    dom::set_attr(svg, "viewBox", "0 0 100 40");
    dom::set_attr(svg, "preserveAspectRatio", "none");
    dom::set_attr(svg, "role", "img");
    let mut label = String::from("Sparkline");
    for (i, v) in values.iter().enumerate() {
        label.push_str(if i == 0 { ": " } else { ", " });
        label.push_str(&prefab::expr::number_to_string(*v));
    }
    dom::set_attr(svg, "aria-label", &label);
    let height = prop(props, "height").to_number();
    let mut style = String::from("height:");
    if height > 0.0 {
        scale::num(&mut style, height);
        style.push_str("px");
    } else {
        style.push_str("1.5rem");
    }
    dom::set_attr(svg, "style", &style);
    if values.is_empty() {
        return;
    }
    if prop(props, "mode").as_str() == Some("bar") {
        bars(svg, props, &values);
    } else {
        line(svg, props, &values);
    }
}

/// A new SVG element of `tag` (with `class` when not empty), appended to `svg`.
fn add(svg: &Element, tag: &str, class: &str) -> Element {
    let el = svg_element(tag);
    if !class.is_empty() {
        dom::set_attr(&el, "class", class);
    }
    dom::append(svg, &el);
    el
}

/// `mode: "bar"`: one bar per value, from zero (or the lowest value) up.
fn bars(svg: &Element, props: &Value, values: &[f64]) {
    let indicator = prop(props, "indicatorClass").as_str().unwrap_or_default();
    let n = values.len();
    let (lo, hi) = scale::extent(values);
    let lo = lo.min(0.0);
    let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
    let w = (100.0 - (n as f64 - 1.0)) / n as f64;
    for (i, v) in values.iter().enumerate() {
        let h = (v - lo) / span * 39.0;
        let bar = add(svg, "rect", indicator);
        for (name, x) in [
            ("x", i as f64 * (w + 1.0)),
            ("y", 40.0 - h),
            ("width", w),
            ("height", h),
        ] {
            set_num(&bar, name, x);
        }
        dom::set_attr(&bar, "fill", "currentColor");
        dom::set_attr(&bar, "opacity", "0.7");
    }
}

/// The line through the values (with a gradient area under it when `fill`).
fn line(svg: &Element, props: &Value, values: &[f64]) {
    let indicator = prop(props, "indicatorClass").as_str().unwrap_or_default();
    let n = values.len();
    let (lo, hi) = scale::extent(values);
    // The line uses the top 70% of the box (room for the fill), inset by half the stroke.
    let stroke = match prop(props, "strokeWidth").to_number() {
        s if s > 0.0 => s,
        _ => 1.5,
    };
    let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
    let room = 40.0 * 0.7 - stroke / 2.0;
    let pts: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let x = if n == 1 {
                50.0
            } else {
                i as f64 / (n - 1) as f64 * 100.0
            };
            (x, stroke / 2.0 + room * (1.0 - (v - lo) / span))
        })
        .collect();
    let curve = path::Curve::parse(prop(props, "curve").as_str());
    let mut d = String::new();
    path::line(&mut d, &pts, curve, false);
    if prop(props, "fill").truthy() {
        fill_area(svg, &d);
    }
    let line = add(svg, "path", &["pf-sparkline-line ", indicator].concat());
    dom::set_attr(&line, "d", &d);
    for (k, v) in [
        ("fill", "none"),
        ("stroke", "currentColor"),
        ("stroke-linejoin", "round"),
        ("stroke-linecap", "round"),
        ("vector-effect", "non-scaling-stroke"),
    ] {
        dom::set_attr(&line, k, v);
    }
    set_num(&line, "stroke-width", stroke);
}

/// The area under the line `d`, filled with a top-to-bottom gradient.
fn fill_area(svg: &Element, d: &str) {
    let id = ["pf-spark-", &next_id()].concat();
    let defs = add(svg, "defs", "");
    let gradient = svg_element("linearGradient");
    for (k, v) in [
        ("id", id.as_str()),
        ("x1", "0"),
        ("y1", "0"),
        ("x2", "0"),
        ("y2", "1"),
    ] {
        dom::set_attr(&gradient, k, v);
    }
    for (offset, class) in [
        ("0%", "pf-sparkline-fill-stop-start"),
        ("100%", "pf-sparkline-fill-stop-end"),
    ] {
        let stop = svg_element("stop");
        dom::set_attr(&stop, "offset", offset);
        dom::set_attr(&stop, "class", class);
        dom::append(&gradient, &stop);
    }
    dom::append(&defs, &gradient);
    let area = add(svg, "path", "");
    dom::set_attr(&area, "d", &[d, "L100,40L0,40Z"].concat());
    dom::set_attr(&area, "fill", &["url(#", &id, ")"].concat());
}
