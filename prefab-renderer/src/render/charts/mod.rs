//! Charts on one SVG core: every kind draws into a [`Canvas`] (an `<svg>` sized to the
//! chart's width, with `role="img"` and a summary label) and lists its data points as
//! [`Tip`]s; the core adds the legend, the tooltip (hover, or focus and arrow keys on the
//! chart) and a visually hidden table of the same points for screen readers.
//!
//! The whole node is interpolated (so `data`, `series` and `height` may be templates or
//! hold templates) and the chart is redrawn when a key it reads changes, and when its
//! width changes (`ResizeObserver`). Coordinates are written in tenths of a pixel by
//! [`scale::num`]; values are printed by `number_to_string` or the `valueFormat` pipe.
mod axes;
mod cartesian;
pub(super) mod path;
mod polar;
pub(super) mod scale;

use super::Render::With;
use super::widget::svg_element;
use super::{Row, base};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Node};
use crate::node::{kind, prop};
use crate::template::{self, Binding, Frame};
use prefab::expr::{Value, number_to_string};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

/// Theme colours, cycled by series (or slice); no fallbacks: the stylesheet's `:root`
/// defines `--chart-1`…`--chart-5`.
const COLORS: [&str; 5] = [
    "var(--chart-1)",
    "var(--chart-2)",
    "var(--chart-3)",
    "var(--chart-4)",
    "var(--chart-5)",
];

/// The `i`-th theme colour.
fn color(i: usize) -> String {
    COLORS
        .get(i % COLORS.len())
        .copied()
        .unwrap_or_default()
        .into()
}

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("AreaChart", With(chart)),
    ("BarChart", With(chart)),
    ("LineChart", With(chart)),
    ("PieChart", With(chart)),
    ("RadarChart", With(chart)),
    ("RadialChart", With(chart)),
    ("ScatterChart", With(chart)),
    ("WaterfallChart", With(chart)),
    ("Histogram", With(chart)),
];

/// Renders a chart of one of the family's types.
fn chart(cx: &Cx, ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let draw: fn(&mut Canvas, &Value) = match ty {
        "WaterfallChart" => cartesian::waterfall,
        "Histogram" => cartesian::histogram,
        "ScatterChart" => cartesian::scatter,
        "PieChart" => polar::pie,
        "RadialChart" => polar::radial,
        "RadarChart" => polar::radar,
        // `BarChart`, `LineChart`, `AreaChart`
        _ => cartesian::category,
    };
    mount(cx, ty, node, draw)
}

thread_local! {
    static IDS: Cell<u64> = const { Cell::new(0) };
}

/// Starts the gradient ids again from 1 (a new page of the native document).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn reset_ids() {
    IDS.with(|c| c.set(0));
}

/// A new number for element ids (gradients) unique in the page.
#[must_use]
pub fn next_id() -> String {
    let n = IDS.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    crate::text::int(n)
}

/// One data point (or category) as the tooltip and the hidden table show it.
pub struct Tip {
    /// Heading (category, slice name, series).
    pub title: String,
    /// `(colour, label, value)` lines.
    pub rows: Vec<(String, String, String)>,
    /// Where the tooltip points to, in SVG pixels.
    pub x: f64,
    /// See `x`.
    pub y: f64,
}

/// What a chart kind draws into.
pub struct Canvas {
    /// The `<svg>`.
    pub svg: Element,
    /// Width in pixels.
    pub w: f64,
    /// Height in pixels.
    pub h: f64,
    /// Chart type (`BarChart`, …).
    pub ty: Arc<str>,
    /// Data points, in order; marks refer to them by `data-tip`.
    pub tips: Vec<Tip>,
    /// Legend entries `(colour, label)`.
    pub legend: Vec<(String, String)>,
    frame: Rc<Frame>,
    format: Option<String>,
}

impl Canvas {
    /// Appends a new SVG element to `parent` (the canvas when `None`).
    pub fn add(&self, parent: Option<&Element>, tag: &str, class: &str) -> Element {
        let el = svg_element(tag);
        if !class.is_empty() {
            dom::set_attr(&el, "class", class);
        }
        dom::append(parent.unwrap_or(&self.svg), &el);
        el
    }

