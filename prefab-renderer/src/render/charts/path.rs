//! SVG path data (pure, tested natively): lines through points with the `curve` of the
//! wire (`linear`, `step`, `smooth` = monotone cubic as Recharts' `monotone`), and ring
//! sectors for pies, radial bars and radar hit areas. Numbers go through [`num`].
use super::scale::num;

/// How a line joins its points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Curve {
    /// Straight segments.
    Linear,
    /// Horizontal then vertical steps, turning halfway between points.
    Step,
    /// Monotone cubic curves (no overshoot).
    Smooth,
}

impl Curve {
    /// The wire's `curve` value (`linear` when absent or unknown).
    #[must_use]
    pub fn parse(name: Option<&str>) -> Curve {
        match name {
            Some("step") => Curve::Step,
            Some("smooth" | "monotone") => Curve::Smooth,
            _ => Curve::Linear,
        }
    }
}

/// Appends ` <cmd>x,y`.
pub fn point(out: &mut String, cmd: char, x: f64, y: f64) {
    out.push(cmd);
    num(out, x);
    out.push(',');
    num(out, y);
}

/// Appends a line through `pts`, starting with `M` (or `L` when `join` continues a path).
pub fn line(out: &mut String, pts: &[(f64, f64)], curve: Curve, join: bool) {
    let Some(&(x0, y0)) = pts.first() else {
        return;
    };
    point(out, if join { 'L' } else { 'M' }, x0, y0);
    let tangents = if curve == Curve::Smooth && pts.len() > 2 {
        monotone_tangents(pts)
    } else {
        Vec::new()
    };
    for (i, pair) in pts.windows(2).enumerate() {
        let [(xa, ya), (xb, yb)] = *pair else {
            continue;
        };
        match (curve, tangents.get(i).zip(tangents.get(i + 1))) {
            (Curve::Step, _) => {
                let mid = (xa + xb) / 2.0;
                point(out, 'L', mid, ya);
                point(out, 'L', mid, yb);
                point(out, 'L', xb, yb);
            }
            (Curve::Smooth, Some((&ta, &tb))) => {
                let third = (xb - xa) / 3.0;
                point(out, 'C', xa + third, ya + third * ta);
                out.push(' ');
                num(out, xb - third);
                out.push(',');
                num(out, yb - third * tb);
                out.push(' ');
                num(out, xb);
                out.push(',');
                num(out, yb);
            }
            _ => point(out, 'L', xb, yb),
        }
    }
}

/// Slopes at each point of a monotone cubic through `pts` (Fritsch–Carlson, as d3's
/// `curveMonotoneX`).
fn monotone_tangents(pts: &[(f64, f64)]) -> Vec<f64> {
    // (width, slope) of each segment.
    let seg: Vec<(f64, f64)> = pts
        .windows(2)
        .map(|w| match *w {
            [(xa, ya), (xb, yb)] if xb != xa => (xb - xa, (yb - ya) / (xb - xa)),
            _ => (0.0, 0.0),
        })
        .collect();
    let mut t = vec![0.0];
    for w in seg.windows(2) {
        if let [(h0, s0), (h1, s1)] = *w {
            let p = if h0 + h1 == 0.0 {
                0.0
            } else {
                (s0 * h1 + s1 * h0) / (h0 + h1)
            };
            t.push(if s0 * s1 <= 0.0 {
                0.0
            } else {
                s0.signum() * s0.abs().min(s1.abs()).min(0.5 * p.abs()) * 2.0
            });
        }
    }
    t.push(0.0);
    let end = |slope: Option<&(f64, f64)>, next: Option<&f64>| match (slope, next) {
        (Some(&(_, s)), Some(&n)) => (3.0 * s - n) / 2.0,
        _ => 0.0,
    };
    let first = end(seg.first(), t.get(1));
    let last = end(seg.last(), t.iter().rev().nth(1));
    if let Some(v) = t.first_mut() {
        *v = first;
    }
    if let Some(v) = t.last_mut() {
        *v = last;
    }
    t
}

/// The point at `deg` degrees (0 = 3 o'clock, counter-clockwise) on the circle of radius `r`.
#[must_use]
pub fn polar(cx: f64, cy: f64, r: f64, deg: f64) -> (f64, f64) {
    let rad = deg * core::f64::consts::PI / 180.0;
    (cx + r * cos(rad), cy - r * sin(rad))
}

#[cfg(target_arch = "wasm32")]
fn sin(x: f64) -> f64 {
    js_sys::Math::sin(x)
}
#[cfg(target_arch = "wasm32")]
fn cos(x: f64) -> f64 {
    js_sys::Math::cos(x)
}
#[cfg(not(target_arch = "wasm32"))]
fn sin(x: f64) -> f64 {
    x.sin()
}
#[cfg(not(target_arch = "wasm32"))]
fn cos(x: f64) -> f64 {
    x.cos()
}

