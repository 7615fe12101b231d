//! The few number↔text and case-mapping primitives the expression engine needs, from the
//! platform it runs on.
//!
//! Natively they are Rust's own (`{:e}`, `parse::<f64>`, `str::to_uppercase`). In the
//! browser build (`wasm32-unknown-unknown`) they are the browser's `String(x)`,
//! `Number(text)`, `toFixed` and `toUpperCase` through `js-sys`: the results are the same
//! (the conformance vectors were produced by JavaScript itself), and the wasm renderer does
//! not link Rust's float formatting and parsing or its Unicode case tables.

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

    /// `Number(text)` for a text that is a valid decimal literal.
    pub(crate) fn parse_decimal(text: &str) -> f64 {
        JsValue::from_str(text).unchecked_into_f64()
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
            crate::expr::number::increment(&mut ds);
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

    /// `text.toLowerCase()` (full Unicode case mapping, locale-independent).
    #[must_use]
    pub fn lower_case(text: &str) -> String {
        text.to_lowercase()
    }
}

pub(crate) use imp::{fixed, parse_decimal, shortest_text};
pub use imp::{lower_case, upper_case};
