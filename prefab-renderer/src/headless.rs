//! The renderer without a browser (native builds only): the same render code, drawing into
//! the DOM seam's native document (`dom::arena`). `prefab-test` builds its simulator on it;
//! `prefab export --static` renders a page without script with it.
//!
//! ```
//! use prefab_renderer::{dom::arena, headless, js};
//! let envelope = js::parse_json(r#"{"$prefab": {"version": "0.2"},
//!     "view": {"type": "Text", "content": "Hello"}}"#).unwrap();
//! let (root, app) = headless::install(false);
//! app.mount(&envelope);
//! arena::clock::run_microtasks();
//! assert_eq!(root.text_content().as_deref(), Some("Hello"));
//! ```
use crate::app::{self, App};
use crate::dom::{self, Element, arena};
use prefab::expr::Value;
use std::rc::Rc;

/// Installs an app in this thread's document (emptied first: one view per thread at a
/// time) and returns its root (`<div id="root">` in `<body>`). With `connect`, the bridge
/// connects to the host channel of `dom::arena::host` and has posted `ui/initialize`: the
/// caller plays the host.
pub fn install(connect: bool) -> (Element, Rc<App>) {
    arena::reset();
    crate::render::reset_ids();
    let root = dom::element("div");
    dom::set_attr(&root, "id", "root");
    let doc = dom::document();
    if let Some(body) = doc.as_ref().and_then(dom::Document::body) {
        dom::append(&body, &root);
    }
    let app = app::install(root.clone());
    if let Some(doc) = &doc {
        crate::actions::toast_region(doc);
    }
    if connect {
        // Natively the host channel always exists: connecting cannot fail.
        let _ = crate::bridge::connect(Rc::new(app::Events(app.clone())), &app::capabilities());
    }
    (root, app)
}

/// A page of HTML and CSS with no script showing `envelope` as the renderer draws it: the
/// renderer's stylesheet, the document's utility classes, and the drawn view (with its
/// state, after its `onMount` actions). What needs a browser (charts measured by their
/// width, images decoded, anything fetched) is drawn as it is before that happens.
///
/// ```
/// let envelope = prefab_renderer::js::parse_json(
///     r#"{"$prefab": {"version": "0.2"}, "view": {"type": "Heading", "content": "Q3"}}"#,
/// ).unwrap();
/// let page = prefab_renderer::headless::static_page(&envelope, "Report", "");
/// assert!(page.contains("<h1>Q3</h1>"));
/// assert!(!page.contains("<script"));
/// ```
#[must_use]
pub fn static_page(envelope: &Value, title: &str, css: &str) -> String {
    let (root, app) = install(false);
    app.mount(envelope);
    arena::clock::run_microtasks();
    unwrap_in_tables(&root);
    let classes = dom::document()
        .and_then(|d| d.get_element_by_id("prefab-classes"))
        .and_then(|s| s.text_content())
        .unwrap_or_default();
    let html = dom::document().and_then(|d| d.document_element());
    let mut out = String::from("<!doctype html>\n<html");
    if let Some(html) = &html {
        arena::html::attributes(html, &mut out);
    }
    out.push_str(">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
    );
    arena::html::escape_text(title, &mut out);
    out.push_str("</title>\n<style>\n");
    // No `</style>` can appear in CSS the renderer or the class compiler wrote; the
    // caller's CSS is its own.
    out.push_str(css);
    out.push_str(&classes);
    out.push_str("\n</style>\n</head>\n<body>\n");
    out.push_str("<div id=\"root\" style=\"max-width:64rem;margin:0 auto;padding:2rem\">");
    out.push_str(&arena::html::inner(&root));
    out.push_str("</div>\n</body>\n</html>\n");
    out
}

/// Takes the children of `ForEach`'s `<div class="contents">` wrappers out of them inside
/// table sections and rows: an HTML parser moves such a `<div>` out of the table (a live
/// view builds the tree through the DOM, which allows it), so a static page would lose the
/// rows' order and borders.
fn unwrap_in_tables(root: &Element) {
    let Ok(wrappers) = root.query_selector_all(
        "table div.contents, tbody div.contents, thead div.contents, tr div.contents",
    ) else {
        return;
    };
    // Innermost last in document order: unwrap from the end so nested wrappers go first.
    for i in (0..wrappers.length()).rev() {
        let Some(wrapper) = wrappers.item(i) else {
            continue;
        };
        let Some(parent) = wrapper.parent_node() else {
            continue;
        };
        for child in wrapper.child_list() {
            dom::report(parent.insert_before(&child, Some(&wrapper)));
        }
        wrapper.remove();
    }
}
