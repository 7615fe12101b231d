//! What a user and a screen reader perceive of a node: visible text, role, accessible name.
//! A practical subset of HTML-AAM's implicit roles and of the accessible name computation,
//! the parts prefab's components use.
use prefab_renderer::dom::Node;
use prefab_renderer::dom::arena::Document;

/// Whether `node` is hidden from everyone: the `hidden` attribute or an inline
/// `display: none`, on it or an ancestor.
pub(crate) fn is_hidden(node: &Node) -> bool {
    let mut at = Some(node.clone());
    while let Some(n) = at {
        if n.is_element() && hidden_here(&n) {
            return true;
        }
        at = n.parent_element();
    }
    false
}

fn hidden_here(el: &Node) -> bool {
    el.has_attribute("hidden")
        || matches!(el.local_name().as_str(), "style" | "script" | "template")
        || el
            .get_attribute("style")
            .is_some_and(|s| s.replace(' ', "").contains("display:none"))
}

/// The text a user sees in `node`: text nodes outside hidden elements, with runs of
/// white space collapsed to one space and trimmed.
#[must_use]
pub fn visible_text(node: &Node) -> String {
    let mut out = String::new();
    push_visible(node, &mut out, false);
    normalise(&out)
}

/// The name an element takes from its content: its visible text without what is hidden
/// from assistive technology (`aria-hidden="true"`, such as a sort arrow or an icon).
fn content_name(node: &Node) -> String {
    let mut out = String::new();
    push_visible(node, &mut out, true);
    normalise(&out)
}

fn push_visible(node: &Node, out: &mut String, for_name: bool) {
    match node.node_type() {
        3 => out.push_str(&node.data()),
        1 if hidden_here(node) => {}
        1 if for_name && node.get_attribute("aria-hidden").as_deref() == Some("true") => {}
        _ => {
            let block = node.is_element()
                && !matches!(
                    node.local_name().as_str(),
                    "span" | "a" | "b" | "i" | "em" | "strong" | "code" | "small" | "label" | "s"
                );
            if block {
                out.push(' ');
            }
            for child in node.child_list() {
                push_visible(&child, out, for_name);
            }
            if block {
                out.push(' ');
            }
        }
    }
}

/// `text` with runs of white space as one space, trimmed.
#[must_use]
pub fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The element's role: its `role` attribute's first token, else its implicit role
/// (`button`, `link`, `textbox`, `checkbox`, `heading`…), else none.
#[must_use]
pub fn role(el: &Node) -> Option<String> {
    if let Some(role) = el.get_attribute("role")
        && let Some(first) = role.split_whitespace().next()
    {
        return Some(first.to_string());
    }
    let tag = el.local_name();
    let ty = el
        .get_attribute("type")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let implicit = match tag.as_str() {
        "button" => "button",
        "a" if el.has_attribute("href") => "link",
        "input" => match ty.as_str() {
            "button" | "submit" | "reset" | "image" => "button",
            "checkbox" => "checkbox",
            "radio" => "radio",
            "range" => "slider",
            "number" => "spinbutton",
            "hidden" | "file" | "color" | "date" | "time" | "datetime-local" | "month" => {
                return None;
            }
            _ => "textbox",
        },
        "textarea" => "textbox",
        "select" if el.has_attribute("multiple") => "listbox",
        "select" => "combobox",
        "option" => "option",
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => "heading",
        "img" if el.get_attribute("alt").is_some_and(|a| !a.is_empty()) => "img",
        "ul" | "ol" => "list",
        "li" => "listitem",
        "table" => "table",
        "tr" => "row",
        "th" => "columnheader",
        "td" => "cell",
        "nav" => "navigation",
        "dialog" => "dialog",
        "progress" => "progressbar",
        "hr" => "separator",
        "form" => "form",
        _ => return None,
    };
    Some(implicit.to_string())
}

/// Roles whose name comes from their content when nothing else names them.
const NAME_FROM_CONTENT: &[&str] = &[
    "button",
    "cell",
    "checkbox",
    "columnheader",
    "gridcell",
    "heading",
    "link",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "radio",
    "row",
    "rowheader",
    "switch",
    "tab",
    "tooltip",
    "treeitem",
    "listitem",
];

/// The element's accessible name: `aria-labelledby`, `aria-label`, its `<label>`s, `alt`,
/// its content (for roles named by content; `aria-hidden` parts left out), `title`,
/// `placeholder`.
#[must_use]
pub fn name(doc: &Document, el: &Node) -> String {
    if let Some(ids) = el.get_attribute("aria-labelledby") {
        let text: Vec<String> = ids
            .split_whitespace()
            .filter_map(|id| doc.get_element_by_id(id))
            .map(|n| n.text_content().map(|t| normalise(&t)).unwrap_or_default())
            .filter(|t| !t.is_empty())
            .collect();
        if !text.is_empty() {
            return text.join(" ");
        }
    }
    if let Some(label) = el.get_attribute("aria-label").map(|l| normalise(&l))
        && !label.is_empty()
    {
        return label;
    }
    let labels = labels(doc, el);
    if !labels.is_empty() {
        return labels.join(" ");
    }
    if el.local_name() == "img"
        && let Some(alt) = el.get_attribute("alt")
    {
        return normalise(&alt);
    }
    if role(el).is_some_and(|r| NAME_FROM_CONTENT.contains(&r.as_str())) {
        let text = content_name(el);
        if !text.is_empty() {
            return text;
        }
    }
    for attr in ["title", "placeholder"] {
        if let Some(v) = el.get_attribute(attr).map(|v| normalise(&v))
            && !v.is_empty()
        {
            return v;
        }
    }
    String::new()
}

/// The texts of the `<label>`s of a labelable element (`for` its id, or around it).
fn labels(doc: &Document, el: &Node) -> Vec<String> {
    if !matches!(
        el.local_name().as_str(),
        "input" | "textarea" | "select" | "button" | "meter" | "progress" | "output"
    ) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let id = el.id();
    if !id.is_empty()
        && let Ok(list) = doc.query_selector_all("label")
    {
        for i in 0..list.length() {
            if let Some(label) = list.item(i)
                && label.get_attribute("for").as_deref() == Some(id.as_str())
            {
                out.push(visible_text(&label));
            }
        }
    }
    if let Ok(Some(around)) = el.closest("label") {
        out.push(visible_text(&around));
    }
    out.retain(|t| !t.is_empty());
    out
}
