//! The few number↔text and case-mapping primitives the expression engine needs, from the
//! platform it runs on.
//!
//! Natively they are Rust's own (`{:e}`, `parse::<f64>`, `str::to_uppercase`). In the
//! browser build (`wasm32-unknown-unknown`) they are the browser's `String(x)`,
//! `Number(text)`, `toFixed` and `toUpperCase` through `js-sys`: the results are the same
//! (the conformance vectors were produced by JavaScript itself), and the wasm renderer does
//! not link Rust's float formatting and parsing or its Unicode case tables.
//!
//! `increment`, the carry of a digit vector, is here too (native builds): `fixed` and the
//! en-US number formatting of the `number`, `compact` and `currency` pipes use it. In the
//! browser those pipes call `Intl` (`pipes/browser.rs`).

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod imp {
    use js_sys::{JsString, Number};
    use wasm_bindgen::JsValue;

    /// `String(x)` for a finite positive `x`.
    pub(crate) fn shortest_text(x: f64) -> String {
        Number::from(x)
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default()
    }

    /// `Number(text)` for a text that is a valid decimal literal: short literals exactly
    /// in Rust (most numbers of a document), the rest by the browser.
    pub(crate) fn parse_decimal(text: &str) -> f64 {
        super::short_decimal(text).unwrap_or_else(|| JsValue::from_str(text).unchecked_into_f64())
    }

    /// `x.toFixed(digits)` for a finite `x` below 1e21 in magnitude and `digits ≤ 100`.
    pub(crate) fn fixed(x: f64, digits: usize) -> String {
        let digits = u8::try_from(digits).unwrap_or(100);
        Number::from(x)
            .to_fixed(digits)
            .map(String::from)
            .unwrap_or_default()
    }

    /// `text.toUpperCase()` (full Unicode case mapping, locale-independent).
    #[must_use]
    pub fn upper_case(text: &str) -> String {
        JsString::from(text).to_upper_case().into()
    }

    /// `new RegExp(pattern).test(text)` by the browser; `false` when the pattern is invalid
    /// (the constructor's exception is caught, not thrown through the wasm).
    pub(crate) fn matches(text: &str, pattern: &str) -> bool {
        let regexp = js_sys::RegExp::new("", "").constructor();
        js_sys::Reflect::construct(&regexp, &js_sys::Array::of1(&JsValue::from_str(pattern)))
            .is_ok_and(|re| wasm_bindgen::JsCast::unchecked_into::<js_sys::RegExp>(re).test(text))
    }

    /// Why `new RegExp(pattern)` throws, or `None` when the browser compiles it.
    #[cfg(feature = "model")]
    pub(crate) fn pattern_error(pattern: &str) -> Option<String> {
        let regexp = js_sys::RegExp::new("", "").constructor();
        js_sys::Reflect::construct(&regexp, &js_sys::Array::of1(&JsValue::from_str(pattern)))
            .err()
            .map(|e| {
                let error: js_sys::Error = wasm_bindgen::JsCast::unchecked_into(e);
                String::from(error.message())
            })
    }

    /// `text.toLowerCase()` (full Unicode case mapping, locale-independent).
    #[must_use]
    pub fn lower_case(text: &str) -> String {
        JsString::from(text).to_lower_case().into()
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod imp {
    /// The shortest round-trip digits of a finite positive `x` as `d.ddde±n`.
    pub(crate) fn shortest_text(x: f64) -> String {
        format!("{x:e}")
    }

    /// A valid decimal literal as a double (correctly rounded, like `Number(text)`).
    pub(crate) fn parse_decimal(text: &str) -> f64 {
        text.parse::<f64>().unwrap_or(f64::NAN)
    }

    /// `x.toFixed(digits)` for a finite `x` below 1e21 in magnitude: the exact value,
    /// ties rounded away from zero.
    pub(crate) fn fixed(x: f64, digits: usize) -> String {
        let exact = exact_decimal(x.abs());
        let (int_part, frac_part) = exact.split_once('.').unwrap_or((&exact, ""));
        let mut ds: Vec<u8> = int_part.bytes().map(|b| b - b'0').collect();
        let frac: Vec<u8> = frac_part.bytes().map(|b| b - b'0').collect();
        for i in 0..digits {
            ds.push(frac.get(i).copied().unwrap_or(0));
        }
        if frac.get(digits).copied().unwrap_or(0) >= 5 {
            super::increment(&mut ds);
        }
        let int_len = ds.len() - digits;
        let mut out = String::new();
        // "-" only when x < 0, as in JavaScript (so -0 prints "0").
        if x < 0.0 {
            out.push('-');
        }
        for (i, d) in ds.iter().enumerate() {
            if i == int_len {
                out.push('.');
            }
            out.push(char::from(b'0' + d));
        }
        out
    }

    /// The exact decimal expansion of a finite `x ≥ 0`.
    fn exact_decimal(x: f64) -> String {
        // x = m · 2^e with m < 2^53: its expansion has at most max(0, -e) fraction digits.
        let bits = x.to_bits();
        let exp_bits = ((bits >> 52) & 0x7ff) as i32;
        let mantissa = bits & ((1 << 52) - 1);
        let (m, e) = if exp_bits == 0 {
            (mantissa, -1074)
        } else {
            (mantissa | (1 << 52), exp_bits - 1075)
        };
        let trailing = if m == 0 { 0 } else { m.trailing_zeros() as i32 };
        let frac_digits = (-(e + trailing)).max(0) as usize;
        format!("{x:.frac_digits$}")
    }

    /// `text.toUpperCase()` (full Unicode case mapping, locale-independent).
    #[must_use]
    pub fn upper_case(text: &str) -> String {
        text.to_uppercase()
    }

    /// Whether `text` matches the regular expression `pattern` (the `regex` crate's syntax,
    /// which JavaScript's shares for character classes, repetition and anchors; a pattern
    /// with look-around or back-references is invalid here); `false` when invalid.
    pub(crate) fn matches(text: &str, pattern: &str) -> bool {
        regex::Regex::new(pattern).is_ok_and(|re| re.is_match(text))
    }

    /// Why `pattern` is not a regular expression of the `regex` crate, or `None`.
    #[cfg(feature = "model")]
    pub(crate) fn pattern_error(pattern: &str) -> Option<String> {
        regex::Regex::new(pattern).err().map(|e| e.to_string())
    }

    /// `text.toLowerCase()` (full Unicode case mapping, locale-independent).
    #[must_use]
    pub fn lower_case(text: &str) -> String {
        text.to_lowercase()
    }
}

/// Adds one unit in the last place of a digit vector, growing it on carry-out.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) fn increment(ds: &mut Vec<u8>) {
    for d in ds.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return;
        }
    }
    ds.insert(0, 1);
}

