//! Charts on a category axis (Bar, Line, Area, Waterfall, Histogram) and the Scatter chart.
use super::axes::{self, Plot};
use super::path::{self, Curve};
use super::scale::extent;
use super::{Canvas, Tip, flag, number, rows, series, set_num, set_tip, text};
use crate::dom;
use prefab::expr::{Value, number_to_string};

/// One series as drawn: a `(from, to)` value span per category and its fill.
struct Layer {
    color: String,
    spans: Vec<(f64, f64)>,
    /// Per-category fills (waterfall); empty: `color` everywhere.
    fills: Vec<String>,
}

#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Bar,
    Line,
    Area,
}

/// How the layers are drawn.
struct Opts {
    mark: Mark,
    stacked: bool,
    connectors: bool,
    /// A waterfall: its value axis holds zero even without data.
    waterfall: bool,
}

/// `BarChart` (grouped, `stacked`, `horizontal`), `LineChart`, `AreaChart` (`stacked`).
pub fn category(c: &mut Canvas, props: &Value) {
    let mark = match &*c.ty {
        "LineChart" => Mark::Line,
        "AreaChart" => Mark::Area,
        _ => Mark::Bar,
    };
    let rows = rows(props);
    let series = series(props);
    let x_key = text(props, "xAxis");
    let stacked = mark != Mark::Line && flag(props, "stacked", false);
    let mut acc = vec![0.0; rows.len()];
    let mut layers = Vec::new();
    for (key, label, color) in &series {
        let mut spans = Vec::with_capacity(rows.len());
        for (row, acc) in rows.iter().zip(acc.iter_mut()) {
            let v = number(row, key);
            let from = if stacked { *acc } else { 0.0 };
            if stacked {
                *acc += v;
            }
            spans.push(if mark == Mark::Line {
                (v, v)
            } else {
                (from, from + v)
            });
        }
        c.legend.push((color.clone(), label.clone()));
        layers.push(Layer {
            color: color.clone(),
            spans,
            fills: Vec::new(),
        });
    }
    for row in rows {
        c.tips.push(Tip {
            title: text(row, &x_key),
            rows: super::lines(c, &series, row),
            x: 0.0,
            y: 0.0,
        });
    }
    let opts = Opts {
        mark,
        stacked,
        connectors: false,
        waterfall: false,
    };
    draw(c, props, &layers, &opts, !x_key.is_empty());
}

/// `WaterfallChart`: running totals, rows flagged by `totalKey` drawn from zero.
pub fn waterfall(c: &mut Canvas, props: &Value) {
    let (key, name_key, total_key) = (
        text(props, "dataKey"),
        text(props, "nameKey"),
        text(props, "totalKey"),
    );
    let kinds = [
        ("Increase", "increaseColor", "var(--success)"),
        ("Decrease", "decreaseColor", "var(--destructive)"),
        ("Total", "totalColor", "var(--info)"),
    ];
    let colors: Vec<String> = kinds
        .iter()
        .map(|(_, prop, fallback)| props_str(props, prop).unwrap_or(fallback).to_string())
        .collect();
    let mut layer = Layer {
        color: String::new(),
        spans: Vec::new(),
        fills: Vec::new(),
    };
    let mut running = 0.0;
    for row in rows(props) {
        let v = number(row, &key);
        let total = !total_key.is_empty() && crate::node::prop(row, &total_key).truthy();
        let (from, to) = if total {
            (0.0, v)
        } else {
            (running, running + v)
        };
        running = to;
        let k = if total {
            2
        } else if v >= 0.0 {
            0
        } else {
            1
        };
        let color = colors.get(k).cloned().unwrap_or_default();
        let (label, ..) = kinds.get(k).copied().unwrap_or_default();
        if !c.legend.iter().any(|(_, l)| l == label) {
            c.legend.push((color.clone(), label.into()));
        }
        let shown = if total { to } else { v };
        let mut value = if k == 0 {
            String::from("+")
        } else {
            String::new()
        };
        value.push_str(&c.value(shown));
        c.tips.push(Tip {
            title: text(row, &name_key),
            rows: vec![(color.clone(), label.into(), value)],
            x: 0.0,
            y: 0.0,
        });
        layer.spans.push((from, to));
        layer.fills.push(color);
    }
    let opts = Opts {
        mark: Mark::Bar,
        stacked: false,
        connectors: flag(props, "showConnectors", true),
        waterfall: true,
    };
    draw(c, props, &[layer], &opts, true);
}

