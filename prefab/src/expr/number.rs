//! JavaScript number semantics: `Number::toString`, `Number(text)`, `parseInt`, `parseFloat`,
//! `toFixed` and `Math.round`, written out so that results match a browser digit for digit.
use super::platform;

/// `text.parse::<i32>().ok()` (an optional sign, then ASCII digits; `None` on overflow)
/// without core's generic integer parser (~550 bytes of the renderer's wasm).
pub(crate) fn parse_i32(text: &str) -> Option<i32> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut n: i32 = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        let d = i32::from(b - b'0');
        n = n.checked_mul(10)?;
        n = if negative {
            n.checked_sub(d)?
        } else {
            n.checked_add(d)?
        };
    }
    Some(n)
}

/// The shortest decimal digits that round-trip `x` (finite, non-zero, sign ignored), and the
/// position of the decimal point: `x = 0.d₁d₂… × 10^point`.
pub(crate) fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    // Both Rust's `{:e}` and JavaScript's `String(x)` print the shortest round-trip digits;
    // read either form (`1.25e3`, `1.25e+3`, `1250`, `0.00125`).
    let text = platform::shortest_text(x.abs());
    let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((&text, "0"));
    let exponent = parse_i32(exponent).unwrap_or(0);
    let int_len = mantissa.find('.').unwrap_or(mantissa.len()) as i32;
    let mut digits: Vec<u8> = mantissa
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    let mut point = int_len + exponent;
    let zeros = digits.iter().take_while(|&&d| d == 0).count();
    digits.drain(..zeros);
    point -= zeros as i32;
    while digits.last() == Some(&0) {
        digits.pop();
    }
    (digits, point)
}

/// ECMAScript `Number::toString(x)`: `1e+21`, `1e-7`, `0.1`, `-0` → `"0"`, `NaN`, `Infinity`.
///
/// ```
/// use prefab::expr::number_to_string;
/// assert_eq!(number_to_string(1e21), "1e+21");
/// assert_eq!(number_to_string(1e-7), "1e-7");
/// assert_eq!(number_to_string(0.1 + 0.2), "0.30000000000000004");
/// assert_eq!(number_to_string(-0.0), "0");
/// assert_eq!(number_to_string(-1234.0), "-1234");
/// assert_eq!(number_to_string(9007199254740991.0), "9007199254740991");
/// assert_eq!(number_to_string(9007199254740992.0), "9007199254740992");
/// assert_eq!(number_to_string(1e20), "100000000000000000000");
/// ```
#[must_use]
pub fn number_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x == 0.0 {
        return "0".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    // Whole numbers below 2^53 print as their digits (ids, indices, counts: the common case,
    // which in the browser build would otherwise cross into JavaScript's `String(x)`).
    if x.abs() < 9_007_199_254_740_992.0 && x == (x as i64) as f64 {
        return integer_to_string(x as i64);
    }
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    let (digits, n) = shortest_digits(x);
    let k = digits.len() as i32;
    let push_digits = |out: &mut String, ds: &[u8]| {
        for d in ds {
            out.push(char::from(b'0' + d));
        }
    };
    if k <= n && n <= 21 {
        push_digits(&mut out, &digits);
        for _ in 0..(n - k) {
            out.push('0');
        }
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        push_digits(&mut out, int);
        out.push('.');
        push_digits(&mut out, frac);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        for _ in 0..(-n) {
            out.push('0');
        }
        push_digits(&mut out, &digits);
    } else {
        push_digits(&mut out, &digits[..1]);
        if k > 1 {
            out.push('.');
            push_digits(&mut out, &digits[1..]);
        }
        let e = n - 1;
        out.push('e');
        out.push(if e < 0 { '-' } else { '+' });
        out.push_str(&e.abs().to_string());
    }
    out
}