#[cfg(feature = "model")]
pub(crate) use imp::pattern_error;
pub(crate) use imp::{fixed, matches, parse_decimal, shortest_text};

/// JavaScript's `x % y` on doubles: the exact remainder of a division truncated toward zero,
/// with the sign of `x` (IEEE `fmod`), without Rust's `%`, whose `fmod` brings 128-bit
/// integer division into the wasm (~1 KB, several in its JavaScript translation). This
/// subtracts `|y|` doubled up to below `|x|`, halving back down; every subtraction is exact
/// (Sterbenz: `t ≤ r < 2t`), so the result is the same double. One code path natively and
/// in the browser, tested against Rust's `%`.
pub(crate) fn rem(x: f64, y: f64) -> f64 {
    if y == 0.0 || !x.is_finite() || y.is_nan() {
        return f64::NAN;
    }
    let (mut r, step) = (x.abs(), y.abs());
    if r < step {
        return x;
    }
    let (mut t, mut k) = (step, 0_u32);
    while t * 2.0 <= r {
        t *= 2.0;
        k += 1;
    }
    loop {
        if r >= t {
            r -= t;
        }
        if k == 0 {
            break;
        }
        t *= 0.5;
        k -= 1;
    }
    r.copysign(x)
}
pub use imp::{lower_case, upper_case};