    /// Appends `<text>` at `(x, y)` anchored `anchor` (`start`, `middle`, `end`).
    pub fn text(&self, x: f64, y: f64, content: &str, anchor: &str, class: &str) -> Element {
        let el = self.add(None, "text", class);
        set_num(&el, "x", x);
        set_num(&el, "y", y);
        dom::set_attr(&el, "text-anchor", anchor);
        el.set_text_content(Some(content));
        el
    }

    /// An axis tick label: the `valueFormat` pipe, else JavaScript's `String(v)`.
    #[must_use]
    pub fn tick(&self, v: f64) -> String {
        match &self.format {
            Some(format) => self.pipe(format, v),
            None => number_to_string(v),
        }
    }

    /// A value in the tooltip: the `valueFormat` pipe, else grouped digits (`1,234.5`).
    #[must_use]
    pub fn value(&self, v: f64) -> String {
        self.pipe(self.format.as_deref().unwrap_or("number"), v)
    }

    fn pipe(&self, format: &str, v: f64) -> String {
        let frame = Frame::push(
            &self.frame,
            vec![(Arc::from("_v"), Binding::Value(Value::Number(v)))],
        );
        let src = ["{{ _v | ", format, " }}"].concat();
        template::display(&template::interpolate(&Value::from(src), &*frame))
    }
}

/// Sets a numeric attribute (tenths of a pixel).
pub fn set_num(el: &Element, name: &str, v: f64) {
    let mut s = String::new();
    scale::num(&mut s, v);
    dom::set_attr(el, name, &s);
}

/// Marks `el` as showing tip `i`.
pub fn set_tip(el: &Element, i: usize) {
    dom::set_attr(el, "data-tip", &crate::text::int(i as u64));
}

/// The rows of `data` (none while it is not an array, e.g. an unresolved template).
#[must_use]
pub fn rows(props: &Value) -> &[Value] {
    match prop(props, "data") {
        Value::Array(items) => items,
        _ => &[],
    }
}

/// `series` as `(dataKey, label, colour)`, colours defaulting to the theme cycle.
#[must_use]
pub fn series(props: &Value) -> Vec<(String, String, String)> {
    let Value::Array(list) = prop(props, "series") else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(list.len());
    for (i, s) in list.iter().enumerate() {
        let key = text(s, "dataKey");
        let label = prop(s, "label")
            .as_str()
            .map_or_else(|| key.clone(), str::to_string);
        let color = prop(s, "color")
            .as_str()
            .map_or_else(|| color(i), str::to_string);
        out.push((key, label, color));
    }
    out
}

/// Tooltip lines of `row`: one `(colour, label, value)` a series.
#[must_use]
pub fn lines(
    c: &Canvas,
    series: &[(String, String, String)],
    row: &Value,
) -> Vec<(String, String, String)> {
    let mut out = Vec::with_capacity(series.len());
    for (key, label, color) in series {
        out.push((color.clone(), label.clone(), c.value(number(row, key))));
    }
    out
}

/// The finite numbers of a list prop (`Sparkline.data`, `Histogram.values`).
#[must_use]
pub fn numbers(props: &Value, key: &str) -> Vec<f64> {
    let mut out = Vec::new();
    if let Value::Array(items) = prop(props, key) {
        for v in items.iter() {
            let v = v.to_number();
            if v.is_finite() {
                out.push(v);
            }
        }
    }
    out
}

/// A row field of every row as numbers (`0` when missing).
#[must_use]
pub fn column(rows: &[Value], key: &str) -> Vec<f64> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push(number(row, key));
    }
    out
}

/// A prop (or row field) as text (`""` when absent).
#[must_use]
pub fn text(v: &Value, key: &str) -> String {
    template::display(prop(v, key))
}

/// A row field as a number (`0` when missing or not numeric).
#[must_use]
pub fn number(row: &Value, key: &str) -> f64 {
    let v = prop(row, key).to_number();
    if v.is_finite() { v } else { 0.0 }
}

/// A boolean prop with its default when absent.
#[must_use]
pub fn flag(props: &Value, key: &str, default: bool) -> bool {
    match prop(props, key) {
        Value::Undefined | Value::Null => default,
        v => v.truthy(),
    }
}

