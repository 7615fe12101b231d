//! Charts around a centre: `PieChart` (donut via `innerRadius`), `RadialChart`, `RadarChart`.
use super::path::{self, Curve, polar, sector};
use super::scale::within;
use super::{Canvas, Tip, color, flag, number, rows, series, set_tip, text};
use crate::dom;
use crate::node::prop;
use prefab::expr::{Value, number_to_string};

/// `(name, value)` of each row for the charts with `dataKey` / `nameKey`.
fn items(props: &Value) -> Vec<(String, f64)> {
    let (key, name) = (text(props, "dataKey"), text(props, "nameKey"));
    let mut out = Vec::new();
    for r in rows(props) {
        out.push((text(r, &name), number(r, &key)));
    }
    out
}

/// A prop as a number, `default` when absent or not numeric.
fn num_prop(props: &Value, key: &str, default: f64) -> f64 {
    match prop(props, key) {
        Value::Undefined | Value::Null => default,
        v => Some(v.to_number())
            .filter(|v| v.is_finite())
            .unwrap_or(default),
    }
}

/// Pie aggregation: with `aggregateBelow` (a fraction of the total) or `aggregateExcept`
/// (names to keep), the other slices become one "Other" slice.
fn aggregate(props: &Value, items: Vec<(String, f64)>) -> Vec<(String, f64)> {
    let below = prop(props, "aggregateBelow").to_number();
    let except = prop(props, "aggregateExcept");
    let total = positive_total(&items);
    let keep = |(name, v): &(String, f64)| match except {
        Value::Array(names) => names.iter().any(|n| n.as_str() == Some(name)),
        _ => !below.is_finite() || total <= 0.0 || v / total >= below,
    };
    if except.is_nullish() && !below.is_finite() || items.iter().all(keep) {
        return items;
    }
    let (mut kept, rest): (Vec<_>, Vec<_>) = items
        .into_iter()
        .partition(|item| item.0 != "Other" && keep(item));
    kept.push(("Other".into(), rest.iter().map(|(_, v)| v).sum()));
    kept
}

/// The sum of the positive values.
fn positive_total(items: &[(String, f64)]) -> f64 {
    let mut total = 0.0;
    for (_, v) in items {
        total += v.max(0.0);
    }
    total
}

/// A label at radius `r` and angle `deg`, anchored away from the centre.
fn outside(
    c: &Canvas,
    (cx, cy): (f64, f64),
    r: f64,
    deg: f64,
    label: &str,
    class: &str,
) -> crate::dom::Element {
    let (x, y) = polar(cx, cy, r, deg);
    let anchor = if x > cx + 1.0 {
        "start"
    } else if x < cx - 1.0 {
        "end"
    } else {
        "middle"
    };
    c.text(x, y + 4.0, label, anchor, class)
}

/// A slice's label as prefab-ui's renderer draws it: the raw value (not `valueFormat`), in
/// the slice's colour, 20 px outside the slice with a leader line from its edge.
fn label(c: &Canvas, centre: (f64, f64), outer: f64, deg: f64, v: f64, fill: &str) {
    let from = polar(centre.0, centre.1, outer, deg);
    let to = polar(centre.0, centre.1, outer + 20.0, deg);
    let line = super::axes::line(c, from, to, "pf-chart-label-line");
    dom::set_attr(&line, "stroke", fill);
    let text = outside(
        c,
        centre,
        outer + 20.0,
        deg,
        &number_to_string(v),
        "pf-chart-label",
    );
    dom::set_attr(&text, "fill", fill);
}

/// `PieChart`: slices counter-clockwise from 3 o'clock, `innerRadius` (percent of the
/// radius) makes a donut, `paddingAngle` separates slices, `showLabel` prints values.
pub fn pie(c: &mut Canvas, props: &Value) {
    let items = aggregate(props, items(props));
    let total = positive_total(&items);
    let labels = flag(props, "showLabel", false);
    let outer = c.w.min(c.h) / 2.0 * if labels { 0.6 } else { 0.8 };
    let inner = outer * within(num_prop(props, "innerRadius", 0.0), 0.0, 100.0) / 100.0;
    let pad = num_prop(props, "paddingAngle", 0.0).max(0.0);
    let (cx, cy) = (c.w / 2.0, c.h / 2.0);
    let turn = (360.0 - pad * items.len() as f64).max(0.0);
    let mut angle = 0.0;
    for (i, (name, v)) in items.iter().enumerate() {
        let sweep = if total > 0.0 {
            v.max(0.0) / total * turn
        } else {
            0.0
        };
        let slice = c.add(None, "path", "pf-chart-slice");
        dom::set_attr(
            &slice,
            "d",
            &sector(cx, cy, inner, outer, angle, angle + sweep),
        );
        let fill = color(i);
        dom::set_attr(&slice, "fill", &fill);
        set_tip(&slice, i);
        let mid = angle + sweep / 2.0;
        let (x, y) = polar(cx, cy, outer, mid);
        if labels {
            label(c, (cx, cy), outer, mid, *v, &fill);
        }
        c.legend.push((fill.clone(), name.clone()));
        c.tips.push(Tip {
            title: name.clone(),
            rows: vec![(fill, name.clone(), c.value(*v))],
            x,
            y,
        });
        angle += sweep + pad;
    }
}