/// `Histogram` (`values`, `bins`, `color`): counts per equal-width bin (labelled `lo–hi`,
/// as prefab-ui's `Histogram` computes them), drawn as a bar chart.
pub fn histogram(c: &mut Canvas, props: &Value) {
    let values = super::numbers(props, "values");
    let bins = crate::node::prop(props, "bins").to_number();
    let bins = if bins >= 1.0 {
        bins.min(1000.0) as usize
    } else {
        10
    };
    let (lo, hi) = extent(&values);
    let width = if hi > lo {
        (hi - lo) / bins as f64
    } else {
        1.0
    };
    let mut counts = vec![0u32; bins];
    for v in &values {
        let i = (((v - lo) / width).floor() as usize).min(bins - 1);
        if let Some(n) = counts.get_mut(i) {
            *n += 1;
        }
    }
    let color = props_str(props, "color").map_or_else(|| super::color(0), str::to_string);
    let mut layer = Layer {
        color: color.clone(),
        spans: Vec::new(),
        fills: Vec::new(),
    };
    let edge = |i: usize| number_to_string(((lo + width * i as f64) * 100.0 + 0.5).floor() / 100.0);
    for (i, &n) in counts.iter().enumerate().filter(|_| !values.is_empty()) {
        let n = f64::from(n);
        layer.spans.push((0.0, n));
        let row = (color.clone(), "Count".into(), c.value(n));
        let title = [edge(i).as_str(), "–", &edge(i + 1)].concat();
        c.tips.push(Tip {
            title,
            rows: vec![row],
            x: 0.0,
            y: 0.0,
        });
    }
    c.legend.push((color, "Count".into()));
    let opts = Opts {
        mark: Mark::Bar,
        stacked: false,
        connectors: false,
        waterfall: false,
    };
    draw(c, props, &[layer], &opts, true);
}

fn props_str<'a>(props: &'a Value, key: &str) -> Option<&'a str> {
    crate::node::prop(props, key)
        .as_str()
        .filter(|s| !s.is_empty())
}

/// Axes, grid, hit areas and marks of a category chart.
fn draw(c: &mut Canvas, props: &Value, layers: &[Layer], opts: &Opts, show_cats: bool) {
    let horizontal = opts.mark == Mark::Bar && flag(props, "horizontal", false);
    let value_axis = flag(props, "showYAxis", true);
    let x_title = if show_cats {
        text(props, "xAxisLabel")
    } else {
        String::new()
    };
    let y_title = if value_axis {
        text(props, "yAxisLabel")
    } else {
        String::new()
    };
    let (bottom_title, left_title) = if horizontal {
        (y_title, x_title)
    } else {
        (x_title, y_title)
    };
    let left_labels = if horizontal { show_cats } else { value_axis };
    let bottom_labels = !horizontal && show_cats;
    let room = |on: bool, px: f64| if on { px } else { 0.0 };
    let plot = Plot {
        x0: 5.0 + room(left_labels, 60.0) + room(!left_title.is_empty(), 20.0),
        y0: 10.0,
        x1: c.w - 10.0,
        y1: c.h - 5.0 - room(bottom_labels, 25.0) - room(!bottom_title.is_empty(), 20.0),
    };
    // prefab-ui's waterfall axis always holds zero; the others have no axis without data.
    let (mut lo, mut hi) = if opts.waterfall {
        (0.0f64, 0.0f64)
    } else {
        (f64::INFINITY, f64::NEG_INFINITY)
    };
    for layer in layers {
        for &(a, b) in &layer.spans {
            (lo, hi) = (lo.min(a).min(b), hi.max(a).max(b));
        }
    }
    let grid = flag(props, "showGrid", true);
    let scale = axes::value_axis(
        c,
        plot,
        (lo, hi),
        !horizontal,
        grid,
        !horizontal && value_axis,
    );
    if show_cats {
        axes::category_labels(c, plot, horizontal, opts.mark != Mark::Bar);
    }
    axes::titles(c, plot, &bottom_title, &left_title);
    let (c0, length) = if horizontal {
        (plot.y0, plot.y1 - plot.y0)
    } else {
        (plot.x0, plot.x1 - plot.x0)
    };
    let g = Geometry {
        horizontal,
        c0,
        length,
        n: c.tips.len(),
        points: opts.mark != Mark::Bar,
        scale,
    };
    hit_areas(c, plot, &g);
    marks(c, props, layers, opts, &g);
}