/// A chart's view: the wrapper, the last props and width, the current points.
struct View {
    wrap: Element,
    tooltip: Element,
    ty: Arc<str>,
    props: RefCell<Value>,
    width: Cell<f64>,
    tips: RefCell<Vec<Tip>>,
    current: Cell<usize>,
    frame: Rc<Frame>,
    draw: fn(&mut Canvas, &Value),
}

fn mount(cx: &Cx, ty: &str, node: &Value, draw: fn(&mut Canvas, &Value)) -> Result<Node, String> {
    for key in ["data", "series"] {
        if let v @ (Value::Number(_) | Value::Bool(_) | Value::Object(_)) = prop(node, key) {
            return Err([
                "Chart.",
                key,
                " must be a list or a template, got ",
                kind(v),
            ]
            .concat());
        }
    }
    let wrap = dom::element("div");
    base(cx, &wrap, node, "pf-chart");
    let view = Rc::new(View {
        tooltip: dom::element_with_class("div", "pf-chart-tooltip"),
        wrap,
        ty: Arc::from(ty),
        props: RefCell::new(Value::Null),
        width: Cell::new(0.0),
        tips: RefCell::default(),
        current: Cell::new(0),
        frame: cx.frame.clone(),
        draw,
    });
    let v = view.clone();
    cx.bind(node, move |props| {
        *v.props.borrow_mut() = props;
        v.redraw();
    });
    // One listener for pointer, focus and keys; one observer for the width.
    let v = view.clone();
    dom::listen_many(
        &cx.owner,
        &view.wrap,
        &["mouseover", "mouseleave", "focusin", "focusout", "keydown"],
        Box::new(move |e: crate::dom::Event| v.on_event(&e)),
    );
    let v = view.clone();
    let on_resize = move || {
        let w = f64::from(v.wrap.client_width());
        if w > 0.0 && w != v.width.get() {
            v.width.set(w);
            v.redraw();
        }
    };
    dom::on_resize(&cx.owner, &view.wrap, Box::new(on_resize));
    Ok(view.wrap.clone().into())
}

impl View {
    fn redraw(&self) {
        let props = self.props.borrow();
        let height = prop(&props, "height").to_number();
        let height = if height.is_finite() && height > 0.0 {
            height
        } else {
            300.0
        };
        let show_legend = flag(&props, "showLegend", false);
        let width = match self.width.get() {
            w if w > 0.0 => w,
            _ => 600.0,
        };
        let format = prop(&props, "valueFormat")
            .as_str()
            .filter(|f| !f.is_empty() && *f != "auto");
        let mut canvas = Canvas {
            svg: svg_element("svg"),
            w: width,
            h: if show_legend { height - 32.0 } else { height },
            ty: self.ty.clone(),
            tips: Vec::new(),
            legend: Vec::new(),
            frame: self.frame.clone(),
            format: format.map(str::to_string),
        };
        (self.draw)(&mut canvas, &props);
        let svg = &canvas.svg;
        let mut view_box = String::from("0 0 ");
        scale::num(&mut view_box, canvas.w);
        view_box.push(' ');
        scale::num(&mut view_box, canvas.h);
        dom::set_attr(svg, "viewBox", &view_box);
        dom::set_attr(svg, "width", "100%");
        set_num(svg, "height", canvas.h);
        dom::set_attr(svg, "role", "img");
        dom::set_attr(svg, "tabindex", "0");
        dom::set_attr(svg, "class", "pf-chart-svg");
        dom::set_attr(svg, "aria-label", &summary(&canvas));
        dom::clear(&self.wrap);
        dom::append(&self.wrap, svg);
        if show_legend && !canvas.legend.is_empty() {
            let legend = dom::element_with_class("div", "pf-chart-legend");
            for (color, label) in &canvas.legend {
                let item = dom::element_with_class("span", "pf-chart-legend-item");
                dom::append(&item, &swatch(color));
                dom::append(&item, &dom::text(label));
                dom::append(&legend, &item);
            }
            dom::append(&self.wrap, &legend);
        }
        dom::append(&self.wrap, &table(&canvas.tips));
        self.hide();
        dom::append(&self.wrap, &self.tooltip);
        *self.tips.borrow_mut() = canvas.tips;
    }

