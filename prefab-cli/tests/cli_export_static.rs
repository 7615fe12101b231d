//! `prefab export --static` writes the view already drawn, as HTML and CSS with no script
//! (issue 39); without the flag the page still mounts the UI with the renderer's script.
#![allow(clippy::unwrap_used)]

mod cli_support;
use cli_support::prefab_stdin;
use serde_json::json;
use std::path::PathBuf;

/// A fresh folder of this test's own (tests of one binary run in parallel threads).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prefab-static-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `prefab export - -o PAGE ARGS…` with `doc` on standard input; the page written.
fn export(doc: &serde_json::Value, dir: &std::path::Path, args: &[&str]) -> String {
    let page = dir.join("page.html");
    let mut all = vec!["export", "-", "-o", page.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = prefab_stdin(&all, &doc.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&page).unwrap()
}

fn report() -> serde_json::Value {
    json!({"$prefab": {"version": "0.3"},
        "view": {"type": "Column", "children": [
            {"type": "H1", "content": "Quarterly report"},
            {"type": "Row", "children": [
                {"type": "Card", "children": [{"type": "Text", "content": "Revenue: {{ revenue }}"}]},
                {"type": "Card", "children": [{"type": "Badge", "label": "On track"}]}
            ]},
            {"type": "Button", "label": "Refresh", "onClick": {"action": "toolCall", "tool": "refresh"}}
        ]},
        "state": {"revenue": 1200}})
}

#[test]
fn static_export_writes_the_drawn_view_with_styles_and_no_script() {
    let dir = scratch("report");
    let html = export(&report(), &dir, &["--static", "--title", "Q3 & more"]);
    assert!(!html.contains("<script"), "{html}");
    assert!(html.starts_with("<!doctype html>"), "{html}");
    assert!(html.contains("<title>Q3 &amp; more</title>"), "{html}");
    let style = html.find("<style>").expect("a <style> element");
    // The renderer's stylesheet is in it: the card's and the row's rules.
    let css = &html[style..html.find("</style>").unwrap()];
    assert!(css.contains(".pf-card") && css.contains(".pf-row"), "{css}");
    let body = &html[html.find("<body>").unwrap()..];
    // Every text of the document, the template evaluated with the state.
    for text in ["Quarterly report", "Revenue: 1200", "On track", "Refresh"] {
        assert!(body.contains(text), "{text} missing: {body}");
    }
    assert!(!body.contains("{{"), "{body}");
    assert!(body.contains("<h1>Quarterly report</h1>"), "{body}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn static_export_escapes_markup_in_the_document_and_wraps_a_bare_component() {
    let dir = scratch("bare");
    let doc = json!({"type": "Text", "content": "</style><script>alert(1)</script>"});
    let html = export(&doc, &dir, &["--static"]);
    assert!(!html.contains("<script"), "{html}");
    assert_eq!(html.matches("</style>").count(), 1, "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)"), "{html}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_without_static_still_mounts_the_renderer() {
    let dir = scratch("scripted");
    let html = export(&report(), &dir, &[]);
    assert!(
        html.contains("<script"),
        "the standalone page runs the renderer"
    );
    assert!(html.contains(r#"<script id="prefab:initial-data" type="application/json">"#));
    // The view is not drawn into the page: the renderer draws it when the page loads.
    assert!(!html.contains("<h1>Quarterly report</h1>"));
    std::fs::remove_dir_all(&dir).unwrap();
}