/// Where the categories and values of a category chart land.
struct Geometry {
    /// Categories run down (bars grow right) instead of across.
    horizontal: bool,
    /// Where the category axis starts, its length and the number of categories.
    c0: f64,
    length: f64,
    n: usize,
    /// Categories are points from edge to edge (lines, areas), not bands (bars).
    points: bool,
    scale: super::scale::Linear,
}

impl Geometry {
    /// The room of one category (a band, or the distance between two points).
    fn band(&self) -> f64 {
        let slots = if self.points {
            self.n.saturating_sub(1)
        } else {
            self.n
        };
        self.length / slots.max(1) as f64
    }

    /// Where category `i`'s band centre or point is.
    fn at(&self, i: usize) -> f64 {
        axes::category_at(self.c0, self.length, i, self.n, self.points)
    }
}

/// One hit area per category (for its tooltip), and the tooltip's anchor.
fn hit_areas(c: &mut Canvas, plot: Plot, g: &Geometry) {
    let (band, horizontal) = (g.band(), g.horizontal);
    let (lo, hi) = (g.c0, g.c0 + g.length);
    for i in 0..c.tips.len() {
        // Centred on the category, cut to the plot (a point at an edge has half a band).
        let start = (g.at(i) - band / 2.0).max(lo);
        let band = (g.at(i) + band / 2.0).min(hi) - start;
        let hit = if horizontal {
            axes::rect(c, plot.x0, start, plot.x1 - plot.x0, band, "pf-chart-hit")
        } else {
            axes::rect(c, start, plot.y0, band, plot.y1 - plot.y0, "pf-chart-hit")
        };
        set_tip(&hit, i);
        if let Some(tip) = c.tips.get_mut(i) {
            (tip.x, tip.y) = if horizontal {
                (plot.x0 + 8.0, start + band)
            } else {
                (start + band, plot.y0)
            };
        }
    }
}

