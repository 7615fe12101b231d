//! `Markdown`: a small CommonMark-like parser of our own that builds DOM nodes directly.
//!
//! Blocks: ATX headings, paragraphs, fenced code, block quotes, bullet and ordered lists
//! (nested by indentation), thematic breaks, pipe tables. Inlines: code spans, strong,
//! emphasis, strikethrough, links and images (URLs through [`crate::url`]; a refused URL
//! leaves plain text), autolinks `<https://…>`, backslash escapes. There is **no** raw HTML:
//! `<b>` stays the text `<b>`; every string lands in the DOM as a text node. Templates in
//! `content` are interpolated first; the block is rebuilt when a key it reads changes.
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Node};
use crate::node::{optional_text, prop};
use crate::render::base;
use prefab::expr::Value;

/// Renders `Markdown`.
pub fn render(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    optional_text(node, "content", "Markdown")?;
    let root = dom::element("div");
    base(cx, &root, node, "pf-markdown");
    let target = root.clone();
    cx.bind_text(prop(node, "content"), move |text| {
        dom::clear(&target);
        let lines: Vec<&str> = text.lines().collect();
        blocks(&target, &lines, 0);
    });
    // One delegated listener: links open through the host when one is connected.
    dom::listen(&cx.owner, &root, "click", |event| {
        let anchor = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten());
        if let Some(href) = anchor.and_then(|a| a.get_attribute("href"))
            && crate::bridge::is_connected()
        {
            event.prevent_default();
            crate::actions::open_link(&href, Box::new(|_| {}));
        }
    });
    Ok(root.into())
}

fn child(parent: &Element, tag: &str) -> Element {
    let el = dom::element(tag);
    dom::append(parent, &el);
    el
}

/// A bullet (`- `, `* `, `+ `) or ordered (`1. `, `1) `) list marker: (ordered, width).
fn list_marker(line: &str) -> Option<(bool, usize)> {
    let b = line.as_bytes();
    match b.first()? {
        b'-' | b'*' | b'+' if b.get(1) == Some(&b' ') => Some((false, 2)),
        b'0'..=b'9' => {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            let ok = digits <= 9
                && matches!(b.get(digits), Some(b'.' | b')'))
                && b.get(digits + 1) == Some(&b' ');
            ok.then_some((true, digits + 2))
        }
        _ => None,
    }
}

fn is_break(line: &str) -> bool {
    let t: Vec<u8> = line.bytes().filter(|b| *b != b' ').collect();
    let first = t.first().copied().unwrap_or_default();
    t.len() >= 3 && matches!(first, b'-' | b'*' | b'_') && t.iter().all(|b| *b == first)
}

fn fence(line: &str) -> Option<&str> {
    let t = line.trim_start();
    (t.starts_with("```") || t.starts_with("~~~")).then(|| &t[..3])
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|b| *b == b'#').count();
    let rest = &line[level..];
    ((1..=6).contains(&level) && (rest.is_empty() || rest.starts_with(' ')))
        .then(|| (level, rest.trim().trim_end_matches('#').trim_end()))
}

fn is_table_rule(line: &str) -> bool {
    let t = line.trim();
    t.contains('-') && t.bytes().all(|b| matches!(b, b'|' | b'-' | b':' | b' '))
}

/// Whether `line` starts a block other than a paragraph (ends a paragraph).
fn starts_block(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty()
        || heading(t).is_some()
        || fence(t).is_some()
        || t.starts_with('>')
        || is_break(t)
        || list_marker(t).is_some()
}

/// Parses `lines` into block elements appended to `parent`.
fn blocks(parent: &Element, lines: &[&str], depth: u32) {
    if depth > 16 {
        // Deeper nesting than any document needs: the rest is shown as text.
        dom::append(parent, &dom::text(&lines.join("\n")));
        return;
    }
    let mut i = 0;
    while let Some(&line) = lines.get(i) {
        let t = line.trim_start();
        i += 1;
        if t.is_empty() {
            continue;
        }
        if let Some(mark) = fence(t) {
            let lang = t[3..].trim();
            let mut body = Vec::new();
            while let Some(&l) = lines.get(i) {
                i += 1;
                if l.trim_start().starts_with(mark) {
                    break;
                }
                body.push(l);
            }
            let pre = child(parent, "pre");
            let code = child(&pre, "code");
            if !lang.is_empty() {
                dom::set_attr(&code, "data-language", lang);
            }
            code.set_text_content(Some(&body.join("\n")));
        } else if let Some((level, text)) = heading(t) {
            let tags = ["h1", "h2", "h3", "h4", "h5", "h6"];
            inline(
                &child(parent, tags.get(level - 1).unwrap_or(&"h6")),
                text,
                0,
            );
        } else if is_break(t) {
            child(parent, "hr");
        } else if t.starts_with('>') {
            let mut quoted = vec![strip_quote(t)];
            while let Some(l) = lines.get(i).map(|l| l.trim_start()) {
                if !l.starts_with('>') {
                    break;
                }
                quoted.push(strip_quote(l));
                i += 1;
            }
            blocks(&child(parent, "blockquote"), &quoted, depth + 1);
        } else if let Some((ordered, _)) = list_marker(t) {
            i = list(parent, lines, i - 1, ordered, depth);
        } else if t.contains('|') && lines.get(i).is_some_and(|l| is_table_rule(l)) {
            i = table(parent, lines, i - 1);
        } else {
            let mut para = vec![t];
            while let Some(&l) = lines.get(i) {
                if starts_block(l) {
                    break;
                }
                para.push(l.trim());
                i += 1;
            }
            inline(&child(parent, "p"), &para.join("\n"), 0);
        }
    }
}

