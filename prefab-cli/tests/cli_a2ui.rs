//! `prefab a2ui to` prints A2UI messages one per line, `prefab a2ui from` the envelope;
//! both print the diagnostics on standard error.
#![allow(clippy::unwrap_used)]

mod cli_support;
use cli_support::prefab_stdin;
use serde_json::{Value, json};

fn prefab(args: &[&str], stdin: &str) -> (String, String) {
    let out = prefab_stdin(args, stdin);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn to_and_from_go_through_standard_streams() {
    let doc = json!({"$prefab": {"version": "0.3"}, "view": {"type": "Div", "cssClass": "pf-app-root", "children": [
        {"type": "Column", "children": [{"type": "H1", "content": "Hi {{ name }}"}, {"type": "BarChart", "data": [], "series": []}]}]},
        "state": {"name": "Ada"}});
    let (stdout, stderr) = prefab(&["a2ui", "to", "-", "--stream"], &doc.to_string());
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["createSurface"]["surfaceId"], "prefab");
    assert_eq!(lines[2]["updateDataModel"]["value"], json!({"name": "Ada"}));
    assert!(
        stderr.contains("unsupported: view.children[0].children[1]: BarChart"),
        "{stderr}"
    );

    let (stdout, stderr) = prefab(&["a2ui", "from", "-"], &stdout);
    let back: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        back["view"]["children"][0]["children"][0],
        json!({"type": "H1", "content": "Hi {{ name }}"})
    );
    assert_eq!(back["state"], json!({"name": "Ada"}));
    assert!(stderr.is_empty(), "{stderr}");

    let (stdout, _) = prefab(
        &["a2ui", "to", "-", "--a2ui-version", "v1.0"],
        &doc.to_string(),
    );
    assert_eq!(stdout.lines().count(), 1, "v1.0 batch is one createSurface");
}