/// The decimal digits of `n` (no `core::fmt`).
fn integer_to_string(n: i64) -> String {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut out = String::with_capacity(digits.len() - at + 1);
    if n < 0 {
        out.push('-');
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
    out
}

/// `x` in plain positional notation (never an exponent), shortest round-trip digits; used
/// to print number literals the lexer can read back. `x` must be finite and not negative.
pub(crate) fn number_to_plain(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return "0".into();
    }
    let (digits, n) = shortest_digits(x);
    let mut out = String::new();
    let k = digits.len() as i32;
    if n <= 0 {
        out.push_str("0.");
        for _ in 0..(-n) {
            out.push('0');
        }
        digits.iter().for_each(|d| out.push(char::from(b'0' + d)));
    } else {
        for i in 0..n.max(k) {
            if i == n {
                out.push('.');
            }
            let d = digits.get(i as usize).copied().unwrap_or(0);
            out.push(char::from(b'0' + d));
        }
    }
    out
}

/// JavaScript's `\s` class (the same set `String.prototype.trim` removes).
#[must_use]
pub(crate) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `String.prototype.trim`.
pub(crate) fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_space)
}

/// ECMAScript `Number(text)` (StringToNumber): blanks → 0, decimal with optional sign and
/// exponent, `Infinity`, `0x`/`0o`/`0b` integers; anything else is NaN.
///
/// ```
/// use prefab::expr::string_to_number;
/// assert_eq!(string_to_number(" 12 "), 12.0);
/// assert_eq!(string_to_number("0x10"), 16.0);
/// assert_eq!(string_to_number(""), 0.0);
/// assert!(string_to_number("12px").is_nan());
/// ```
#[must_use]
pub fn string_to_number(text: &str) -> f64 {
    let s = js_trim(text);
    if s.is_empty() {
        return 0.0;
    }
    let bytes = s.as_bytes();
    if bytes.len() > 2 && bytes[0] == b'0' {
        let radix = match bytes[1] {
            b'x' | b'X' => 16,
            b'o' | b'O' => 8,
            b'b' | b'B' => 2,
            _ => 0,
        };
        if radix != 0 {
            return radix_integer(&s[2..], radix).unwrap_or(f64::NAN);
        }
    }
    let (sign, body) = match bytes[0] {
        b'-' => (-1.0, &s[1..]),
        b'+' => (1.0, &s[1..]),
        _ => (1.0, s),
    };
    if body == "Infinity" {
        return sign * f64::INFINITY;
    }
    if decimal_literal_len(body) == body.len() && !body.is_empty() {
        // Rust's parser accepts every StrUnsignedDecimalLiteral (checked above).
        return sign * platform::parse_decimal(body);
    }
    f64::NAN
}

/// All of `s` as an unsigned integer in `radix`, or `None` if a character is not a digit.
fn radix_integer(s: &str, radix: u32) -> Option<f64> {
    if s.is_empty() {
        return None;
    }
    let mut value = 0.0_f64;
    for c in s.chars() {
        value = value * f64::from(radix) + f64::from(c.to_digit(radix)?);
    }
    Some(value)
}

/// Length in bytes of the longest prefix of `s` that is a decimal literal
/// `digits [. digits] [e[±]digits]` or `. digits [e…]`; 0 if there is none.
fn decimal_literal_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut mantissa_digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        let frac_start = i + 1;
        let mut j = frac_start;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if mantissa_digits > 0 || j > frac_start {
            mantissa_digits += j - frac_start;
            i = j;
        }
    }
    if mantissa_digits == 0 {
        return 0;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let exp_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > exp_start {
            i = j;
        }
    }
    i
}

/// `parseFloat` of a number token (a run of digits and dots): the longest valid prefix,
/// so `1.2.3` is 1.2 and `1.` is 1.
pub(crate) fn parse_float_token(token: &str) -> f64 {
    let end = token
        .char_indices()
        .filter(|&(_, c)| c == '.')
        .nth(1)
        .map_or(token.len(), |(i, _)| i);
    let prefix = &token[..end];
    let prefix = prefix.strip_suffix('.').unwrap_or(prefix);
    if prefix.is_empty() {
        return f64::NAN;
    }
    let normalized;
    let prefix = if prefix.starts_with('.') {
        normalized = ["0", prefix].concat();
        &normalized
    } else {
        prefix
    };
    platform::parse_decimal(prefix)
}