fn strip_quote(line: &str) -> &str {
    let rest = &line[1..];
    rest.strip_prefix(' ').unwrap_or(rest)
}

/// A list starting at `lines[start]`; returns the index after it.
fn list(parent: &Element, lines: &[&str], start: usize, ordered: bool, depth: u32) -> usize {
    let list = child(parent, if ordered { "ol" } else { "ul" });
    let indent = |l: &str| l.len() - l.trim_start().len();
    let base_indent = lines.get(start).map_or(0, |l| indent(l));
    let mut i = start;
    while let Some(&line) = lines.get(i) {
        let t = line.trim_start();
        let Some((is_ordered, width)) = list_marker(t) else {
            break;
        };
        if is_ordered != ordered || indent(line) != base_indent {
            break;
        }
        if ordered && i == start {
            let number: String = t.chars().take_while(char::is_ascii_digit).collect();
            if number != "1" {
                dom::set_attr(&list, "start", &number);
            }
        }
        let mut item = vec![&t[width..]];
        i += 1;
        // Continuation: more-indented lines (nested lists, wrapped text) and blank lines
        // followed by more-indented lines.
        while let Some(&l) = lines.get(i) {
            let blank = l.trim().is_empty();
            let deeper = indent(l) > base_indent;
            let next_deeper = lines.get(i + 1).is_some_and(|n| indent(n) > base_indent);
            if !(deeper && !blank || blank && next_deeper) {
                break;
            }
            let strip = (base_indent + width).min(indent(l));
            item.push(l.get(strip..).unwrap_or_else(|| l.trim_start()));
            i += 1;
        }
        let li = child(&list, "li");
        if let [only] = item[..] {
            inline(&li, only, 0);
        } else {
            blocks(&li, &item, depth + 1);
        }
    }
    i
}

/// A pipe table whose header is `lines[start]`; returns the index after it.
fn table(parent: &Element, lines: &[&str], start: usize) -> usize {
    let table = child(parent, "table");
    let cells = |line: &str| -> Vec<String> {
        let t = line.trim();
        let t = t.strip_prefix('|').unwrap_or(t);
        let t = t.strip_suffix('|').unwrap_or(t);
        t.split('|').map(|c| c.trim().to_string()).collect()
    };
    let aligns: Vec<&str> = cells(lines.get(start + 1).copied().unwrap_or(""))
        .iter()
        .map(|c| match (c.starts_with(':'), c.ends_with(':')) {
            (true, true) => "center",
            (false, true) => "right",
            _ => "",
        })
        .collect();
    let row = |section: &Element, line: &str, tag: &str| {
        let tr = child(section, "tr");
        for (k, text) in cells(line).iter().enumerate() {
            let cell = child(&tr, tag);
            if let Some(align) = aligns.get(k).filter(|a| !a.is_empty()) {
                dom::set_attr(&cell, "style", &["text-align:", align].concat());
            }
            inline(&cell, text, 0);
        }
    };
    row(
        &child(&table, "thead"),
        lines.get(start).copied().unwrap_or(""),
        "th",
    );
    let body = child(&table, "tbody");
    let mut i = start + 2;
    while let Some(&line) = lines.get(i) {
        if line.trim().is_empty() || !line.contains('|') {
            break;
        }
        row(&body, line, "td");
        i += 1;
    }
    i
}

/// Parses inline markup of `s` into `parent`.
fn inline(parent: &Element, s: &str, depth: u32) {
    let mut text = String::new();
    let flush = |text: &mut String| {
        if !text.is_empty() {
            dom::append(parent, &dom::text(text));
            text.clear();
        }
    };
    let mut i = 0;
    while let Some(c) = s[i..].chars().next() {
        let rest = &s[i..];
        let prev_alnum = s[..i]
            .chars()
            .next_back()
            .is_some_and(|p| p.is_ascii_alphanumeric());
        // A span `(tag, inner, length consumed)`, or a link/image, or plain text.
        let span: Option<(&str, &str, usize)> = match c {
            '\\' => match rest[1..].chars().next() {
                Some(e) if e.is_ascii_punctuation() => {
                    text.push(e);
                    i += 2;
                    continue;
                }
                _ => None,
            },
            '`' => {
                let ticks = rest.bytes().take_while(|b| *b == b'`').count();
                let fence = &rest[..ticks];
                prefab::expr::find_str(&rest[ticks..], fence)
                    .map(|end| ("code", rest[ticks..ticks + end].trim(), 2 * ticks + end))
            }
            '*' | '_' | '~' if depth < 8 => emphasis(c, rest, prev_alnum),
            '[' | '!' if depth < 8 => {
                if let Some((label, url, used)) = link_parts(rest) {
                    flush(&mut text);
                    link(parent, c == '!', label, url, depth);
                    i += used;
                    continue;
                }
                None
            }
            '<' => {
                if let Some((href, url, used)) = autolink(rest) {
                    flush(&mut text);
                    anchor(parent, &href).set_text_content(Some(url));
                    i += used;
                    continue;
                }
                None
            }
            _ => None,
        };
        match span {
            Some((tag, inner, used)) => {
                flush(&mut text);
                let el = child(parent, tag);
                if tag == "code" {
                    el.set_text_content(Some(inner));
                } else {
                    inline(&el, inner, depth + 1);
                }
                i += used;
            }
            None => {
                text.push(c);
                i += c.len_utf8();
            }
        }
    }
    flush(&mut text);
}

