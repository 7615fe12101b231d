//! Scale maths (pure, tested natively): "nice" axis ticks that include zero, linear
//! mapping from data to pixels, and the fixed-point writer for SVG coordinates.

/// Ticks of a value axis covering `lo..=hi` and zero, about `count` of them, at steps of
/// 1, 2 or 5 × 10ⁿ (chosen like d3's `ticks`). Every tick is `k × step` computed from integers, so ticks print
/// exactly (`0.3`, never `0.30000000000000004`).
///
/// ```text
/// ticks(3.0, 97.0, 5) == [0, 20, 40, 60, 80, 100]
/// ticks(-30.0, 20.0, 5) == [-30, -20, -10, 0, 10, 20]
/// ```
#[must_use]
pub fn ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let lo = if lo.is_finite() { lo.min(0.0) } else { 0.0 };
    let mut hi = if hi.is_finite() { hi.max(0.0) } else { 0.0 };
    if hi - lo <= 0.0 {
        hi = lo + 1.0;
    }
    let raw = (hi - lo) / count.max(1) as f64;
    // raw = mantissa × 10^exp with mantissa in [1, 10).
    let mut exp: i32 = 0;
    let mut mantissa = raw;
    while mantissa >= 10.0 && exp < 300 {
        mantissa /= 10.0;
        exp += 1;
    }
    while mantissa < 1.0 && exp > -300 {
        mantissa *= 10.0;
        exp -= 1;
    }
    // Step in units of 10^exp: 1, 2, 5 or 10 (thresholds √2, √10, √50 as in d3).
    let unit: i64 = match mantissa {
        m if m >= 7.07 => 10,
        m if m >= 3.16 => 5,
        m if m >= 1.41 => 2,
        _ => 1,
    };
    let at = |k: i64| scaled(k * unit, exp);
    let step = at(1);
    let first = (lo / step).floor() as i64;
    let last = (hi / step).ceil() as i64;
    let mut out = Vec::new();
    for k in first..=last.max(first + 1) {
        out.push(at(k));
    }
    out
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
    int(out, abs / 10);
    if abs % 10 != 0 {
        out.push('.');
        out.push(char::from(b'0' + (abs % 10) as u8));
    }
}

/// Appends a non-negative integer in decimal.
pub fn int(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        if let Some(d) = digits.get_mut(len) {
            *d = b'0' + (n % 10) as u8;
        }
        len += 1;
        n /= 10;
        if n == 0 || len == digits.len() {
            break;
        }
    }
    for d in digits.iter().take(len).rev() {
        out.push(char::from(*d));
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

    #[test]
    fn ticks_are_nice_and_include_zero() {
        assert_eq!(
            ticks(3.0, 97.0, 5),
            vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert_eq!(
            ticks(120.0, 480.0, 5),
            vec![0.0, 100.0, 200.0, 300.0, 400.0, 500.0]
        );
        assert_eq!(ticks(0.0, 1.0, 5), vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
    }

    #[test]
    fn negative_values_extend_below_zero() {
        assert_eq!(
            ticks(-30.0, 20.0, 5),
            vec![-30.0, -20.0, -10.0, 0.0, 10.0, 20.0]
        );
        assert_eq!(
            ticks(-45.0, 12.0, 5),
            vec![-50.0, -40.0, -30.0, -20.0, -10.0, 0.0, 10.0, 20.0]
        );
        let all_negative = ticks(-7.0, -2.0, 5);
        assert_eq!(all_negative.last(), Some(&0.0));
        assert_eq!(all_negative.first(), Some(&-7.0));
    }

    #[test]
    fn decimal_ticks_print_exactly() {
        let t = ticks(0.0, 0.7, 4);
        let labels: Vec<String> = t
            .iter()
            .map(|&v| prefab::expr::number_to_string(v))
            .collect();
        assert_eq!(labels, ["0", "0.2", "0.4", "0.6", "0.8"]);
        let t = ticks(0.0, 0.7, 5);
        let labels: Vec<String> = t
            .iter()
            .map(|&v| prefab::expr::number_to_string(v))
            .collect();
        assert_eq!(
            labels,
            ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
        );
        let small = ticks(0.0, 0.003, 4);
        assert!(
            small
                .iter()
                .all(|&v| prefab::expr::number_to_string(v).len() <= 5),
            "{small:?}"
        );
    }

    #[test]
    fn degenerate_domains_get_a_unit_axis() {
        assert_eq!(ticks(0.0, 0.0, 5), vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(
            ticks(f64::NAN, f64::INFINITY, 5),
            vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
        );
        assert_eq!(ticks(5.0, 5.0, 5), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
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
