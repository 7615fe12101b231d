//! A Tailwind CSS v4-compatible class compiler: the class names a document uses in `cssClass`
//! become CSS rules on demand, instead of a large fixed stylesheet.
//!
//! ```
//! let css = prefab::style::compile(["p-4", "md:grid-cols-4", "bg-red-500/50", "no-such-class"]);
//! assert!(css.contains(".p-4{padding:calc(var(--spacing) * 4)}"));
//! assert!(css.contains("@media (width >= 48rem){.md\\:grid-cols-4{"));
//! assert!(!css.contains("no-such-class"));
//! ```
//!
//! Built without default features and for `wasm32` (the renderer links it), so it uses no
//! float formatting and no `format!`: tables of utilities ([`utilities`]), integer scales
//! ([`scale`]), the palette as packed integers ([`color`]).
//!
//! Size: a `wasm32-unknown-unknown` cdylib (opt-level `z`, fat LTO, `panic = "abort"`,
//! stripped) exporting one function that calls [`compile`] is 14.4 KB gzip larger than the same
//! cdylib that only splits, sorts and joins the class names (22.6 vs 8.1 KB), and 14.5 KB
//! larger when both already link core's panic formatting as any real renderer does. Every
//! rule of a 136-class sample parses in Chromium's `CSSStyleSheet.replaceSync`.
//!
//! Output order follows Tailwind's layering: rules without variants first, then by variant
//! (pseudo-classes, then breakpoints ascending, then `dark:`), within each by the utility's
//! place in Tailwind's property order, then by class name. Each class is written once; unknown
//! classes are ignored; a class name or arbitrary value that could inject CSS is ignored.

mod color;
#[cfg(feature = "json")]
mod doc;
mod emit;
mod parse;
mod scale;
mod utilities;

#[cfg(feature = "json")]
pub use doc::{classes_of, document_css};

use emit::{Rule, push_rule};
use parse::{arbitrary, is_colorish, parse};
use scale::{Axis, lookup};
use utilities::{Kind, NAMED, ROWS, STATIC, row};

/// Theme defaults the rules refer to; written before the rules, with zero specificity so any
/// theme overrides them.
const PREAMBLE: &str = ":where(:root){--spacing:0.25rem}\n";

/// CSS rules for the known classes among `classes` (each item may hold several
/// space-separated classes, like a `cssClass` value). Empty when none is known.
#[must_use]
pub fn compile<'a>(classes: impl IntoIterator<Item = &'a str>) -> String {
    // Kept ordered and unique by inserting at the binary-search position (a repeated class
    // resolves to the same key): no `sort` instantiation, which is large in the wasm renderer.
    let mut rules: Vec<Rule<'_>> = Vec::new();
    for rule in classes
        .into_iter()
        .flat_map(str::split_ascii_whitespace)
        .filter_map(resolve)
    {
        let key = (rule.variants, rule.order, rule.class);
        if let Err(at) = rules.binary_search_by(|r| (r.variants, r.order, r.class).cmp(&key)) {
            rules.insert(at, rule);
        }
    }
    if rules.is_empty() {
        return String::new();
    }
    let mut out = String::from(PREAMBLE);
    for rule in &rules {
        push_rule(&mut out, rule);
    }
    out
}

/// The rule for one class, if it is a known utility.
fn resolve(class: &str) -> Option<Rule<'_>> {
    let parsed = parse(class)?;
    let mut rule = Rule {
        class,
        variants: parsed.variants,
        order: 0,
        important: parsed.important,
        children: false,
        decls: String::new(),
    };
    let mut order = 0u16;
    for line in STATIC.lines() {
        order += 1;
        if let Some((name, decls)) = line.split_once('=')
            && name == parsed.utility
            && !parsed.negative
        {
            rule.order = order;
            rule.decls.push_str(decls);
            return Some(rule);
        }
    }
    for row in ROWS.lines().filter_map(row) {
        order += 1;
        if parsed.negative && !row.negative {
            continue;
        }
        let Some(rest) = parsed.utility.strip_prefix(row.prefix) else {
            continue;
        };
        let value = match rest.strip_prefix('-') {
            Some(value) if !value.is_empty() => value,
            _ if rest.is_empty() => "",
            _ => continue,
        };
        let Some(value) = value_of(row.kind, value, parsed.negative) else {
            continue;
        };
        rule.order = order;
        rule.children = row.children;
        for (j, part) in row.template.split('$').enumerate() {
            if j > 0 {
                rule.decls.push_str(&value);
            }
            rule.decls.push_str(part);
        }
        return Some(rule);
    }
    None
}

/// The CSS value of `value` for a utility of `kind` (`""` is the bare utility).
fn value_of(kind: Kind, value: &str, neg: bool) -> Option<String> {
    if value.is_empty() {
        return match kind {
            Kind::Px => Some(String::from("1px")),
            Kind::Int1 => Some(String::from("1")),
            Kind::Named(table) => named(table, value),
            _ => None,
        };
    }
    match kind {
        Kind::Space => scale::spacing(value, neg),
        Kind::Inset => scale::inset(value, neg),
        Kind::Width => scale::size(value, Axis::Width),
        Kind::Height => scale::size(value, Axis::Height),
        Kind::Both => scale::size(value, Axis::Both),
        Kind::Color => color::color(value),
        Kind::Int | Kind::Int1 => scale::int(value, neg),
        Kind::Percent => scale::with_unit(value, "%"),
        Kind::Px => scale::with_unit(value, "px"),
        Kind::Ms => scale::with_unit(value, "ms"),
        Kind::Repeat => wrap_int(value, "repeat(", ", minmax(0, 1fr))"),
        Kind::Span => wrap_int(value, "span ", " / span "),
        Kind::Named(table) => named(table, value),
    }
}

/// `N` → `before N after` (`after` ending in a space repeats `N`: `span N / span N`); an
/// arbitrary value as it is.
fn wrap_int(value: &str, before: &str, after: &str) -> Option<String> {
    if !scale::is_int(value) {
        return arbitrary(value);
    }
    let mut out = String::from(before);
    out.push_str(value);
    out.push_str(after);
    if after.ends_with(' ') {
        out.push_str(value);
    }
    Some(out)
}

/// A key of the named table `table`, or an arbitrary value that is not a colour.
fn named(table: u8, value: &str) -> Option<String> {
    if let Some(found) = NAMED.get(usize::from(table)).and_then(|t| lookup(t, value)) {
        return Some(String::from(found));
    }
    arbitrary(value).filter(|raw| !is_colorish(raw))
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_variants;
