//! Scale maths (pure, tested natively): prefab-ui's "nice" axis ticks, linear
//! mapping from data to pixels, and the fixed-point writer for SVG coordinates.

/// Ticks of a value axis over the data range `lo..=hi`, as prefab-ui's charts (Recharts'
/// number axes: domain `[0, "auto"]`, `tickCount` 5) draw them: the domain runs from
/// `min(lo, 0)` to `hi`; `count` ticks at a step of 1, 2, …, 9 tenths of a power of ten when
/// the rough step `span / (count - 1)` is below 1 and above 0.1, else a multiple of 5 × 10ⁿ⁻²
/// (the smallest not below the rough step, grown until `count` ticks cover the domain), laid
/// from zero when the domain holds it, else from the middle rounded to the step; spare ticks go
/// above (below when all values are negative). A one-value domain gets `count` ticks at unit
/// steps around it (`0, 1, 2, 3, 4` for zero). No data (`lo > hi`, NaN): no ticks.
/// Every tick is `k × step` computed from integers, so ticks print exactly (`0.3`, never
/// `0.30000000000000004`).
///
/// ```text
/// ticks(0.2, 1.0, 5) == [0, 0.25, 0.5, 0.75, 1]
/// ticks(-7.0, -2.0, 5) == [-10, -8, -6, -4, -2]
/// ```
#[must_use]
pub fn ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let mut out = Vec::new();
    if !(lo <= hi && lo.is_finite() && hi.is_finite()) {
        return out;
    }
    let lo = lo.min(0.0);
    let n = count.max(2) as i64;
    // Ticks are `(mid + k) × units × 10^at` for k in -below..=above.
    let (mut units, mut at, mut below) = (1, 0, (n - 1) / 2);
    let mut mid;
    if lo == hi {
        // One value (zero or negative): unit steps, the value in the middle; a fraction
        // above -1 steps by its leading decimal place.
        if hi.fract() != 0.0 && hi > -1.0 {
            at = exponent(-hi);
        }
        mid = if hi == 0.0 {
            below
        } else {
            floor(hi / scaled(1, at))
        };
    } else {
        // The rough step's exponent (Recharts' digit count minus one): 0 steps in units,
        // others in twentieths of the next power of ten.
        let exp = exponent((hi - lo) / (n - 1) as f64);
        let grain = if exp == 0 { 1 } else { 5 };
        at = exp - i32::from(exp != 0);
        units = ceil((hi - lo) / (n - 1) as f64 / scaled(grain, at)) * grain;
        loop {
            let step = scaled(units, at);
            mid = if lo <= 0.0 && hi >= 0.0 {
                0
            } else {
                // The middle, truncated towards zero to a multiple of the step.
                let q = (lo + hi) / 2.0 / step;
                near(q).unwrap_or(q.trunc() as i64)
            };
            below = mid - floor(lo / step);
            let spare = n - below - (ceil(hi / step) - mid) - 1;
            if spare >= 0 || units > i64::MAX / 4 {
                // Spare ticks go above, or below when all values are negative.
                if hi <= 0.0 {
                    below += spare;
                }
                break;
            }
            units += grain;
        }
    }
    for k in mid - below..mid - below + n {
        out.push(scaled(k * units, at));
    }
    out
}

/// The exponent of `v` (positive) in scientific notation: `v` = m × 10^exp, m in [1, 10).
fn exponent(mut v: f64) -> i32 {
    let mut exp = 0;
    while v >= 10.0 && exp < 300 {
        v /= 10.0;
        exp += 1;
    }
    while v < 1.0 && exp > -300 {
        v *= 10.0;
        exp -= 1;
    }
    exp
}

/// The integer `q` is when it is one up to rounding error (`15.000000000000002`): Recharts
/// computes in decimals, where such quotients are exact.
fn near(q: f64) -> Option<i64> {
    let r = (q + 0.5).floor();
    ((q - r).abs() <= 1e-9 * (1.0 + r.abs())).then_some(r as i64)
}

/// `⌈q⌉`, exact for quotients that are integers up to rounding error.
fn ceil(q: f64) -> i64 {
    near(q).unwrap_or(q.ceil() as i64)
}

/// `⌊q⌋`, exact for quotients that are integers up to rounding error.
fn floor(q: f64) -> i64 {
    near(q).unwrap_or(q.floor() as i64)
}

/// `n × 10^exp`, exact for the integers and powers of ten an axis uses.
fn scaled(n: i64, exp: i32) -> f64 {
    let mut power = 1.0;
    for _ in 0..exp.unsigned_abs() {
        power *= 10.0;
    }
    if exp >= 0 {
        n as f64 * power
    } else {
        n as f64 / power
    }
}

/// A linear map from the domain `d0..d1` to the range `r0..r1`.
#[derive(Clone, Copy, Debug)]
pub struct Linear {
    /// Domain start.
    pub d0: f64,
    /// Domain end.
    pub d1: f64,
    /// Range start (pixels).
    pub r0: f64,
    /// Range end (pixels).
    pub r1: f64,
}

impl Linear {
    /// The pixel position of `v`.
    #[must_use]
    pub fn at(&self, v: f64) -> f64 {
        let span = self.d1 - self.d0;
        if span == 0.0 {
            return self.r0;
        }
        self.r0 + (v - self.d0) / span * (self.r1 - self.r0)
    }
}

