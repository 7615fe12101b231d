//! Serialising the native document as HTML: text and attribute values escaped, void
//! elements without a closing tag, attributes in the order they were first set.
//!
//! ```
//! use prefab_renderer::dom::{self, arena::html};
//! let p = dom::element("p");
//! p.set_text_content(Some("1 < 2 & \"quoted\""));
//! assert_eq!(html::outer(&p), "<p>1 &lt; 2 &amp; \"quoted\"</p>");
//! ```
use super::types::Node;

/// Elements without content or a closing tag.
pub const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// The node and its subtree as HTML.
#[must_use]
pub fn outer(node: &Node) -> String {
    let mut out = String::new();
    write(node, &mut out);
    out
}

/// The node's children as HTML.
#[must_use]
pub fn inner(node: &Node) -> String {
    let mut out = String::new();
    for child in node.child_list() {
        write(&child, &mut out);
    }
    out
}

/// `text` escaped for an HTML text node (`&`, `<`, `>`).
pub fn escape_text(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

/// `value` escaped for a double-quoted attribute (`&`, `"`, `<`, `>`).
pub fn escape_attr(value: &str, out: &mut String) {
    for c in value.chars() {
        match c {
            '"' => out.push_str("&quot;"),
            c => escape_text(c.encode_utf8(&mut [0; 4]), out),
        }
    }
}

/// The attributes of `node` as ` name="value"` pairs, in order.
pub fn attributes(node: &Node, out: &mut String) {
    for (k, v) in node.attributes() {
        out.push(' ');
        out.push_str(&k);
        out.push_str("=\"");
        escape_attr(&v, out);
        out.push('"');
    }
}

fn write(node: &Node, out: &mut String) {
    match node.node_type() {
        3 => escape_text(&node.data(), out),
        1 => {
            let tag = node.local_name();
            out.push('<');
            out.push_str(&tag);
            attributes(node, out);
            out.push('>');
            if VOID.contains(&tag.as_str()) {
                return;
            }
            for child in node.child_list() {
                write(&child, out);
            }
            out.push_str("</");
            out.push_str(&tag);
            out.push('>');
        }
        _ => {
            for child in node.child_list() {
                write(&child, out);
            }
        }
    }
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&outer(self))
    }
}
