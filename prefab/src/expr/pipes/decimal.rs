//! A small decimal number for locale formatting. ICU (and so every browser) formats a
//! double from its shortest round-trip digits (`1.005` is "1.005", not 1.00499…), then
//! rounds half away from zero ("halfExpand"); this type does the same in plain digits.
use crate::expr::number::shortest_digits;
use crate::expr::platform::increment;

/// `value = ±0.d₁d₂…dₙ × 10^point`, digits without leading zeros (empty for zero).
#[derive(Clone, Debug)]
pub(crate) struct Decimal {
    pub(crate) negative: bool,
    digits: Vec<u8>,
    point: i32,
}

impl Decimal {
    /// From a finite double (the sign of `-0` is kept).
    pub(crate) fn from_f64(x: f64) -> Decimal {
        let negative = x.is_sign_negative();
        if x == 0.0 {
            return Decimal {
                negative,
                digits: Vec::new(),
                point: 0,
            };
        }
        let (digits, point) = shortest_digits(x);
        Decimal {
            negative,
            digits,
            point,
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// Number of digits before the decimal point (0 for values below 1).
    pub(crate) fn integer_digits(&self) -> i32 {
        if self.is_zero() { 0 } else { self.point.max(0) }
    }

    /// ⌊log10 |x|⌋ (only meaningful when not zero).
    pub(crate) fn magnitude(&self) -> i32 {
        self.point - 1
    }

    /// Multiplies by 10^-e (exact).
    pub(crate) fn scaled_down(&self, e: i32) -> Decimal {
        let mut d = self.clone();
        d.point -= e;
        d
    }

    /// Keeps at most `keep` digits (counted from the first), rounding half away from zero.
    fn round_at(&mut self, keep: i32) {
        if keep < 0 {
            self.digits.clear();
            return;
        }
        let keep = keep as usize;
        if self.digits.len() <= keep {
            return;
        }
        let round_up = self.digits[keep] >= 5;
        self.digits.truncate(keep);
        if round_up {
            let before = self.digits.len();
            increment(&mut self.digits);
            if self.digits.len() > before {
                self.point += 1;
            }
        }
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.point = 0;
        }
    }

    /// Rounds to `fraction` digits after the point.
    pub(crate) fn round_fraction(&mut self, fraction: u32) {
        if self.is_zero() {
            return;
        }
        let keep = self.point + fraction as i32;
        if keep == 0 && self.digits.first().is_some_and(|&d| d >= 5) {
            // 0.5 rounded to 0 fraction digits (and the like) becomes 1.
            self.digits = vec![1];
            self.point += 1;
            return;
        }
        self.round_at(keep);
    }

    /// Rounds to `significant` significant digits.
    pub(crate) fn round_significant(&mut self, significant: u32) {
        if !self.is_zero() {
            self.round_at(significant as i32);
        }
    }

    /// Formats with at least `min_fraction` fraction digits, grouping the integer part in
    /// threes with `,` when it has at least `min_grouping + 3` digits.
    pub(crate) fn format(&self, min_fraction: u32, min_grouping: usize) -> String {
        let int_len = self.integer_digits() as usize;
        let digit = |i: i32| -> u8 {
            // digit at position i relative to the point (0 = first integer digit)
            usize::try_from(i)
                .ok()
                .and_then(|i| self.digits.get(i).copied())
                .unwrap_or(0)
        };
        let mut out = String::new();
        if int_len == 0 {
            out.push('0');
        } else {
            let group = int_len >= min_grouping + 3;
            for i in 0..int_len {
                if group && i > 0 && (int_len - i).is_multiple_of(3) {
                    out.push(',');
                }
                out.push(char::from(b'0' + digit(i as i32)));
            }
        }
        let frac_len = (self.digits.len() as i32 - self.point).max(0) as u32;
        let frac_len = frac_len.max(min_fraction);
        if frac_len > 0 {
            out.push('.');
            for k in 0..frac_len as i32 {
                out.push(char::from(b'0' + digit(self.point + k)));
            }
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fixed(x: f64, max: u32, min: u32) -> String {
        let mut d = Decimal::from_f64(x);
        d.round_fraction(max);
        d.format(min, 1)
    }

    #[test]
    fn rounds_half_away_from_zero_on_shortest_digits() {
        assert_eq!(fixed(1.005, 2, 2), "1.01");
        assert_eq!(fixed(0.125, 2, 2), "0.13");
        assert_eq!(fixed(2.5, 0, 0), "3");
        assert_eq!(fixed(0.5, 0, 0), "1");
        assert_eq!(fixed(0.4, 0, 0), "0");
        assert_eq!(fixed(999.9996, 3, 0), "1,000");
        assert_eq!(fixed(1234567.891, 3, 0), "1,234,567.891");
        assert_eq!(fixed(0.005, 2, 2), "0.01");
        assert_eq!(fixed(0.0004, 3, 0), "0");
    }
}