/// The smallest and largest of `values` (`(∞, -∞)` when empty).
#[must_use]
pub fn extent(values: &[f64]) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for &v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    (lo, hi)
}

/// `v` limited to `lo..=hi` (`f64::clamp` would link float formatting for its panic
/// message, a large cost in the wasm).
#[must_use]
pub fn within(v: f64, lo: f64, hi: f64) -> f64 {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

/// Appends `v` rounded to 0.1 (`12.3`, `-4`, `0`) with no float formatting.
pub fn num(out: &mut String, v: f64) {
    let tenths = (v * 10.0 + 0.5).floor();
    let tenths = if tenths.is_finite() { tenths as i64 } else { 0 };
    if tenths < 0 {
        out.push('-');
    }
    let abs = tenths.unsigned_abs();
    crate::text::push_int(out, abs / 10);
    if abs % 10 != 0 {
        out.push('.');
        out.push(char::from(b'0' + (abs % 10) as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(v: f64) -> String {
        let mut s = String::new();
        num(&mut s, v);
        s
    }

    /// Tick labels of `ticks(lo, hi, 5)` as JavaScript prints them.
    fn labels(lo: f64, hi: f64) -> Vec<String> {
        ticks(lo, hi, 5)
            .iter()
            .map(|&v| prefab::expr::number_to_string(v))
            .collect()
    }

    /// Data ranges and the y-axis labels prefab-ui 0.21.1's bundled renderer drew for them
    /// (the line, scatter, bar and waterfall charts of `tests/fixtures/chart-ticks.json`,
    /// extracted by `tests/chart-ticks-reference.mjs` into `tests/fixtures/chart-ticks.prefab-ui.json`).
    #[test]
    fn ticks_match_prefab_ui() {
        let cases: &[(f64, f64, &str)] = &[
            (0.2, 1.0, "0 0.25 0.5 0.75 1"),
            (0.1, 0.7, "0 0.2 0.4 0.6 0.8"),
            (0.001, 0.003, "0 0.00075 0.0015 0.00225 0.003"),
            (-7.0, -2.0, "-10 -8 -6 -4 -2"),
            (1000.0, 1100.0, "0 300 600 900 1200"),
            (3.0, 97.0, "0 25 50 75 100"),
            (120.0, 480.0, "0 150 300 450 600"),
            (-45.0, 12.0, "-45 -30 -15 0 15"),
            (400_000.0, 1_223_575.0, "0 350000 700000 1050000 1400000"),
            (0.0, 0.0, "0 1 2 3 4"),
            (-3.0, -3.0, "-5 -4 -3 -2 -1"),
            (1.5, 2.5, "0 0.65 1.3 1.95 2.6"),
            (0.33, 1.2, "0 0.3 0.6 0.9 1.2"),
            (17.0, 31.0, "0 8 16 24 32"),
            (0.15, 0.45, "0 0.15 0.3 0.45 0.6"),
            (150.0, 180.0, "0 45 90 135 180"),
            (-20.0, -5.0, "-20 -16 -12 -8 -4"),
            (-20.0, 30.0, "-30 -15 0 15 30"),
            (-65.0, 0.0, "-80 -60 -40 -20 0"),
            (0.0, 310.0, "0 80 160 240 320"),
            (-8.0, 12.0, "-12 -6 0 6 12"),
            (1.0, 3.0, "0 0.75 1.5 2.25 3"),
            (-30.0, 180.0, "-60 0 60 120 180"),
        ];
        for &(lo, hi, want) in cases {
            assert_eq!(labels(lo, hi).join(" "), want, "{lo}..{hi}");
        }
    }

    #[test]
    fn no_data_no_ticks() {
        assert!(ticks(f64::INFINITY, f64::NEG_INFINITY, 5).is_empty());
        assert!(ticks(f64::NAN, 1.0, 5).is_empty());
        assert!(ticks(0.0, f64::INFINITY, 5).is_empty());
        assert_eq!(labels(-0.25, -0.25).join(" "), "-0.5 -0.4 -0.3 -0.2 -0.1");
        assert_eq!(ticks(0.0, 5.0, 1).len(), 2);
    }

    #[test]
    fn linear_maps_and_inverts_ranges() {
        let y = Linear {
            d0: 0.0,
            d1: 100.0,
            r0: 200.0,
            r1: 0.0,
        };
        assert_eq!(y.at(0.0), 200.0);
        assert_eq!(y.at(25.0), 150.0);
        assert_eq!(y.at(100.0), 0.0);
        let flat = Linear {
            d0: 1.0,
            d1: 1.0,
            r0: 7.0,
            r1: 9.0,
        };
        assert_eq!(flat.at(1.0), 7.0);
    }

    #[test]
    fn coordinates_are_written_in_tenths() {
        assert_eq!(written(0.0), "0");
        assert_eq!(written(12.34), "12.3");
        assert_eq!(written(12.36), "12.4");
        assert_eq!(written(-4.0), "-4");
        assert_eq!(written(-0.04), "0");
        assert_eq!(written(-2.55), "-2.5");
        assert_eq!(written(1234567.0), "1234567");
        assert_eq!(written(f64::NAN), "0");
    }
}
