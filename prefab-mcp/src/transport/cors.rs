//! CORS for the MCP endpoint: answers browser preflights and labels responses, allowing
//! exactly the headers MCP clients send (including the 2026-07-28 `Mcp-Method`,
//! `Mcp-Name` and `Mcp-Param-*` routing headers).
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
/// Response headers a browser client must be able to read.
const EXPOSED_HEADERS: &str = "Mcp-Session-Id, MCP-Protocol-Version";

#[derive(Debug)]
pub(super) struct Cors {
    origins: Option<Vec<String>>,
    methods: &'static str,
}

impl Cors {
    pub(super) fn new(origins: Option<Vec<String>>, methods: &'static str) -> Self {
        Cors { origins, methods }
    }

    /// The `Access-Control-Allow-Origin` value for `origin`, if it is allowed.
    fn allow_origin(&self, origin: &HeaderValue) -> Option<HeaderValue> {
        match &self.origins {
            None => Some(HeaderValue::from_static("*")),
            Some(list) => {
                let origin_text = origin.to_str().ok()?.trim();
                list.iter()
                    .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin_text))
                    .then(|| origin.clone())
            }
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
    State(cors): State<Arc<Cors>>,
    request: Request,
    next: Next,
) -> Response<Body> {
    let origin = request.headers().get(header::ORIGIN).cloned();
    let Some(origin) = origin else {
        return next.run(request).await;
    };
    // A browser request from an origin outside the list is refused outright (not only left
    // without CORS headers), so a simple request cannot reach the server either.
    let Some(allow_origin) = cors.allow_origin(&origin) else {
        return status(StatusCode::FORBIDDEN);
    };
    let is_preflight = request.method() == Method::OPTIONS
        && request
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if is_preflight {
        let mut response = status(StatusCode::NO_CONTENT);
        let h = response.headers_mut();
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, allow_origin);
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(cors.methods),
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
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, allow_origin);
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
