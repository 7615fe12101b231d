//! CSS selectors on the native document: the subset the renderer uses — lists (`a, b`),
//! descendant and child combinators, type, `*`, `.class`, `#id`, `[attr]`, `[attr=value]`
//! (quoted or not), `:not(…)`, `:focus`, `:focus-within`, `:checked`, `:disabled`. Anything
//! else is a syntax error, as an unknown selector is in a browser.
use super::document::NodeList;
use super::types::{Node, active, walk};
use wasm_bindgen::JsValue;

enum Simple {
    Tag(String),
    Class(String),
    Id(String),
    Attr(String, Option<String>),
    Not(Vec<Complex>),
    Focus,
    FocusWithin,
    Checked,
    Disabled,
}

/// Compounds from right to left, each with the combinator to the one on its left
/// (`true`: child, `false`: descendant).
struct Complex(Vec<(Vec<Simple>, bool)>);

fn bad() -> JsValue {
    JsValue::UNDEFINED
}

fn name(s: &str) -> usize {
    s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(s.len())
}

/// Splits at top-level commas (not inside parentheses, brackets or quotes).
fn split_list(s: &str) -> Vec<&str> {
    let (mut out, mut depth, mut quote, mut start) = (Vec::new(), 0i32, None, 0);
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(' | '[') => depth += 1,
            (None, ')' | ']') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

fn parse_list(s: &str) -> Result<Vec<Complex>, JsValue> {
    split_list(s).into_iter().map(parse_complex).collect()
}

fn parse_complex(s: &str) -> Result<Complex, JsValue> {
    let mut parts = Vec::new();
    let mut rest = s.trim();
    let mut child = false;
    while !rest.is_empty() {
        let (compound, after) = parse_compound(rest)?;
        parts.push((compound, child));
        let trimmed = after.trim_start();
        child = trimmed.starts_with('>');
        rest = trimmed.trim_start_matches('>').trim_start();
        if child && rest.is_empty() {
            return Err(bad());
        }
    }
    if parts.is_empty() {
        return Err(bad());
    }
    // Right to left, each compound with the combinator to its left (how it relates to the
    // compound after it in the list).
    parts.reverse();
    Ok(Complex(parts))
}

fn parse_compound(mut s: &str) -> Result<(Vec<Simple>, &str), JsValue> {
    let whole = s.len();
    let mut out = Vec::new();
    if s.starts_with('*') {
        s = &s[1..];
    } else {
        let n = name(s);
        if n > 0 {
            out.push(Simple::Tag(s[..n].to_ascii_lowercase()));
            s = &s[n..];
        }
    }
    while let Some(c) = s.chars().next() {
        match c {
            '.' | '#' => {
                let n = name(&s[1..]);
                if n == 0 {
                    return Err(bad());
                }
                let v = s[1..=n].to_string();
                out.push(if c == '.' {
                    Simple::Class(v)
                } else {
                    Simple::Id(v)
                });
                s = &s[n + 1..];
            }
            '[' => {
                let end = s.find(']').ok_or_else(bad)?;
                let inner = &s[1..end];
                out.push(match inner.split_once('=') {
                    Some((k, v)) => {
                        let v = v.trim();
                        let v = v
                            .strip_prefix('"')
                            .and_then(|v| v.strip_suffix('"'))
                            .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
                            .unwrap_or(v);
                        Simple::Attr(k.trim().to_string(), Some(v.to_string()))
                    }
                    None => Simple::Attr(inner.trim().to_string(), None),
                });
                s = &s[end + 1..];
            }
            ':' => {
                let n = name(&s[1..]);
                let pseudo = &s[1..=n];
                s = &s[n + 1..];
                out.push(match pseudo {
                    "not" => {
                        let inner = s.strip_prefix('(').ok_or_else(bad)?;
                        let end = closing(inner).ok_or_else(bad)?;
                        let list = parse_list(&inner[..end])?;
                        s = &inner[end + 1..];
                        Simple::Not(list)
                    }
                    "focus" => Simple::Focus,
                    "focus-within" => Simple::FocusWithin,
                    "checked" => Simple::Checked,
                    "disabled" => Simple::Disabled,
                    _ => return Err(bad()),
                });
            }
            ' ' | '>' | '\t' | '\n' => break,
            _ => return Err(bad()),
        }
    }
    // Nothing read (a combinator where a compound should be) is a syntax error.
    if s.len() == whole {
        return Err(bad());
    }
    Ok((out, s))
}

/// The index of the `)` closing an opened `(` at the start of `s`'s parent.
fn closing(s: &str) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

fn simple(el: &Node, s: &Simple) -> bool {
    match s {
        Simple::Tag(t) => el.local_name().eq_ignore_ascii_case(t),
        Simple::Class(c) => el.class_list().contains(c),
        Simple::Id(id) => el.get_attribute("id").as_deref() == Some(id.as_str()),
        Simple::Attr(k, None) => el.has_attribute(k),
        Simple::Attr(k, Some(v)) => el.get_attribute(k).as_deref() == Some(v.as_str()),
        Simple::Not(list) => !list.iter().any(|c| complex(el, c)),
        Simple::Focus => active().as_ref() == Some(el),
        Simple::FocusWithin => el.contains(active().as_ref()),
        Simple::Checked => el.checked(),
        Simple::Disabled => el.has_attribute("disabled"),
    }
}

fn compound(el: &Node, c: &[Simple]) -> bool {
    el.is_element() && c.iter().all(|s| simple(el, s))
}

fn complex(el: &Node, c: &Complex) -> bool {
    matches_from(el, &c.0)
}

/// Whether `el` matches `parts[0]` and its ancestors the rest.
fn matches_from(el: &Node, parts: &[(Vec<Simple>, bool)]) -> bool {
    let Some(((first, child), rest)) = parts.split_first() else {
        return true;
    };
    if !compound(el, first) {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    let mut at = el.parent_element();
    while let Some(p) = at {
        if matches_from(&p, rest) {
            return true;
        }
        if *child {
            return false;
        }
        at = p.parent_element();
    }
    false
}

/// Whether `el` matches `selector`.
pub(super) fn matches(el: &Node, selector: &str) -> Result<bool, JsValue> {
    let list = parse_list(selector)?;
    Ok(list.iter().any(|c| complex(el, c)))
}

/// The descendants of `root` matching `selector`, in document order.
pub(super) fn all(root: &Node, selector: &str) -> Result<Vec<Node>, JsValue> {
    let list = parse_list(selector)?;
    let mut out = Vec::new();
    for child in root.child_list() {
        walk(&child, &mut |n| {
            if list.iter().any(|c| complex(n, c)) {
                out.push(n.clone());
            }
        });
    }
    Ok(out)
}

impl Node {
    /// The first descendant matching `selector`.
    pub fn query_selector(&self, selector: &str) -> Result<Option<Node>, JsValue> {
        Ok(all(self, selector)?.into_iter().next())
    }

    /// Every descendant matching `selector`, in document order.
    pub fn query_selector_all(&self, selector: &str) -> Result<NodeList, JsValue> {
        Ok(NodeList(all(self, selector)?))
    }

    /// The nearest of this element and its ancestors matching `selector`.
    pub fn closest(&self, selector: &str) -> Result<Option<Node>, JsValue> {
        let mut at = Some(self.clone());
        while let Some(n) = at {
            if n.is_element() && matches(&n, selector)? {
                return Ok(Some(n));
            }
            at = n.parent_element();
        }
        Ok(None)
    }

    /// Whether this element matches `selector`.
    pub fn matches(&self, selector: &str) -> Result<bool, JsValue> {
        matches(self, selector)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::super::Document;

    #[test]
    fn selectors_of_the_renderer_match_as_in_a_browser() {
        let doc = Document::new();
        let form = doc.create_element("form").unwrap();
        let field = doc.create_element("div").unwrap();
        field.set_class_name("pf-field x");
        let input = doc.create_element("input").unwrap();
        input.set_attribute("type", "text").unwrap();
        let hidden = doc.create_element("input").unwrap();
        hidden.set_attribute("type", "hidden").unwrap();
        let day = doc.create_element("button").unwrap();
        day.set_attribute("data-day", "2026-12-06").unwrap();
        day.set_attribute("disabled", "").unwrap();
        form.append_child(&field).unwrap();
        field.append_child(&input).unwrap();
        field.append_child(&hidden).unwrap();
        field.append_child(&day).unwrap();
        let q = |s: &str| form.query_selector_all(s).unwrap().length();
        assert_eq!(q("input:not([type=hidden]),textarea"), 1);
        assert_eq!(q(".pf-field"), 1);
        assert_eq!(q("form .pf-field > input"), 2);
        // `>` is a child, a space a descendant: the inputs are the field's children, the
        // form's grandchildren.
        assert_eq!(q("form > input"), 0);
        assert_eq!(q("form input"), 2);
        assert_eq!(q("form > .pf-field > input[type=hidden]"), 1);
        assert_eq!(q(".pf-field > form"), 0);
        assert_eq!(q("*"), 4);
        assert!(form.query_selector("> input").is_err());
        assert!(form.query_selector("input >").is_err());
        assert_eq!(q("[data-day=\"2026-12-06\"]:not([data-outside])"), 1);
        assert_eq!(
            q("button:not([disabled]),[tabindex]:not([tabindex='-1'])"),
            0
        );
        assert_eq!(input.closest(".pf-field").unwrap(), Some(field.clone()));
        assert_eq!(input.closest("form").unwrap(), Some(form.clone()));
        assert!(form.query_selector("div::before").is_err());
    }
}