/// `RadialChart`: one ring per row from `innerRadius` (px) outwards, each swept from
/// `startAngle` towards `endAngle` in proportion to the largest value.
pub fn radial(c: &mut Canvas, props: &Value) {
    let items = items(props);
    let mut max = 0.0f64;
    for (_, v) in &items {
        max = max.max(*v);
    }
    let (cx, cy) = (c.w / 2.0, c.h / 2.0);
    let outer = c.w.min(c.h) / 2.0 * 0.8;
    let inner = within(num_prop(props, "innerRadius", 30.0), 0.0, outer);
    let (start, end) = (
        num_prop(props, "startAngle", 180.0),
        num_prop(props, "endAngle", 0.0),
    );
    let band = (outer - inner) / items.len().max(1) as f64;
    for (i, (name, v)) in items.iter().enumerate() {
        let r0 = inner + band * (i as f64 + 0.1);
        let share = if max > 0.0 { v.max(0.0) / max } else { 0.0 };
        let a1 = start + (end - start) * share;
        let bar = c.add(None, "path", "pf-chart-radial-bar");
        dom::set_attr(&bar, "d", &sector(cx, cy, r0, r0 + band * 0.8, start, a1));
        let fill = color(i);
        dom::set_attr(&bar, "fill", &fill);
        set_tip(&bar, i);
        let (x, y) = polar(cx, cy, r0 + band * 0.8, a1);
        c.legend.push((fill.clone(), name.clone()));
        c.tips.push(Tip {
            title: name.clone(),
            rows: vec![(fill, name.clone(), c.value(*v))],
            x,
            y,
        });
    }
}

/// `RadarChart`: one spoke per row (labelled by `axisKey`), one polygon per series.
pub fn radar(c: &mut Canvas, props: &Value) {
    let rows = rows(props);
    let series = series(props);
    let axis = text(props, "axisKey");
    let n = rows.len().max(1);
    let (cx, cy) = (c.w / 2.0, c.h / 2.0);
    let outer = (c.w.min(c.h) / 2.0 - 24.0).max(10.0);
    let mut max = 0.0f64;
    for (key, ..) in &series {
        max = max.max(super::scale::extent(&super::column(rows, key)).1);
    }
    let ticks = super::scale::ticks(0.0, max, 4);
    let top = ticks.last().copied().filter(|t| *t > 0.0).unwrap_or(1.0);
    let angle = |i: usize| 90.0 - i as f64 * 360.0 / n as f64;
    let ring = |r: &dyn Fn(usize) -> f64| {
        let mut pts = Vec::with_capacity(n);
        for i in 0..n {
            pts.push(polar(cx, cy, r(i), angle(i)));
        }
        let mut d = String::new();
        path::line(&mut d, &pts, Curve::Linear, false);
        d.push('Z');
        (d, pts)
    };
    if flag(props, "showGrid", true) {
        for t in ticks.iter().filter(|t| **t > 0.0) {
            let grid = c.add(None, "path", "pf-chart-grid");
            dom::set_attr(&grid, "d", &ring(&|_| outer * t / top).0);
        }
        for i in 0..n {
            let (x, y) = polar(cx, cy, outer, angle(i));
            super::axes::line(c, (cx, cy), (x, y), "pf-chart-grid");
        }
    }
    for (i, row) in rows.iter().enumerate() {
        let title = text(row, &axis);
        outside(c, (cx, cy), outer + 10.0, angle(i), &title, "pf-chart-tick");
        let half = 180.0 / n as f64;
        let hit = c.add(None, "path", "pf-chart-hit");
        dom::set_attr(
            &hit,
            "d",
            &sector(cx, cy, 0.0, outer, angle(i) - half, angle(i) + half),
        );
        set_tip(&hit, i);
        let lines = super::lines(c, &series, row);
        let (x, y) = polar(cx, cy, outer, angle(i));
        c.tips.push(Tip {
            title,
            rows: lines,
            x,
            y,
        });
    }
    let filled = flag(props, "filled", true);
    let dots = flag(props, "showDots", false);
    for (key, label, color) in &series {
        let (d, pts) = ring(&|i| outer * rows.get(i).map_or(0.0, |r| number(r, key)) / top);
        let shape = c.add(None, "path", "pf-chart-radar");
        dom::set_attr(&shape, "d", &d);
        dom::set_attr(&shape, "fill", color);
        dom::set_attr(&shape, "fill-opacity", if filled { "0.3" } else { "0" });
        dom::set_attr(&shape, "stroke", color);
        if dots {
            for (x, y) in pts {
                super::axes::dot(c, (x, y), 3.0, color, true);
            }
        }
        c.legend.push((color.clone(), label.clone()));
    }
}