/// `**strong**`/`__strong__`, `*em*`/`_em_` or `~~del~~` at the start of `rest`:
/// `(tag, inner, length)`. An `_` inside a word opens nothing, nor does a delimiter before a
/// space.
fn emphasis(c: char, rest: &str, prev_alnum: bool) -> Option<(&'static str, &str, usize)> {
    let double = rest
        .get(..2)
        .filter(|d| d.as_bytes().first() == d.as_bytes().get(1));
    let (delim, tag) = match (c, double) {
        ('~', Some(d)) => (d, "del"),
        ('~', None) => ("", ""),
        (_, Some(d)) => (d, "strong"),
        _ => (&rest[..1], "em"),
    };
    let n = delim.len();
    let opens = n > 0
        && !(c == '_' && prev_alnum)
        && rest[n..]
            .chars()
            .next()
            .is_some_and(|f| !f.is_ascii_whitespace());
    if opens {
        prefab::expr::find_str(&rest[n..], delim)
            .filter(|end| *end > 0)
            .map(|end| (tag, &rest[n..n + end], 2 * n + end))
    } else {
        None
    }
}

/// A link (its label parsed inline) or an `image`; a refused URL leaves the label as text.
fn link(parent: &Element, image: bool, label: &str, url: &str, depth: u32) {
    let checked = if image {
        crate::url::safe_src(url, "image/")
    } else {
        crate::url::safe_link(url)
    };
    match checked {
        Some(href) if image => {
            let img = child(parent, "img");
            dom::set_attr(&img, "src", &href);
            dom::set_attr(&img, "alt", label);
        }
        Some(href) => inline(&anchor(parent, &href), label, depth + 1),
        // A refused URL: the label alone, as text.
        None => inline(parent, label, depth + 1),
    }
}

/// `<scheme://...>` at the start of `rest` with a safe URL: (href, url, length).
fn autolink(rest: &str) -> Option<(String, &str, usize)> {
    let end = rest.find('>')?;
    let url = &rest[1..end];
    let href = prefab::expr::has_str(url, "://")
        .then(|| crate::url::safe_link(url))
        .flatten()?;
    Some((href, url, end + 1))
}

/// An `<a>` to `href` opening in a new tab, appended to `parent`.
fn anchor(parent: &Element, href: &str) -> Element {
    let a = child(parent, "a");
    dom::set_attr(&a, "href", href);
    dom::set_attr(&a, "target", "_blank");
    dom::set_attr(&a, "rel", "noopener noreferrer");
    a
}

/// `[label](url "title")` at the start of `s` (after an optional `!`): (label, url, length).
fn link_parts(s: &str) -> Option<(&str, &str, usize)> {
    let open = usize::from(s.starts_with('!'));
    if s.as_bytes().get(open) != Some(&b'[') {
        return None;
    }
    let mut depth = 0;
    let close = s[open..].char_indices().find_map(|(k, c)| {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            _ => {}
        }
        None
    })?;
    let after = s.get(close + 1..)?;
    if !after.starts_with('(') {
        return None;
    }
    let end = after.find(')')?;
    let target = after[1..end].trim();
    let url = target.split_ascii_whitespace().next().unwrap_or("");
    Some((&s[open + 1..close], url, close + 1 + end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_markers_are_recognised() {
        assert_eq!(list_marker("- a"), Some((false, 2)));
        assert_eq!(list_marker("12. a"), Some((true, 4)));
        assert_eq!(list_marker("-a"), None);
        assert!(is_break("* * *") && is_break("---") && !is_break("--"));
        assert_eq!(heading("## Title ##"), Some((2, "Title")));
        assert_eq!(heading("#hashtag"), None);
        assert!(is_table_rule("|---|:-:|") && !is_table_rule("| a | b |"));
    }

    #[test]
    fn link_parts_split_label_url_and_title() {
        assert_eq!(
            link_parts("[a [b]](https://x.test \"t\") tail"),
            Some(("a [b]", "https://x.test", 27))
        );
        assert_eq!(link_parts("![alt](p.png)"), Some(("alt", "p.png", 13)));
        assert_eq!(link_parts("[no link] here"), None);
    }
}
