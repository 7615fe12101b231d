//! `prefab fallback` prints what `display()` puts in `content`; `prefab export` embeds any
//! text safely (issue 11).
#![allow(clippy::unwrap_used)]

use prefab::display::{Content, display};
use serde_json::json;
use std::process::Command;

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prefab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn fallback_prints_the_content_display_gives_the_model() {
    let doc = json!({"$prefab": {"version": "0.3"}, "view": {"type": "Column", "children": [
        {"type": "H1", "content": "Users"},
        {"type": "Button", "label": "Save", "onClick": {"action": "toolCall", "tool": "save"}}
    ]}});
    let path = temp_file("fallback.json", &doc.to_string());
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .arg("fallback")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let Content::Text { text } = display(doc).content.remove(0);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{text}\n"));
    assert!(text.starts_with("# Users"), "{text}");
}

#[test]
fn export_of_a_comment_opener_keeps_the_page_scripts() {
    let doc = json!({"$prefab": {"version": "0.3"},
        "view": {"type": "Text", "content": "a <!--<script> b"}});
    let path = temp_file("comment.json", &doc.to_string());
    let page = path.with_extension("html");
    let status = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .arg("export")
        .arg(&path)
        .arg("-o")
        .arg(&page)
        .status()
        .unwrap();
    assert!(status.success());
    let html = std::fs::read_to_string(&page).unwrap();
    let open = r#"<script id="prefab:initial-data" type="application/json">"#;
    let start = html.find(open).unwrap() + open.len();
    let data = &html[start..start + html[start..].find("</script>").unwrap()];
    assert!(
        !data.contains("<!--") && !data.contains("<script"),
        "{data}"
    );
    let back: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(back["view"]["content"], "a <!--<script> b");
}

#[test]
fn export_writes_a_standalone_page() {
    let dir = std::env::temp_dir().join(format!("prefab-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("ui.json");
    let page = dir.join("page.html");
    std::fs::write(
        &input,
        r#"{"type": "Text", "content": "</script><script>alert(1)</script>"}"#,
    )
    .unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args([
            "export",
            input.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
            "--title",
            "Report",
        ])
        .status()
        .unwrap();
    assert!(status.success());
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<script id=\"prefab:initial-data\" type=\"application/json\">"));
    assert!(
        !html.contains("</script><script>alert"),
        "`</` is escaped inside the data"
    );
    let start = html.find("application/json\">").unwrap() + "application/json\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let wire = serde_json::from_str::<serde_json::Value>(&html[start..end]).unwrap();
    assert_eq!(
        wire["view"]["children"][0]["content"],
        "</script><script>alert(1)</script>"
    );
    let missing = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["export", "x.json"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--output"));
    std::fs::remove_dir_all(&dir).unwrap();
}
