//! Numbers and scales: the spacing multiplier, fractions, sizes, integers with a unit.
//!
//! Everything is written as text by integer code (no float formatting): Tailwind v4 writes a
//! spacing step `N` as `calc(var(--spacing) * N)`, a fraction `a/b` as `calc(a/b * 100%)`.

use super::parse::arbitrary;

/// Tailwind v4's `--container-*` sizes (`max-w-md`, `w-3xs`, …).
const CONTAINERS: &str = concat!(
    "3xs=16rem\n",
    "2xs=18rem\n",
    "xs=20rem\n",
    "sm=24rem\n",
    "md=28rem\n",
    "lg=32rem\n",
    "xl=36rem\n",
    "2xl=42rem\n",
    "3xl=48rem\n",
    "4xl=56rem\n",
    "5xl=64rem\n",
    "6xl=72rem\n",
    "7xl=80rem\n",
);

/// Keywords every sizing utility (`w-`, `h-`, `size-`, `min-*`, `max-*`, `basis-`) accepts.
const SIZE_WORDS: &str = concat!(
    "auto=auto\n",
    "full=100%\n",
    "fit=fit-content\n",
    "min=min-content\n",
    "max=max-content\n",
    "none=none\n",
    "prose=65ch\n",
);

/// The axis a sizing utility works on: decides `screen` (`100vw`/`100vh`) and whether the
/// container sizes apply (widths only).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Axis {
    Width,
    Height,
    Both,
}

/// Looks `key` up in a table of `key=value` lines; a line without `=` is its own value.
pub(super) fn lookup<'a>(table: &'a str, key: &str) -> Option<&'a str> {
    table.lines().find_map(|line| match line.split_once('=') {
        Some((k, v)) => (k == key).then_some(v),
        None => (line == key).then_some(line),
    })
}

/// `true` for a non-empty run of at most four ASCII digits without a leading zero (`0` itself
/// is allowed).
pub(super) fn is_int(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 4
        && v.bytes().all(|b| b.is_ascii_digit())
        && (v == "0" || !v.starts_with('0'))
}

/// A spacing multiplier as Tailwind v4 accepts it: an integer or a multiple of 0.25.
fn is_multiplier(v: &str) -> bool {
    match v.split_once('.') {
        None => is_int(v),
        Some((int, frac)) => is_int(int) && matches!(frac, "25" | "5" | "75"),
    }
}

/// `4` → `calc(var(--spacing) * 4)`, `px` → `1px`, `[3px]` → `3px`; `neg` negates.
pub(super) fn spacing(v: &str, neg: bool) -> Option<String> {
    let mut out = String::new();
    if v == "px" {
        out.push_str(if neg { "-1px" } else { "1px" });
    } else if is_multiplier(v) {
        out.push_str("calc(var(--spacing) * ");
        if neg {
            out.push('-');
        }
        out.push_str(v);
        out.push(')');
    } else {
        let raw = arbitrary(v)?;
        if neg {
            out.push_str("calc(");
            out.push_str(&raw);
            out.push_str(" * -1)");
        } else {
            out = raw;
        }
    }
    Some(out)
}

/// `1/2` → `calc(1/2 * 100%)`.
pub(super) fn fraction(v: &str, neg: bool) -> Option<String> {
    let (a, b) = v.split_once('/')?;
    if !is_int(a) || !is_int(b) || b == "0" {
        return None;
    }
    let mut out = String::from(if neg { "calc(-" } else { "calc(" });
    out.push_str(v);
    out.push_str(" * 100%)");
    Some(out)
}

/// Spacing plus `auto`, `full` and fractions: margins and `inset`/`top`/….
pub(super) fn inset(v: &str, neg: bool) -> Option<String> {
    match v {
        "auto" if !neg => Some(String::from("auto")),
        "full" => Some(String::from(if neg { "-100%" } else { "100%" })),
        _ => fraction(v, neg).or_else(|| spacing(v, neg)),
    }
}

/// Width/height values: spacing, fractions, keywords, `screen` and viewport units, containers.
pub(super) fn size(v: &str, axis: Axis) -> Option<String> {
    if let Some(word) = lookup(SIZE_WORDS, v) {
        return Some(String::from(word));
    }
    let word = match (v, axis) {
        ("screen", Axis::Width) => "100vw",
        ("screen", Axis::Height) => "100vh",
        ("svw" | "lvw" | "dvw", Axis::Width) | ("svh" | "lvh" | "dvh", Axis::Height) => {
            let mut out = String::from("100");
            out.push_str(v);
            return Some(out);
        }
        _ => "",
    };
    if !word.is_empty() {
        return Some(String::from(word));
    }
    if axis == Axis::Width
        && let Some(container) = lookup(CONTAINERS, v)
    {
        return Some(String::from(container));
    }
    fraction(v, false).or_else(|| spacing(v, false))
}

/// An integer (optionally negated) or an arbitrary value.
pub(super) fn int(v: &str, neg: bool) -> Option<String> {
    if is_int(v) {
        let mut out = String::from(if neg { "-" } else { "" });
        out.push_str(v);
        return Some(out);
    }
    if neg {
        return None;
    }
    arbitrary(v)
}

/// An integer followed by `unit` (`2` → `2px`), or an arbitrary value.
pub(super) fn with_unit(v: &str, unit: &str) -> Option<String> {
    if is_int(v) {
        let mut out = String::from(v);
        out.push_str(unit);
        return Some(out);
    }
    arbitrary(v)
}

/// Appends `n` in decimal.
pub(super) fn push_u32(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    let mut n = n;
    loop {
        if let Some(slot) = digits.get_mut(len) {
            *slot = b'0' + (n % 10) as u8;
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

/// Appends `n / 10^decimals` with trailing zeros of the fraction removed (`637, 1` → `63.7`,
/// `70080, 3` → `70.08`, `980, 1` → `98`). Checked division keeps panic paths out of the wasm.
pub(super) fn push_fixed(out: &mut String, n: u32, decimals: u32) {
    let scale = 10u32.saturating_pow(decimals);
    push_u32(out, n.checked_div(scale).unwrap_or(0));
    let mut frac = n.checked_rem(scale).unwrap_or(0);
    if frac == 0 {
        return;
    }
    out.push('.');
    let mut div = scale / 10;
    while let Some(digit) = frac.checked_div(div) {
        if frac == 0 {
            break;
        }
        out.push(char::from(b'0' + (digit % 10) as u8));
        frac %= div;
        div /= 10;
    }
}
