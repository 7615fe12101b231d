//! Descriptions in plain language: the schema's descriptions come from Rust doc comments,
//! whose syntax (intra-doc links, `# Example` sections, code blocks, Rust API names) means
//! nothing to a model or a schema reader.

/// A doc comment as plain prose:
/// * `# …` sections and code blocks are cut;
/// * links keep their text: ``[`Grid`]`` → `Grid`, `[text](url)` → `text`;
/// * sentences that name Rust API items (`DataTable::from_rows`) are dropped;
/// * builder calls in code spans lose their arguments (`` `columns(n)` `` → `` `columns` ``);
/// * hard-wrapped lines are joined (paragraphs stay apart).
pub(super) fn plain(doc: &str) -> String {
    let mut text = doc;
    for marker in ["\n# ", "\n```"] {
        if let Some(cut) = text.find(marker) {
            text = &text[..cut];
        }
    }
    if text.starts_with("```") || text.starts_with("# ") {
        text = "";
    }
    let text = unlink(text);
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| rust_free(&p.split_whitespace().collect::<Vec<_>>().join(" ")))
        .filter(|p| !p.is_empty())
        .collect();
    paragraphs.join("\n\n")
}

/// Links keep their label: ``[`Name`]`` (an intra-doc link, with or without a target) →
/// `Name`, `[label](target)` and `[label][target]` → `label`. Other brackets (`[lo, hi]`,
/// `state[key]`) stay.
fn unlink(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            break;
        };
        let label = &after[..close];
        let target = &after[close + 1..];
        let code = label.len() >= 2 && label.starts_with('`') && label.ends_with('`');
        if code {
            out.push_str(&label[1..label.len() - 1]);
        } else if target.starts_with(['(', '[']) {
            out.push_str(label);
        } else {
            out.push('[');
            rest = after;
            continue;
        }
        rest = skip_target(target);
    }
    out.push_str(rest);
    out
}

/// Skips a link target (`(…)` or `[…]`) right after a link label.
fn skip_target(rest: &str) -> &str {
    let close = match rest.as_bytes().first() {
        Some(b'(') => ')',
        Some(b'[') => ']',
        _ => return rest,
    };
    rest.find(close).map_or(rest, |end| &rest[end + 1..])
}

/// Drops the sentences of one paragraph that name Rust items (`Type::item`) and strips the
/// arguments of builder calls in code spans.
fn rust_free(paragraph: &str) -> String {
    let sentences: Vec<&str> = paragraph
        .split_inclusive(". ")
        .filter(|s| !s.contains("::"))
        .collect();
    let mut out = String::new();
    for (i, piece) in sentences.concat().split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        match piece.find('(') {
            // Inside a code span: `name(args)` with a plain identifier before the `(`.
            Some(open)
                if i % 2 == 1
                    && open > 0
                    && piece.ends_with(')')
                    && piece[..open]
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                out.push_str(&piece[..open]);
            }
            _ => out.push_str(piece),
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn rust_doc_syntax_becomes_plain_prose() {
        assert_eq!(
            plain(
                "A table of rows.\n\n[`DataTable::from_rows`] infers the columns from any `Serialize` rows."
            ),
            "A table of rows."
        );
        assert_eq!(
            plain("Collapsible sections; children are [`AccordionItem`]s."),
            "Collapsible sections; children are AccordionItems."
        );
        assert_eq!(
            plain(
                "A CSS grid. `columns(n)` compiles to `grid-cols-N`; see [the docs](https://x.y)."
            ),
            "A CSS grid. `columns` compiles to `grid-cols-N`; see the docs."
        );
        assert_eq!(
            plain(
                "A complete UI,\nwrapped.\n\n`App::new` wraps it. Parsing keeps `[lo, hi]`.\n\n# Example\n\n```\nlet x = 1;\n```"
            ),
            "A complete UI, wrapped.\n\nParsing keeps `[lo, hi]`."
        );
        assert_eq!(
            plain("`state[key] = !state[key]`."),
            "`state[key] = !state[key]`."
        );
    }
}
