//! Strings built without `core::fmt`. A `format!` costs code at each call (its argument
//! table and `Arguments`), so the renderer fills templates here and prints integers with
//! [`push_int`] (the size rules: no `format!`, `{:?}` or panic strings in the renderer).

/// `template` with each `{}` replaced by the next of `args` (a missing one is empty):
/// `fill("{} must be a string", &[key])` is `format!("{key} must be a string")`. One copy
/// of this serves every call, which passes only the template and the pieces.
#[must_use]
#[inline(never)]
pub fn fill(template: &str, args: &[&str]) -> String {
    let extra: usize = args.iter().map(|a| a.len()).sum();
    let mut out = String::with_capacity(template.len() + extra);
    let (mut rest, mut args) = (template, args.iter());
    while let Some((head, tail)) = prefab::expr::split_str(rest, "{}") {
        out.push_str(head);
        out.push_str(args.next().copied().unwrap_or_default());
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// Appends a non-negative integer in decimal.
pub fn push_int(out: &mut String, mut n: u64) {
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

/// A non-negative integer in decimal (what `n.to_string()` prints).
#[must_use]
pub fn int(n: u64) -> String {
    let mut out = String::new();
    push_int(&mut out, n);
    out
}

/// Appends `n` in at least `width` characters, zeros after any sign: what `{n:0width$}`
/// prints (`-005` for −5 in 4); width 0 is what `{n}` prints.
pub fn push_padded(out: &mut String, n: i64, width: usize) {
    let abs = n.unsigned_abs();
    let mut len = usize::from(n < 0) + 1;
    let mut rest = abs / 10;
    while rest > 0 {
        len += 1;
        rest /= 10;
    }
    if n < 0 {
        out.push('-');
    }
    for _ in len..width {
        out.push('0');
    }
    push_int(out, abs);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_fill_in_order() {
        assert_eq!(
            fill("{}.{} must be a string", &["Input", "name"]),
            "Input.name must be a string"
        );
        assert_eq!(fill("no holes", &["x"]), "no holes");
        assert_eq!(fill("{} and {}", &["a"]), "a and ");
        assert_eq!(fill("{}{}", &["\"{}\"", "b"]), "\"{}\"b");
    }

    #[test]
    fn integers_print_as_display_does() {
        for n in [0u64, 7, 10, 99, 100, 12_345, u64::MAX] {
            assert_eq!(int(n), n.to_string());
        }
        for n in [
            0i64,
            5,
            -5,
            42,
            -42,
            2026,
            -2026,
            123_456,
            i64::MIN,
            i64::MAX,
        ] {
            for width in [0, 1, 2, 4, 6] {
                let mut out = String::new();
                push_padded(&mut out, n, width);
                assert_eq!(out, format!("{n:0width$}"), "{n} in {width}");
            }
        }
    }
}
