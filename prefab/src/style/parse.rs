//! Splitting a class name into variants, `!important`, a negative sign and the utility, and
//! checking arbitrary values (`w-[320px]`) against a safe character set.

/// A variant prefix: its name, the selector suffix it adds and the media condition it needs.
/// The position in this table is the variant's bit in [`Class::variants`] and, as in
/// Tailwind v4, its sort order: rules with later variants come later.
pub(super) const VARIANTS: &[(&str, &str, &str)] = &[
    ("first", ":first-child", ""),
    ("last", ":last-child", ""),
    ("odd", ":nth-child(odd)", ""),
    ("even", ":nth-child(even)", ""),
    ("focus-within", ":focus-within", ""),
    ("hover", ":hover", "(hover: hover)"),
    ("focus", ":focus", ""),
    ("focus-visible", ":focus-visible", ""),
    ("active", ":active", ""),
    ("disabled", ":disabled", ""),
    ("sm", "", "(width >= 40rem)"),
    ("md", "", "(width >= 48rem)"),
    ("lg", "", "(width >= 64rem)"),
    ("xl", "", "(width >= 80rem)"),
    ("2xl", "", "(width >= 96rem)"),
    ("dark", ":where(.dark, .dark *)", ""),
];

/// Longest class name looked at; longer ones are ignored.
const MAX_CLASS_LEN: usize = 160;

/// A class name taken apart.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Class<'a> {
    /// One bit per entry of [`VARIANTS`].
    pub variants: u16,
    pub important: bool,
    pub negative: bool,
    /// What is left: `p-4`, `bg-red-500/50`, `w-[320px]`.
    pub utility: &'a str,
}

/// Characters a class name may contain at all. Everything else (quotes, `;`, braces, `<`,
/// backslashes, whitespace, non-ASCII) makes the class unknown.
fn allowed(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_:/.[]#%(),!+*".contains(&b)
}

/// Takes `md:hover:!-mt-4` apart; `None` for an unknown variant or a character outside the
/// allowed set.
pub(super) fn parse(class: &str) -> Option<Class<'_>> {
    if class.is_empty() || class.len() > MAX_CLASS_LEN || !class.bytes().all(allowed) {
        return None;
    }
    let mut variants = 0u16;
    let mut rest = class;
    while let Some(colon) = top_level_colon(rest) {
        let name = rest.get(..colon)?;
        let bit = VARIANTS.iter().position(|(n, _, _)| *n == name)?;
        variants |= 1 << bit;
        rest = rest.get(colon + 1..)?;
    }
    let mut important = false;
    if let Some(r) = rest.strip_prefix('!') {
        important = true;
        rest = r;
    } else if let Some(r) = rest.strip_suffix('!') {
        important = true;
        rest = r;
    }
    let negative = rest.starts_with('-');
    let utility = rest.strip_prefix('-').unwrap_or(rest);
    if utility.is_empty() {
        return None;
    }
    Some(Class {
        variants,
        important,
        negative,
        utility,
    })
}

/// The first `:` outside `[…]`.
fn top_level_colon(s: &str) -> Option<usize> {
    let mut depth = 0u32;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            b':' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The CSS value of an arbitrary value `[…]` (`_` becomes a space) or `(--name)`. `None` unless the value is
/// safe: no nested brackets, balanced parentheses, no `!`, no comment, no `url(`, no
/// `expression`, no `:` (the allowed class characters already exclude `;`, braces, quotes,
/// `<` and backslashes).
pub(super) fn arbitrary(v: &str) -> Option<String> {
    if let Some(name) = v.strip_prefix("(--").and_then(|r| r.strip_suffix(')')) {
        // Tailwind v4's shorthand for a variable: `p-(--gap)` → `var(--gap)`.
        let ok = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        let mut out = String::from("var(--");
        out.push_str(name);
        out.push(')');
        return ok.then_some(out);
    }
    let inner = v.strip_prefix('[')?.strip_suffix(']')?;
    if inner.is_empty() || inner.contains(['[', ']', '!', ':']) || crate::expr::has_str(inner, "/*")
    {
        return None;
    }
    if crate::expr::has_str(inner, "*/")
        || contains_word(inner, b"url(")
        || contains_word(inner, b"expression")
    {
        return None;
    }
    let mut depth = 0i32;
    for b in inner.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    if depth != 0 {
        return None;
    }
    Some(inner.replace('_', " "))
}

/// ASCII case-insensitive substring test.
fn contains_word(hay: &str, needle: &[u8]) -> bool {
    hay.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

/// `true` for a value that names a colour: `#…`, a colour function or `var(…)` (which
/// Tailwind also reads as a colour for `text-`/`bg-`/`border-`).
pub(super) fn is_colorish(v: &str) -> bool {
    const STARTS: &[&str] = &[
        "#",
        "rgb(",
        "rgba(",
        "hsl(",
        "hsla(",
        "oklch(",
        "oklab(",
        "lab(",
        "lch(",
        "color-mix(",
        "var(",
    ];
    STARTS.iter().any(|s| v.starts_with(s))
}
