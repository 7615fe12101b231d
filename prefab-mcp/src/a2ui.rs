//! A2UI over MCP: a view as an `a2ui://` resource (MIME `application/a2ui+json`) holding the
//! A2UI messages `prefab::a2ui` writes, for hosts with an A2UI renderer of their own (and for
//! the prefab viewer, which shows such results too).

use prefab::App;
use prefab::a2ui::{self, Diagnostic, MIME, Options, RESOURCE_URI};
use rmcp::model::{CacheScope, CallToolResult, ContentBlock, ReadResourceResult, ResourceContents};

/// Cache lifetime of an A2UI surface resource: 0 ms (a surface is per call).
pub const A2UI_TTL_MS: u64 = 0;

/// A tool result carrying `app` as A2UI: one embedded resource item
/// (`a2ui://prefab/surface`, `application/a2ui+json`, text `{"messages": [...]}`) and the
/// same payload as `structuredContent`, plus what did not cross (also logged at `warn`).
///
/// ```
/// use prefab::*;
/// let app = App::new(Column::new().child(H1::new("Hello")));
/// let (result, diagnostics) = prefab_mcp::display_a2ui(&app, &prefab::a2ui::Options::default());
/// assert!(diagnostics.is_empty());
/// let json = serde_json::to_value(&result).unwrap();
/// assert_eq!(json["content"][0]["type"], "resource");
/// assert_eq!(json["content"][0]["resource"]["uri"], "a2ui://prefab/surface");
/// assert_eq!(json["content"][0]["resource"]["mimeType"], "application/a2ui+json");
/// assert_eq!(json["structuredContent"]["messages"][0]["version"], "v0.9");
/// ```
#[must_use]
pub fn display_a2ui(app: &App, options: &Options) -> (CallToolResult, Vec<Diagnostic>) {
    let out = a2ui::from_app(app, options);
    log(&out.diagnostics);
    let payload = out.payload();
    let content = ResourceContents::text(payload.to_string(), RESOURCE_URI).with_mime_type(MIME);
    let mut result = CallToolResult::success(vec![ContentBlock::resource(content)]);
    result.structured_content = Some(payload);
    (result, out.diagnostics)
}

/// The `resources/read` result of an A2UI surface resource at `uri`, with the cache hints
/// of a per-call surface: `ttlMs: 0`, `cacheScope: "private"`.
///
/// ```
/// use prefab::*;
/// let app = App::new(Text::new("hi"));
/// let read = prefab_mcp::a2ui_read_result(&app, "a2ui://prefab/surface", &Default::default());
/// let json = serde_json::to_value(&read).unwrap();
/// assert_eq!(json["ttlMs"], 0);
/// assert_eq!(json["cacheScope"], "private");
/// assert_eq!(json["contents"][0]["mimeType"], "application/a2ui+json");
/// ```
#[must_use]
pub fn a2ui_read_result(app: &App, uri: &str, options: &Options) -> ReadResourceResult {
    let out = a2ui::from_app(app, options);
    log(&out.diagnostics);
    let content = ResourceContents::text(out.payload().to_string(), uri).with_mime_type(MIME);
    ReadResourceResult::new(vec![content])
        .with_ttl_ms(A2UI_TTL_MS)
        .with_cache_scope(CacheScope::Private)
}

fn log(diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        tracing::warn!(target: "prefab_mcp::a2ui", "{d}");
    }
}