    fn on_event(&self, e: &crate::dom::Event) {
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        match e.type_().as_str() {
            "mouseover" => {
                let tip = target
                    .and_then(|t| t.closest("[data-tip]").ok().flatten())
                    .and_then(|t| t.get_attribute("data-tip"))
                    .map(|i| Value::from(i.as_str()).to_number());
                if let Some(i) = tip.filter(|i| i.is_finite()) {
                    self.show(i as usize);
                }
            }
            "focusin" if target.is_some_and(|t| t.tag_name() == "svg") => {
                self.show(self.current.get());
            }
            "keydown" => {
                let Some(key) = e.dyn_ref::<crate::dom::KeyboardEvent>().map(|k| k.key()) else {
                    return;
                };
                let n = self.tips.borrow().len();
                let i = self.current.get();
                let next = match key.as_str() {
                    "ArrowRight" | "ArrowDown" => (i + 1) % n.max(1),
                    "ArrowLeft" | "ArrowUp" => (i + n.max(1) - 1) % n.max(1),
                    "Escape" => return self.hide(),
                    _ => return,
                };
                e.prevent_default();
                self.show(next);
            }
            "mouseleave" | "focusout" => self.hide(),
            _ => {}
        }
    }

    fn show(&self, i: usize) {
        let tips = self.tips.borrow();
        let Some(tip) = tips.get(i) else {
            return;
        };
        self.current.set(i);
        let t = &self.tooltip;
        dom::clear(t);
        let title = dom::element_with_class("div", "pf-chart-tooltip-label");
        title.set_text_content(Some(&tip.title));
        dom::append(t, &title);
        for (color, label, value) in &tip.rows {
            let row = dom::element_with_class("div", "pf-chart-tooltip-item");
            dom::append(&row, &swatch(color));
            let name = dom::element("span");
            name.set_text_content(Some(label));
            dom::append(&row, &name);
            let v = dom::element_with_class("span", "pf-chart-tooltip-value");
            v.set_text_content(Some(value));
            dom::append(&row, &v);
            dom::append(t, &row);
        }
        // Right of the point, or left of it past the middle of the chart.
        let mut style = String::from("display:grid;top:");
        scale::num(&mut style, tip.y);
        let w = self.width.get();
        if w > 0.0 && tip.x > w / 2.0 {
            style.push_str("px;right:");
            scale::num(&mut style, w - tip.x + 12.0);
        } else {
            style.push_str("px;left:");
            scale::num(&mut style, tip.x + 12.0);
        }
        style.push_str("px");
        dom::set_attr(t, "style", &style);
    }

    fn hide(&self) {
        dom::set_attr(&self.tooltip, "style", "display:none");
    }
}

/// `<Type>, <n> points: <legend labels>` for the SVG's `aria-label`.
fn summary(canvas: &Canvas) -> String {
    let mut s = String::from(&*canvas.ty);
    s.push_str(", ");
    crate::text::push_int(&mut s, canvas.tips.len() as u64);
    s.push_str(" points");
    for (i, (_, label)) in canvas.legend.iter().enumerate() {
        s.push_str(if i == 0 { ": " } else { ", " });
        s.push_str(label);
    }
    s
}

fn swatch(color: &str) -> Node {
    let el = dom::element_with_class("span", "pf-chart-swatch");
    dom::set_attr(&el, "style", &["background:", color].concat());
    el.into()
}

/// The points as a visually hidden table (one row a point: heading, then `label: value`).
fn table(tips: &[Tip]) -> Node {
    let table = dom::element_with_class("table", "pf-chart-table");
    for tip in tips {
        let tr = dom::element("tr");
        let th = dom::element("th");
        dom::set_attr(&th, "scope", "row");
        th.set_text_content(Some(&tip.title));
        dom::append(&tr, &th);
        for (_, label, value) in &tip.rows {
            let td = dom::element("td");
            td.set_text_content(Some(&[label.as_str(), ": ", value].concat()));
            dom::append(&tr, &td);
        }
        dom::append(&table, &tr);
    }
    table.into()
}
