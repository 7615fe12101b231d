//! Writing one rule: the escaped selector, the variants' pseudo-classes and media queries,
//! `!important`.

use super::parse::VARIANTS;

/// One resolved class, ready to be written.
pub(super) struct Rule<'a> {
    pub class: &'a str,
    pub variants: u16,
    /// Position of the utility in the tables (Tailwind's property order).
    pub order: u16,
    pub important: bool,
    pub children: bool,
    /// `prop:value;prop:value`.
    pub decls: String,
}

/// Appends `rule` as one line: `@media …{.sel{decls}}`.
pub(super) fn push_rule(out: &mut String, rule: &Rule<'_>) {
    let mut media = false;
    for (bit, (_, _, condition)) in VARIANTS.iter().enumerate() {
        if rule.variants & (1 << bit) != 0 && !condition.is_empty() {
            out.push_str(if media { " and " } else { "@media " });
            out.push_str(condition);
            media = true;
        }
    }
    if media {
        out.push('{');
    }
    if rule.children {
        out.push_str(":where(");
    }
    out.push('.');
    push_escaped(out, rule.class);
    for (bit, (_, suffix, _)) in VARIANTS.iter().enumerate() {
        if rule.variants & (1 << bit) != 0 {
            out.push_str(suffix);
        }
    }
    if rule.children {
        out.push_str(" > :not(:last-child))");
    }
    out.push('{');
    for (i, decl) in rule.decls.split(';').enumerate() {
        if i > 0 {
            out.push(';');
        }
        out.push_str(decl);
        if rule.important {
            out.push_str(" !important");
        }
    }
    out.push('}');
    if media {
        out.push('}');
    }
    out.push('\n');
}

/// Writes a class name as a CSS identifier: every character other than ASCII letters, digits,
/// `-` and `_` gets a backslash (the parser has already refused anything that is not
/// printable ASCII, so only a leading digit needs a hex escape: `2xl:p-4` → `\32 xl\:p-4`).
pub(super) fn push_escaped(out: &mut String, class: &str) {
    let mut chars = class.chars();
    if let Some(first) = class.chars().next().filter(char::is_ascii_digit) {
        out.push_str("\\3");
        out.push(first);
        out.push(' ');
        chars.next();
    }
    for c in chars {
        if !(c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            out.push('\\');
        }
        out.push(c);
    }
}
