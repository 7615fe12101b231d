//! The renderer bundle at `/renderer/` (`prefab::page::cdn_file`): what a FastMCP server
//! started with `PREFAB_RENDERER_URL=http://127.0.0.1:8931/renderer` points its UI pages at,
//! so every prefab-ui app of that server runs this renderer.
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// The route prefix.
pub const PREFIX: &str = "/renderer";

/// `GET /renderer/{file}`: a bundle file with its media type, open to every origin (the
/// view's document is a sandboxed frame with an opaque origin, and module scripts and
/// subresource integrity both need CORS).
pub fn routes() -> Router {
    Router::new().route(&format!("{PREFIX}/{{file}}"), get(file))
}

async fn file(Path(name): Path<String>) -> Response {
    let Some(bytes) = prefab::page::cdn_file(&name) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    (
        [
            (header::CONTENT_TYPE, media_type(&name)),
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response()
}

/// The media type of a bundle file, by its extension.
fn media_type(name: &str) -> &'static str {
    const TYPES: [(&str, &str); 4] = [
        (".js", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".wasm", "application/wasm"),
        (".json", "application/json"),
    ];
    TYPES
        .iter()
        .find(|(ext, _)| name.ends_with(ext))
        .map_or("application/octet-stream", |(_, kind)| kind)
}
