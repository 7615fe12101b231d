//! Plot area, value axes (ticks, labels, grid lines) and category labels of the
//! Cartesian charts.
use super::Canvas;
use super::scale::{Linear, ticks};

/// The plotting rectangle inside the margins.
#[derive(Clone, Copy)]
pub struct Plot {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

/// A value axis from the data range `lo..hi` (prefab-ui's ticks, see [`ticks`]), laid along
/// the left edge (`vertical`) or the bottom of `plot`, with grid lines across the plot when
/// `grid` and tick labels when `labels` (none when there is no data: `lo > hi`).
pub fn value_axis(
    c: &Canvas,
    plot: Plot,
    (lo, hi): (f64, f64),
    vertical: bool,
    grid: bool,
    labels: bool,
) -> Linear {
    let t = ticks(lo, hi, 5);
    // No data: prefab-ui draws no ticks, only the grid lines at both ends.
    let labels = labels && !t.is_empty();
    let t = if t.is_empty() { vec![0.0, 1.0] } else { t };
    let (d0, d1) = (
        t.first().copied().unwrap_or(0.0),
        t.last().copied().unwrap_or(1.0),
    );
    let scale = if vertical {
        Linear {
            d0,
            d1,
            r0: plot.y1,
            r1: plot.y0,
        }
    } else {
        Linear {
            d0,
            d1,
            r0: plot.x0,
            r1: plot.x1,
        }
    };
    for v in t {
        let p = scale.at(v);
        if grid {
            let (a, b) = if vertical {
                ((plot.x0, p), (plot.x1, p))
            } else {
                ((p, plot.y0), (p, plot.y1))
            };
            line(c, a, b, "pf-chart-grid");
        }
        if labels {
            let label = c.tick(v);
            if vertical {
                c.text(plot.x0 - 8.0, p + 4.0, &label, "end", "pf-chart-tick");
            } else {
                c.text(p, plot.y1 + 18.0, &label, "middle", "pf-chart-tick");
            }
        }
    }
    scale
}

/// Where category `i` of `n` sits along a category axis of `length` from `c0`: at its band's
/// centre (bars), or, for `points` (lines and areas, as prefab-ui's point scale places them),
/// from one edge of the plot to the other.
#[must_use]
pub fn category_at(c0: f64, length: f64, i: usize, n: usize, points: bool) -> f64 {
    let n = n.max(1);
    if points && n > 1 {
        c0 + i as f64 * length / (n - 1) as f64
    } else {
        c0 + (i as f64 + 0.5) * length / n as f64
    }
}

/// Category labels (the tips' titles) where [`category_at`] puts them, thinned so they do not
/// overlap.
pub fn category_labels(c: &Canvas, plot: Plot, vertical: bool, points: bool) {
    let cats = &c.tips;
    let n = cats.len().max(1);
    let room = if vertical {
        plot.y1 - plot.y0
    } else {
        plot.x1 - plot.x0
    };
    let mut widest = 1;
    for tip in cats {
        widest = widest.max(tip.title.chars().count());
    }
    let widest = widest as f64;
    let need = if vertical { 18.0 } else { widest * 7.0 + 8.0 };
    let every = ((need * n as f64 / room.max(1.0)).ceil() as usize).max(1);
    for (i, tip) in cats.iter().enumerate().step_by(every) {
        let cat = &tip.title;
        if vertical {
            let y = category_at(plot.y0, room, i, n, points);
            c.text(plot.x0 - 8.0, y + 4.0, cat, "end", "pf-chart-tick");
        } else {
            let x = category_at(plot.x0, room, i, n, points);
            c.text(x, plot.y1 + 18.0, cat, "middle", "pf-chart-tick");
        }
    }
}

/// Axis titles (`xAxisLabel` under the plot, `yAxisLabel` turned along the left edge).
pub fn titles(c: &Canvas, plot: Plot, bottom: &str, left: &str) {
    if !bottom.is_empty() {
        let x = (plot.x0 + plot.x1) / 2.0;
        c.text(x, c.h - 6.0, bottom, "middle", "pf-chart-axis-title");
    }
    if !left.is_empty() {
        let y = (plot.y0 + plot.y1) / 2.0;
        let el = c.text(14.0, y, left, "middle", "pf-chart-axis-title");
        let mut t = String::from("rotate(-90 14 ");
        super::scale::num(&mut t, y);
        t.push(')');
        crate::dom::set_attr(&el, "transform", &t);
    }
}

/// A `<line>` from `a` to `b`.
pub fn line(c: &Canvas, a: (f64, f64), b: (f64, f64), class: &str) -> crate::dom::Element {
    let el = c.add(None, "line", class);
    for (name, v) in [("x1", a.0), ("y1", a.1), ("x2", b.0), ("y2", b.1)] {
        super::set_num(&el, name, v);
    }
    el
}

/// A `<rect>` (`w`/`h` may be negative: the rectangle is normalised).
pub fn rect(c: &Canvas, x: f64, y: f64, w: f64, h: f64, class: &str) -> crate::dom::Element {
    let el = c.add(None, "rect", class);
    let (x, w) = if w < 0.0 { (x + w, -w) } else { (x, w) };
    let (y, h) = if h < 0.0 { (y + h, -h) } else { (y, h) };
    for (name, v) in [("x", x), ("y", y), ("width", w), ("height", h)] {
        super::set_num(&el, name, v);
    }
    el
}

/// A point of radius `r`: filled with `color` (scatter), or `hollow` as prefab-ui draws line,
/// area and radar points (the background inside a `color` ring).
pub fn dot(
    c: &Canvas,
    (x, y): (f64, f64),
    r: f64,
    color: &str,
    hollow: bool,
) -> crate::dom::Element {
    let el = c.add(None, "circle", "pf-chart-dot");
    for (name, v) in [("cx", x), ("cy", y), ("r", r)] {
        super::set_num(&el, name, v);
    }
    if hollow {
        crate::dom::set_attr(&el, "fill", "var(--background)");
        crate::dom::set_attr(&el, "stroke", color);
    } else {
        crate::dom::set_attr(&el, "fill", color);
    }
    el
}