/// The bars (side by side, or stacked), lines or areas of every layer.
fn marks(c: &mut Canvas, props: &Value, layers: &[Layer], opts: &Opts, g: &Geometry) {
    let (band, horizontal, scale) = (g.band(), g.horizontal, g.scale);
    let slots = if opts.stacked { 1 } else { layers.len().max(1) };
    let gap = if slots > 1 { 4.0 } else { 0.0 };
    let width = ((band * 0.8 - gap * (slots - 1) as f64) / slots as f64).max(1.0);
    let radius = match crate::node::prop(props, "barRadius").to_number() {
        r if r >= 0.0 => r,
        _ => 4.0,
    };
    let curve = Curve::parse(crate::node::prop(props, "curve").as_str());
    let dots = flag(props, "showDots", false);
    for (l, layer) in layers.iter().enumerate() {
        let slot = if opts.stacked { 0 } else { l };
        if opts.mark == Mark::Bar {
            let mut last: Option<(f64, f64)> = None;
            for (i, &(a, b)) in layer.spans.iter().enumerate() {
                let start = g.at(i) - band * 0.4 + slot as f64 * (width + gap);
                let (pa, pb) = (scale.at(a), scale.at(b));
                let bar = if horizontal {
                    axes::rect(c, pa, start, pb - pa, width, "pf-chart-bar")
                } else {
                    axes::rect(c, start, pb, width, pa - pb, "pf-chart-bar")
                };
                dom::set_attr(&bar, "fill", layer.fills.get(i).unwrap_or(&layer.color));
                set_num(&bar, "rx", radius.min(width / 2.0));
                set_tip(&bar, i);
                if let Some((x, y)) = last.filter(|_| opts.connectors) {
                    axes::line(c, (x, y), (start, y), "pf-chart-connector");
                }
                last = Some((start + width, pb));
            }
            continue;
        }
        let at = |i: usize, v: f64| (g.at(i), scale.at(v));
        let (mut top, mut base) = (Vec::new(), Vec::new());
        for (i, &(a, b)) in layer.spans.iter().enumerate() {
            top.push(at(i, b));
            base.push(at(i, a));
        }
        base.reverse();
        let mut d = String::new();
        path::line(&mut d, &top, curve, false);
        let el = if opts.mark == Mark::Area {
            path::line(&mut d, &base, curve, true);
            d.push('Z');
            let el = c.add(None, "path", "pf-chart-area");
            dom::set_attr(&el, "fill", &layer.color);
            el
        } else {
            c.add(None, "path", "pf-chart-line")
        };
        dom::set_attr(&el, "d", &d);
        dom::set_attr(&el, "stroke", &layer.color);
        if dots {
            for (i, &(x, y)) in top.iter().enumerate() {
                set_tip(&axes::dot(c, (x, y), 3.0, &layer.color, true), i);
            }
        }
    }
}

/// `ScatterChart`: `xAxis`/`yAxis` keys on numeric axes, `zAxis` sizing the dots; with
/// several series, rows go to the series named by their `_series` field.
pub fn scatter(c: &mut Canvas, props: &Value) {
    let rows = rows(props);
    let series = series(props);
    let (xk, yk, zk) = (
        text(props, "xAxis"),
        text(props, "yAxis"),
        text(props, "zAxis"),
    );
    let range = |key: &str| extent(&super::column(rows, key));
    let plot = Plot {
        x0: 65.0,
        y0: 10.0,
        x1: c.w - 10.0,
        y1: c.h - 30.0,
    };
    let grid = flag(props, "showGrid", true);
    let ys = axes::value_axis(c, plot, range(&yk), true, grid, true);
    let xs = axes::value_axis(c, plot, range(&xk), false, grid, true);
    // prefab-ui's ZAxis: domain `[0, auto]` (0 to the largest value, unrounded; a negative
    // value lowers it), range 40 to 400 px² of dot area.
    let (zlo, zhi) = range(&zk);
    let zlo = zlo.min(0.0);
    for (key, label, color) in &series {
        c.legend.push((color.clone(), label.clone()));
        let own = rows
            .iter()
            .filter(|r| series.len() == 1 || text(r, "_series") == *key);
        for row in own {
            let (x, y) = (xs.at(number(row, &xk)), ys.at(number(row, &yk)));
            let mut lines = vec![
                (color.clone(), xk.clone(), c.value(number(row, &xk))),
                (color.clone(), yk.clone(), c.value(number(row, &yk))),
            ];
            let area = if zk.is_empty() {
                64.0
            } else {
                lines.push((color.clone(), zk.clone(), c.value(number(row, &zk))));
                let span = zhi - zlo;
                40.0 + if span > 0.0 {
                    (number(row, &zk) - zlo) / span * 360.0
                } else {
                    0.0
                }
            };
            let r = (area / core::f64::consts::PI).sqrt();
            set_tip(&axes::dot(c, (x, y), r, color, false), c.tips.len());
            c.tips.push(Tip {
                title: label.clone(),
                rows: lines,
                x,
                y,
            });
        }
    }
}
