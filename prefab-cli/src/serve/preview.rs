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
const SCHEMA_FORM: &str = include_str!("host/schema-form.js");
const STREAM: &str = include_str!("host/stream.js");
const STYLE: &str = include_str!("host/host.css");

/// The routes of the preview host: `/`, `/host.js`, `/tools.js`, `/schema-form.js`,
/// `/stream.js`, `/host.css` (and an empty `/favicon.ico`, so browsers log no 404).
///
/// The page restricts nothing but framing: `frame-ancestors 'none'` and `X-Frame-Options:
/// DENY`, so no other site (not even another loopback origin) can frame it. Any other
/// directive would reach the views too, since a `srcdoc` frame inherits its parent's policy;
/// the view's policy (the default MCP Apps CSP) is set in the frame itself. `serve` and `dev`
/// mount these routes behind the MCP endpoint's `Host` and `Origin` checks.
/// `index` is the page at `/`: [`INDEX`], or `prefab dev`'s with its script added.
pub fn routes(index: &'static str) -> Router {
    let file = |body: &'static str, kind: &'static str| {
        get(move || async move {
            (
                [
                    (header::CONTENT_TYPE, kind),
                    (header::CACHE_CONTROL, "no-cache"),
                    (header::CONTENT_SECURITY_POLICY, "frame-ancestors 'none'"),
                    (header::X_FRAME_OPTIONS, "DENY"),
                ],
                body,
            )
        })
    };
    Router::new()
        .route("/", file(index, "text/html; charset=utf-8"))
        .route("/host.js", file(SCRIPT, "text/javascript; charset=utf-8"))
        .route("/tools.js", file(TOOLS, "text/javascript; charset=utf-8"))
        .route(
            "/schema-form.js",
            file(SCHEMA_FORM, "text/javascript; charset=utf-8"),
        )
        .route("/stream.js", file(STREAM, "text/javascript; charset=utf-8"))
        .route("/host.css", file(STYLE, "text/css; charset=utf-8"))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}