/// JavaScript `parseInt(text)` (radix 10, or 16 with a `0x` prefix): leading blanks and a
/// sign allowed, stops at the first non-digit; NaN when there is no digit.
#[must_use]
pub(crate) fn parse_int(text: &str) -> f64 {
    let s = text.trim_start_matches(is_js_space);
    let (sign, s) = match s.as_bytes().first() {
        Some(b'-') => (-1.0, &s[1..]),
        Some(b'+') => (1.0, &s[1..]),
        _ => (1.0, s),
    };
    let (radix, s) = if s.len() >= 2 && (s.starts_with("0x") || s.starts_with("0X")) {
        (16, &s[2..])
    } else {
        (10, s)
    };
    let mut value = 0.0_f64;
    let mut any = false;
    for c in s.chars() {
        let Some(d) = c.to_digit(radix) else { break };
        value = value * f64::from(radix) + f64::from(d);
        any = true;
    }
    if any { sign * value } else { f64::NAN }
}

/// JavaScript `Math.round`: halves go toward +∞, `-0.4` gives `-0`.
#[must_use]
pub(crate) fn js_round(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let floor = x.floor();
    let r = if x - floor >= 0.5 { floor + 1.0 } else { floor };
    if r == 0.0 && x < 0.0 { -0.0 } else { r }
}

/// JavaScript `Number.prototype.toFixed(digits)` (digits in `0..=100`): exact value, ties
/// rounded away from zero, `1e21` and above printed by `Number::toString`.
#[must_use]
pub(crate) fn to_fixed(x: f64, digits: usize) -> String {
    if !x.is_finite() {
        return number_to_string(x);
    }
    if x.abs() >= 1e21 {
        return number_to_string(x);
    }
    platform::fixed(x, digits)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn parses_i32_as_str_parse_does() {
        let cases = [
            "",
            "+",
            "-",
            "0",
            "+0",
            "-0",
            "7",
            "+12",
            "-12",
            "007",
            "1e3",
            " 1",
            "1 ",
            "++1",
            "+-1",
            "--1",
            "2147483647",
            "2147483648",
            "-2147483648",
            "-2147483649",
            "99999999999",
            "\u{661}",
            "12a",
        ];
        for text in cases {
            assert_eq!(parse_i32(text), text.parse::<i32>().ok(), "{text:?}");
        }
    }

    #[test]
    fn to_string_matches_ecmascript_examples() {
        assert_eq!(number_to_string(123.0), "123");
        assert_eq!(number_to_string(1e-6), "0.000001");
        assert_eq!(number_to_string(-1.5e-10), "-1.5e-10");
        assert_eq!(number_to_string(1e20), "100000000000000000000");
        assert_eq!(
            number_to_string(1.2345678901234568e29),
            "1.2345678901234568e+29"
        );
    }

    #[test]
    fn to_fixed_rounds_exact_ties_up() {
        assert_eq!(to_fixed(2.5, 0), "3");
        assert_eq!(to_fixed(1.005, 2), "1.00");
        assert_eq!(to_fixed(99.5, 0), "100");
        assert_eq!(to_fixed(-2.5, 0), "-3");
        assert_eq!(to_fixed(0.05, 1), "0.1");
        assert_eq!(to_fixed(12.0, 2), "12.00");
    }

    #[test]
    fn plain_never_uses_exponent() {
        assert_eq!(number_to_plain(1e21), "1000000000000000000000");
        assert_eq!(number_to_plain(1e-7), "0.0000001");
        assert_eq!(number_to_plain(12.5), "12.5");
        assert_eq!(parse_float_token(&number_to_plain(5e-324)), 5e-324);
    }

    #[test]
    fn parse_helpers() {
        assert_eq!(parse_float_token("1.2.3"), 1.2);
        assert_eq!(parse_float_token("1."), 1.0);
        assert_eq!(parse_float_token(".5.5"), 0.5);
        assert_eq!(parse_int(" 1.9"), 1.0);
        assert!(parse_int("abc").is_nan());
        assert_eq!(string_to_number("1e3"), 1000.0);
        assert!(string_to_number("inf").is_nan());
        assert!(string_to_number(".").is_nan());
        assert_eq!(js_round(-2.5), -2.0);
        assert!(js_round(-0.4).is_sign_negative());
    }
}
