//! HTML pages that load the renderer: the MCP Apps viewer and standalone exported pages.
//!
//! Placeholder until the renderer assets exist (issue 6): the functions keep their
//! signatures; the bodies will inline the renderer's JavaScript, wasm and CSS.

/// The self-contained viewer page served as the MCP Apps UI resource. It needs no network:
/// the renderer is inlined.
#[must_use]
pub fn viewer_html() -> String {
    page(None, "prefab")
}

/// A standalone page that mounts `envelope` without a host (prefab-ui's `PrefabApp.html()`
/// layout: the wire JSON in `<script id="prefab:initial-data" type="application/json">`).
#[must_use]
pub fn standalone_html(envelope: &serde_json::Value, title: &str) -> String {
    page(Some(envelope), title)
}

fn page(envelope: Option<&serde_json::Value>, title: &str) -> String {
    let mut html =
        String::from("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<title>");
    html.push_str(&escape_text(title));
    html.push_str("</title>\n</head>\n<body>\n<div id=\"root\"></div>\n");
    if let Some(envelope) = envelope {
        html.push_str("<script id=\"prefab:initial-data\" type=\"application/json\">");
        html.push_str(&script_json(envelope));
        html.push_str("</script>\n");
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// JSON safe inside a `<script>` element: every `</` becomes `<\/`.
#[must_use]
pub fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace("</", "<\\/")
}

fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
