//! Request telemetry: a `tracing` span per request to the endpoint, one `info` event
//! (target `prefab_mcp::request`) when it is answered, and the
//! [`HttpConfig::on_request`](super::HttpConfig::on_request) hook, all with the same
//! [`RequestRecord`]: HTTP method and path (never the query), the JSON-RPC method, the tool,
//! the client, the status and the duration. No header value but `Mcp-Method` and
//! `Mcp-Name` is read, so no credential can reach a log.
use super::rpc_error::clipped;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Response};
use axum::middleware::Next;
use serde::Deserialize;
use serde_json::Value;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::Instrument;
use tracing::field::Empty;

/// One answered request, as the telemetry reports it.
///
/// ```
/// let record = prefab_mcp::transport::RequestRecord::default();
/// assert_eq!(record.status, 0);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestRecord {
    /// The HTTP method.
    pub http_method: String,
    /// The request path, without the query.
    pub path: String,
    /// The JSON-RPC method (from the body, else the `Mcp-Method` header).
    pub method: Option<String>,
    /// The tool of a `tools/call` (from its params, else the `Mcp-Name` header).
    pub tool: Option<String>,
    /// The OAuth client (`client_id`/`azp`, else the subject) when authorization is on.
    pub client: Option<String>,
    /// The HTTP status answered.
    pub status: u16,
    /// The time until the answer's head was ready.
    pub duration: Duration,
}

/// A function called with every [`RequestRecord`] (see
/// [`HttpConfig::on_request`](super::HttpConfig::on_request)).
#[derive(Clone)]
pub struct OnRequest(Arc<dyn Fn(&RequestRecord) + Send + Sync>);

impl OnRequest {
    /// Wraps `hook`.
    #[must_use]
    pub fn new(hook: impl Fn(&RequestRecord) + Send + Sync + 'static) -> Self {
        OnRequest(Arc::new(hook))
    }
}

impl fmt::Debug for OnRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OnRequest(..)")
    }
}

impl PartialEq for OnRequest {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for OnRequest {}

/// The JSON-RPC method and tool of a request, read from its body by the JSON-RPC check; put
/// into the request's extensions (for the scope check) and the response's (for the
/// telemetry).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct CallInfo {
    pub(super) method: Option<String>,
    pub(super) tool: Option<String>,
}

/// Who called, put into the response's extensions by the authorization check.
#[derive(Debug, Clone)]
pub(super) struct ClientLabel(pub(super) String);

#[derive(Deserialize)]
struct Peek {
    method: Option<String>,
    params: Option<PeekParams>,
}

#[derive(Deserialize)]
struct PeekParams {
    name: Option<Value>,
}

impl CallInfo {
    /// The method and tool of a (size-checked) JSON-RPC body; empty when it has none.
    pub(super) fn of(body: &[u8]) -> CallInfo {
        let Ok(peek) = serde_json::from_slice::<Peek>(body) else {
            return CallInfo::default();
        };
        // Kept whole: the scope check looks the tool up by its full name (the body's size
        // and the name's length are bounded before this); only the record is clipped.
        let tool = peek
            .params
            .and_then(|p| p.name)
            .and_then(|n| n.as_str().map(str::to_owned));
        CallInfo {
            method: peek.method,
            tool,
        }
    }
}

fn header_text(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(clipped)
}

/// The span, the log event and the hook around one request.
pub(super) async fn observe(
    State(hook): State<Option<OnRequest>>,
    request: Request,
    next: Next,
) -> Response<Body> {
    let start = Instant::now();
    let mut record = RequestRecord {
        http_method: request.method().to_string(),
        path: clipped(request.uri().path()),
        method: header_text(request.headers(), "mcp-method"),
        tool: header_text(request.headers(), "mcp-name"),
        ..RequestRecord::default()
    };
    let span = tracing::info_span!(
        "mcp_request",
        http_method = %record.http_method,
        path = %record.path,
        method = Empty,
        tool = Empty,
        client = Empty,
        status = Empty,
        duration_ms = Empty,
    );
    let response = next.run(request).instrument(span.clone()).await;
    if let Some(info) = response.extensions().get::<CallInfo>() {
        record.method = info.method.as_deref().map(clipped).or(record.method);
        record.tool = info.tool.as_deref().map(clipped).or(record.tool);
    }
    record.client = response
        .extensions()
        .get::<ClientLabel>()
        .map(|c| c.0.clone());
    record.status = response.status().as_u16();
    record.duration = start.elapsed();
    report(&span, &record);
    if let Some(hook) = hook {
        (hook.0)(&record);
    }
    response
}

fn report(span: &tracing::Span, record: &RequestRecord) {
    let duration_ms = record.duration.as_secs_f64() * 1000.0;
    let (method, tool, client) = (
        record.method.as_deref(),
        record.tool.as_deref(),
        record.client.as_deref(),
    );
    span.record("method", method);
    span.record("tool", tool);
    span.record("client", client);
    span.record("status", record.status);
    span.record("duration_ms", duration_ms);
    // Absent fields (`None`) are left out of the event.
    tracing::info!(
        target: "prefab_mcp::request",
        parent: span,
        http_method = %record.http_method,
        path = %record.path,
        method,
        tool,
        client,
        status = record.status,
        duration_ms,
        "request"
    );
}

#[cfg(test)]
mod tests {
    use super::CallInfo;

    #[test]
    fn call_info_reads_method_and_tool() {
        let info = CallInfo::of(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{}}}"#);
        assert_eq!(info.method.as_deref(), Some("tools/call"));
        assert_eq!(info.tool.as_deref(), Some("add"));
        assert_eq!(CallInfo::of(b"[1]"), CallInfo::default());
        let list = CallInfo::of(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
        assert_eq!(
            (list.method.as_deref(), list.tool),
            (Some("tools/list"), None)
        );
    }
}