/// The ring sector between radii `r0 < r1` from angle `a0` to `a1` (degrees, either
/// direction). `r0 == 0` gives a pie slice. A whole turn is a full disc or ring, drawn as two
/// half arcs per circle: one arc back to its own start point paints nothing in SVG.
#[must_use]
pub fn sector(cx: f64, cy: f64, r0: f64, r1: f64, a0: f64, a1: f64) -> String {
    let sweep = super::scale::within(a1 - a0, -360.0, 360.0);
    let mut d = String::new();
    if sweep.abs() >= 359.99 {
        circle(&mut d, (cx, cy), r1, a0, '0');
        if r0 > 0.0 {
            circle(&mut d, (cx, cy), r0, a0, '1');
        }
        return d;
    }
    let a1 = a0 + sweep;
    // Counter-clockwise on screen (y down) is SVG sweep flag 0.
    let large = if sweep.abs() > 180.0 { '1' } else { '0' };
    let (out_flag, in_flag) = if sweep >= 0.0 { ('0', '1') } else { ('1', '0') };
    let (x, y) = polar(cx, cy, r1, a0);
    point(&mut d, 'M', x, y);
    arc(&mut d, r1, large, out_flag, polar(cx, cy, r1, a1));
    if r0 > 0.0 {
        let (x, y) = polar(cx, cy, r0, a1);
        point(&mut d, 'L', x, y);
        arc(&mut d, r0, large, in_flag, polar(cx, cy, r0, a0));
    } else {
        point(&mut d, 'L', cx, cy);
    }
    d.push('Z');
    d
}

/// A whole circle of radius `r` from angle `a0`, as two half arcs in the direction `sweep`
/// (the inner circle of a ring runs the other way, so the nonzero rule leaves it a hole).
fn circle(d: &mut String, (cx, cy): (f64, f64), r: f64, a0: f64, sweep: char) {
    let (x, y) = polar(cx, cy, r, a0);
    point(d, 'M', x, y);
    arc(d, r, '0', sweep, polar(cx, cy, r, a0 + 180.0));
    arc(d, r, '0', sweep, (x, y));
    d.push('Z');
}

fn arc(d: &mut String, r: f64, large: char, sweep: char, (x, y): (f64, f64)) {
    d.push('A');
    num(d, r);
    d.push(',');
    num(d, r);
    d.push_str(" 0 ");
    d.push(large);
    d.push(' ');
    d.push(sweep);
    d.push(' ');
    num(d, x);
    d.push(',');
    num(d, y);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(pts: &[(f64, f64)], curve: Curve) -> String {
        let mut d = String::new();
        line(&mut d, pts, curve, false);
        d
    }

    #[test]
    fn linear_and_step_lines() {
        let pts = [(0.0, 10.0), (10.0, 20.0), (20.0, 5.0)];
        assert_eq!(drawn(&pts, Curve::Linear), "M0,10L10,20L20,5");
        assert_eq!(
            drawn(&pts, Curve::Step),
            "M0,10L5,10L5,20L10,20L15,20L15,5L20,5"
        );
        assert_eq!(drawn(&[], Curve::Linear), "");
        let mut joined = String::from("M0,0");
        line(&mut joined, &pts[..1], Curve::Linear, true);
        assert_eq!(joined, "M0,0L0,10");
    }

    #[test]
    fn smooth_lines_are_cubic_and_monotone() {
        let pts = [(0.0, 0.0), (10.0, 10.0), (20.0, 10.0), (30.0, 0.0)];
        let d = drawn(&pts, Curve::Smooth);
        assert!(d.starts_with("M0,0C"), "{d}");
        assert_eq!(d.matches('C').count(), 3, "{d}");
        // A flat run stays flat: the tangents at its ends are zero.
        assert!(d.contains("C13.3,10 16.7,10 20,10"), "{d}");
        // Two points: a straight segment.
        assert_eq!(drawn(&pts[..2], Curve::Smooth), "M0,0L10,10");
    }

    #[test]
    fn polar_points_turn_counter_clockwise_from_three_o_clock() {
        let (x, y) = polar(50.0, 50.0, 10.0, 90.0);
        assert!((x - 50.0).abs() < 1e-9 && (y - 40.0).abs() < 1e-9);
        let (x, y) = polar(50.0, 50.0, 10.0, 0.0);
        assert!((x - 60.0).abs() < 1e-9 && (y - 50.0).abs() < 1e-9);
    }

    #[test]
    fn sectors() {
        assert_eq!(
            sector(50.0, 50.0, 0.0, 10.0, 0.0, 90.0),
            "M60,50A10,10 0 0 0 50,40L50,50Z"
        );
        assert_eq!(
            sector(50.0, 50.0, 5.0, 10.0, 0.0, 270.0),
            "M60,50A10,10 0 1 0 50,60L50,55A5,5 0 1 1 55,50Z"
        );
        assert_eq!(
            sector(0.0, 0.0, 0.0, 10.0, 180.0, 0.0),
            "M-10,0A10,10 0 0 1 10,0L0,0Z"
        );
        // A whole turn is a disc of two half arcs (an arc back to its own start point
        // paints nothing: a one-slice pie and a radial chart's largest ring drew nothing).
        assert_eq!(
            sector(0.0, 0.0, 0.0, 10.0, 0.0, 360.0),
            "M10,0A10,10 0 0 0 -10,0A10,10 0 0 0 10,0Z"
        );
        assert_eq!(
            sector(0.0, 0.0, 0.0, 10.0, 180.0, -180.0),
            "M-10,0A10,10 0 0 0 10,0A10,10 0 0 0 -10,0Z"
        );
        // A whole ring: the inner circle runs the other way (a hole under the nonzero rule).
        assert_eq!(
            sector(0.0, 0.0, 5.0, 10.0, 90.0, 450.0),
            "M0,-10A10,10 0 0 0 0,10A10,10 0 0 0 0,-10ZM0,-5A5,5 0 0 1 0,5A5,5 0 0 1 0,-5Z"
        );
    }
}
