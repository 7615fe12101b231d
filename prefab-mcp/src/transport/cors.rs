//! The guard in front of the MCP endpoint, in this order: the `Host` check (DNS
//! rebinding), the `Origin` check (a browser page of a foreign site gets 403), then CORS
//! for the origins that passed: preflights are answered and responses labelled, echoing
//! the origin and allowing exactly the headers MCP clients send (including the 2026-07-28
//! `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` routing headers).
use super::host::HostPolicy;
use super::origin::OriginPolicy;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, Response, StatusCode, header};
use axum::middleware::Next;
use std::sync::Arc;

/// Request headers an MCP client may send (lowercase), besides `mcp-param-*`.
const ALLOWED_HEADERS: [&str; 9] = [
    "accept",
    "authorization",
    "content-type",
    "last-event-id",
    "mcp-method",
    "mcp-name",
    "mcp-protocol-version",
    "mcp-session-id",
    "cache-control",
];
const PARAM_HEADER_PREFIX: &str = "mcp-param-";
/// Response headers a browser client must be able to read: the session and version, and
/// the bearer challenge of a 401/403 (which names the resource metadata).
const EXPOSED_HEADERS: &str = "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate";

#[derive(Debug)]
pub(super) struct Guard {
    hosts: HostPolicy,
    origins: OriginPolicy,
    methods: &'static str,
}

impl Guard {
    pub(super) fn new(hosts: HostPolicy, origins: OriginPolicy, methods: &'static str) -> Self {
        Guard {
            hosts,
            origins,
            methods,
        }
    }
}

fn header_allowed(name: &str) -> bool {
    ALLOWED_HEADERS.contains(&name)
        || (name.starts_with(PARAM_HEADER_PREFIX) && name.len() > PARAM_HEADER_PREFIX.len())
}

/// The allowed subset of an `Access-Control-Request-Headers` list, lowercased.
fn allowed_request_headers(headers: &HeaderMap) -> String {
    headers
        .get_all(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|h| h.trim().to_ascii_lowercase())
        .filter(|h| header_allowed(h))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) async fn handle(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response<Body> {
    if let Err(code) = guard.hosts.check(request.uri(), request.headers()) {
        return refusal(code, "the Host header is missing, repeated or not allowed");
    }
    let mut origins = request.headers().get_all(header::ORIGIN).iter();
    let origin = match (origins.next(), origins.next()) {
        (None, _) => return next.run(request).await,
        (Some(origin), None) => origin.clone(),
        (Some(_), Some(_)) => return refusal(StatusCode::BAD_REQUEST, "repeated Origin header"),
    };
    // A browser request from a foreign origin is refused outright (not only left without
    // CORS headers), so a simple request cannot reach the tools either.
    if !guard.origins.allows(&origin) {
        return refusal(StatusCode::FORBIDDEN, "this Origin is not allowed");
    }
    let is_preflight = request.method() == Method::OPTIONS
        && request
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if is_preflight {
        let mut response = status(StatusCode::NO_CONTENT);
        let h = response.headers_mut();
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(guard.methods),
        );
        if let Ok(v) = HeaderValue::from_str(&allowed_request_headers(request.headers())) {
            h.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, v);
        }
        h.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("86400"),
        );
        h.insert(
            header::VARY,
            HeaderValue::from_static("Origin, Access-Control-Request-Headers"),
        );
        return response;
    }
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    h.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(EXPOSED_HEADERS),
    );
    h.append(header::VARY, HeaderValue::from_static("Origin"));
    response
}

fn status(code: StatusCode) -> Response<Body> {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = code;
    response
}

/// A refused request: `code` with a one-line plain-text reason.
pub(super) fn refusal(code: StatusCode, reason: impl Into<Body>) -> Response<Body> {
    let mut response = Response::new(reason.into());
    *response.status_mut() = code;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::header_allowed;

    #[test]
    fn routing_headers_are_allowed_and_others_are_not() {
        for h in [
            "mcp-method",
            "mcp-name",
            "mcp-protocol-version",
            "mcp-param-city",
            "content-type",
        ] {
            assert!(header_allowed(h), "{h}");
        }
        for h in ["mcp-param-", "x-api-key", "cookie"] {
            assert!(!header_allowed(h), "{h}");
        }
    }
}
