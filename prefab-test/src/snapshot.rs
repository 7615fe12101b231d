//! Readable, stable HTML of a subtree: one element per line, indented by two spaces; an
//! element holding only text keeps it on its line.
use prefab_renderer::dom::Node;
use prefab_renderer::dom::arena::html::{VOID, escape_attr, escape_text};

/// `node` as indented HTML.
#[must_use]
pub fn pretty(node: &Node) -> String {
    let mut out = String::new();
    write(node, 0, &mut out);
    out
}

fn write(node: &Node, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    if node.node_type() == 3 {
        let text = node.data();
        if !text.trim().is_empty() {
            out.push_str(&indent);
            escape_text(text.trim(), out);
            out.push('\n');
        }
        return;
    }
    let tag = node.local_name();
    out.push_str(&indent);
    out.push('<');
    out.push_str(&tag);
    for (k, v) in node.attributes() {
        out.push(' ');
        out.push_str(&k);
        if !v.is_empty() {
            out.push_str("=\"");
            escape_attr(&v, out);
            out.push('"');
        }
    }
    out.push('>');
    if VOID.contains(&tag.as_str()) {
        out.push('\n');
        return;
    }
    let children = node.child_list();
    if children.is_empty() {
        out.push_str("</");
        out.push_str(&tag);
        out.push_str(">\n");
        return;
    }
    if let [only] = children.as_slice()
        && only.node_type() == 3
    {
        escape_text(only.data().trim(), out);
        out.push_str("</");
        out.push_str(&tag);
        out.push_str(">\n");
        return;
    }
    out.push('\n');
    for child in children {
        write(&child, depth + 1, out);
    }
    out.push_str(&indent);
    out.push_str("</");
    out.push_str(&tag);
    out.push_str(">\n");
}