/// An unsigned decimal literal of at most 15 significant digits, an optional point and at
/// most 22 digits after it (`1234`, `12.50`), as the correctly rounded double, without
/// any float parsing code: the digits are an exact integer below 2⁵³ and 10^k is exact for
/// k ≤ 22, so one IEEE division rounds once, to the same double as `Number(text)`
/// (Clinger's fast path). `None` for anything else (exponents, longer literals).
#[cfg_attr(
    not(all(target_arch = "wasm32", target_os = "unknown")),
    allow(dead_code)
)]
pub(crate) fn short_decimal(text: &str) -> Option<f64> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if int.len() + frac.len() == 0 || frac.len() > 22 {
        return None;
    }
    let mut digits: u64 = 0;
    let mut significant = 0;
    for b in int.bytes().chain(frac.bytes()) {
        if !b.is_ascii_digit() {
            return None;
        }
        if digits != 0 || b != b'0' {
            significant += 1;
        }
        // Refused before it could overflow (no checked multiplication: on wasm32 it links
        // 128-bit multiplication).
        if significant > 15 {
            return None;
        }
        digits = digits * 10 + u64::from(b - b'0');
    }
    let mut scale = 1.0_f64;
    for _ in 0..frac.len() {
        scale *= 10.0;
    }
    // Exact below 2^53 (15 digits), so the conversion does not round.
    #[allow(clippy::cast_precision_loss)]
    Some(digits as f64 / scale)
}

#[cfg(test)]
mod tests {
    use super::{rem, short_decimal};

    /// The same double as Rust's `%` (IEEE `fmod`, JavaScript's `%`) on ordinary, huge,
    /// tiny, subnormal, signed-zero and non-finite operands.
    #[test]
    fn rem_is_fmod() {
        let values = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.3,
            2.5,
            -7.25,
            3.0,
            10.0,
            1e-300,
            5e-324,
            2.2e-308,
            1e15,
            9_007_199_254_740_993.0,
            1e300,
            -1e308,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            360.0,
            0.7,
            1.0 / 3.0,
            -123.456,
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut more = Vec::new();
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let x = f64::from_bits(seed);
            if x.is_finite() {
                more.push(x);
            }
        }
        for &x in values.iter().chain(&more) {
            for &y in values.iter().chain(more.iter().take(200)) {
                let (want, got) = (x % y, rem(x, y));
                assert!(
                    want.to_bits() == got.to_bits() || (want.is_nan() && got.is_nan()),
                    "{x:e} % {y:e}: {want:e} != {got:e}"
                );
            }
        }
    }

    /// Agrees with Rust's correctly rounded parser wherever it answers.
    #[test]
    fn short_decimals_round_like_a_full_parser() {
        // The short literals documents are made of take the fast path, to the same double.
        for text in [
            "0",
            "7",
            "007",
            "12.50",
            "0.1",
            "0.3",
            ".5",
            "5.",
            "0.000001",
            "123456789012345",
        ] {
            let fast = short_decimal(text).expect("takes the fast path");
            let full: f64 = text.parse().expect("a valid literal");
            assert_eq!(fast.to_bits(), full.to_bits(), "{text}");
        }
        // More than 15 significant digits or 22 decimals, or not a plain literal: the
        // caller's full parser decides.
        for text in [
            "1234567890123456",
            "9007199254740991",
            "0.1234567890123456789012",
            "1.00000000000000000000000",
            "1e5",
            "-1",
            "",
            ".",
            "1.2.3",
            "0x10",
        ] {
            assert_eq!(short_decimal(text), None, "{text}");
        }
        // Pseudo-random literals of every length the fast path takes (fixed seed).
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut fast = 0;
        for _ in 0..200_000 {
            let int: String = (0..next(10))
                .map(|_| char::from(b'0' + next(10) as u8))
                .collect();
            let frac: String = (0..next(23))
                .map(|_| char::from(b'0' + next(10) as u8))
                .collect();
            let text = if frac.is_empty() {
                int
            } else {
                format!("{int}.{frac}")
            };
            if let (Some(x), Ok(y)) = (short_decimal(&text), text.parse::<f64>()) {
                assert_eq!(x.to_bits(), y.to_bits(), "{text}");
                fast += 1;
            }
        }
        assert!(fast > 50_000, "only {fast} literals took the fast path");
    }
}
