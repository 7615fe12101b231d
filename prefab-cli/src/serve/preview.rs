//! The preview host's files, served at `/` next to the MCP endpoint: an MCP Apps host
//! written in plain HTML, CSS and JavaScript (no bundled npm code) that lists the
//! server's tools, calls them and shows UI results in a sandboxed frame.
use axum::Router;
use axum::http::{StatusCode, header};
use axum::routing::get;

/// The page at `/`.
pub(crate) const INDEX: &str = include_str!("host/index.html");
const SCRIPT: &str = include_str!("host/host.js");
const TOOLS: &str = include_str!("host/tools.js");
const STREAM: &str = include_str!("host/stream.js");
const STYLE: &str = include_str!("host/host.css");

/// The routes of the preview host: `/`, `/host.js`, `/tools.js`, `/stream.js`, `/host.css`
/// (and an empty `/favicon.ico`, so browsers log no 404).
///
/// The page sets no CSP of its own on purpose: a `srcdoc` frame inherits its parent's
/// policy, and the view's policy (the default MCP Apps CSP) is set in the frame itself.
/// `index` is the page at `/`: [`INDEX`], or `prefab dev`'s with its script added.
pub fn routes(index: &'static str) -> Router {
    let file = |body: &'static str, kind: &'static str| {
        get(move || async move {
            (
                [
                    (header::CONTENT_TYPE, kind),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                body,
            )
        })
    };
    Router::new()
        .route("/", file(index, "text/html; charset=utf-8"))
        .route("/host.js", file(SCRIPT, "text/javascript; charset=utf-8"))
        .route("/tools.js", file(TOOLS, "text/javascript; charset=utf-8"))
        .route("/stream.js", file(STREAM, "text/javascript; charset=utf-8"))
        .route("/host.css", file(STYLE, "text/css; charset=utf-8"))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}
