//! Reads and checks a POSTed JSON-RPC body before rmcp sees it, so that malformed input
//! gets a JSON-RPC error with the right code (rmcp answers HTTP 415 with plain text for
//! anything it cannot deserialize, and -32601 for a known method whose `params` do not fit):
//!
//! * not JSON: `-32700` (HTTP 400);
//! * a batch, a non-object or no JSON-RPC 2.0 message: `-32600` (HTTP 400);
//! * a request for a known MCP method whose `params` do not fit it: `-32602` (HTTP 200, as
//!   rmcp answers its own invalid-params errors).
//!
//! The body is read here under a size cap and a time limit (a client that stops sending
//! half-way gets 408 and the connection is closed), then handed on unchanged, with the call's
//! method and tool (`CallInfo`) in the request's extensions and the response's.
use super::bounds::{self, MAX_JSON_VALUES};
use super::cors::refusal;
use super::rpc_error::{clipped, error_json};
use super::telemetry::CallInfo;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, Response, StatusCode, header};
use axum::middleware::Next;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use rmcp::model::{
    CallToolRequestMethod, CallToolRequestParams, ClientJsonRpcMessage, ClientRequest,
    CompleteRequestMethod, CompleteRequestParams, ConstString, DiscoverRequestMethod,
    DiscoverRequestParams, ErrorCode, ErrorData, GetPromptRequestMethod, GetPromptRequestParams,
    InitializeRequestParams, InitializeResultMethod, JsonRpcMessage, ListPromptsRequestMethod,
    ListResourceTemplatesRequestMethod, ListResourcesRequestMethod, ListToolsRequestMethod,
    PaginatedRequestParams, ReadResourceRequestMethod, ReadResourceRequestParams, RequestId,
    SubscribeRequestMethod, SubscribeRequestParams, UnsubscribeRequestMethod,
    UnsubscribeRequestParams,
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// How much of a request body is read, and for how long.
#[derive(Debug)]
pub(super) struct BodyLimits {
    pub(super) max_bytes: usize,
    pub(super) timeout: Duration,
}

/// A checker of one method's `params`: `Some(reason)` when they do not fit.
type ParamsCheck = fn(Option<&Value>) -> Option<String>;

fn params_fit<P: DeserializeOwned>(params: Option<&Value>) -> Option<String> {
    serde_json::from_value::<P>(params.cloned().unwrap_or(Value::Null))
        .err()
        .map(|e| e.to_string())
}

/// The client requests rmcp knows, with their `params` types (optional ones as `Option`).
fn known_methods() -> [(&'static str, ParamsCheck); 12] {
    type Paginated = Option<PaginatedRequestParams>;
    [
        (
            InitializeResultMethod::VALUE,
            params_fit::<InitializeRequestParams>,
        ),
        (
            DiscoverRequestMethod::VALUE,
            params_fit::<DiscoverRequestParams>,
        ),
        (
            CallToolRequestMethod::VALUE,
            params_fit::<CallToolRequestParams>,
        ),
        (ListToolsRequestMethod::VALUE, params_fit::<Paginated>),
        (
            ReadResourceRequestMethod::VALUE,
            params_fit::<ReadResourceRequestParams>,
        ),
        (ListResourcesRequestMethod::VALUE, params_fit::<Paginated>),
        (
            ListResourceTemplatesRequestMethod::VALUE,
            params_fit::<Paginated>,
        ),
        (
            SubscribeRequestMethod::VALUE,
            params_fit::<SubscribeRequestParams>,
        ),
        (
            UnsubscribeRequestMethod::VALUE,
            params_fit::<UnsubscribeRequestParams>,
        ),
        (
            GetPromptRequestMethod::VALUE,
            params_fit::<GetPromptRequestParams>,
        ),
        (ListPromptsRequestMethod::VALUE, params_fit::<Paginated>),
        (
            CompleteRequestMethod::VALUE,
            params_fit::<CompleteRequestParams>,
        ),
    ]
}

/// An answer in place of rmcp's: HTTP status and the serialized JSON-RPC error.
struct Rejection {
    status: StatusCode,
    body: Vec<u8>,
}

impl Rejection {
    fn new(status: StatusCode, error: ErrorData, id: Option<RequestId>) -> Self {
        Rejection {
            status,
            body: error_json(error, id),
        }
    }

    fn bad(error: ErrorData, id: Option<RequestId>) -> Self {
        Rejection::new(StatusCode::BAD_REQUEST, error, id)
    }

    fn into_response(self) -> Response<Body> {
        let mut response = Response::new(Body::from(self.body));
        *response.status_mut() = self.status;
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    }
}

/// Why `params` do not fit `method`, if it is a known one and they do not.
fn params_problem(method: &str, params: Option<&Value>) -> Option<String> {
    known_methods()
        .iter()
        .find(|(known, _)| *known == method)
        .and_then(|(_, fits)| fits(params))
}

fn invalid_params(method: &str, reason: &str, id: Option<RequestId>) -> Rejection {
    // rmcp answers its own invalid-params errors with 200; a notification has no id to
    // answer to.
    let status = if id.is_some() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    let message = format!(
        "invalid params for {}: {}",
        clipped(method),
        clipped(reason)
    );
    Rejection::new(status, ErrorData::invalid_params(message, None), id)
}

/// Refuses a body beyond the [`bounds`] before anything parses it into values.
fn out_of_bounds(body: &[u8]) -> Result<(), Rejection> {
    if bounds::json_values(body, MAX_JSON_VALUES) > MAX_JSON_VALUES {
        let message = format!("Invalid Request: more than {MAX_JSON_VALUES} JSON values");
        return Err(Rejection::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorData::invalid_request(message, None),
            None,
        ));
    }
    let Some(overlong) = bounds::overlong(body) else {
        return Ok(());
    };
    let message = format!(
        "{} is longer than {} bytes",
        overlong.member, overlong.limit
    );
    let error = if overlong.member == "method" {
        ErrorData::new(ErrorCode::METHOD_NOT_FOUND, message, None)
    } else {
        ErrorData::invalid_params(message, None)
    };
    let status = if overlong.id.is_some() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    Err(Rejection::new(status, error, overlong.id))
}

/// Checks one body: `Err` with the answer when rmcp would not give a proper JSON-RPC one.
fn check(body: &[u8]) -> Result<(), Rejection> {
    out_of_bounds(body)?;
    let error = match serde_json::from_slice::<ClientJsonRpcMessage>(body) {
        Ok(JsonRpcMessage::Request(request)) => {
            // A known method lands in `CustomRequest` only when its `params` did not fit.
            if let ClientRequest::CustomRequest(custom) = &request.request
                && let Some(reason) = params_problem(&custom.method, custom.params.as_ref())
            {
                return Err(invalid_params(
                    &custom.method,
                    &reason,
                    Some(request.id.clone()),
                ));
            }
            return Ok(());
        }
        Ok(_) => return Ok(()),
        Err(error) => error,
    };
    let value = match serde_json::from_slice::<Value>(body) {
        Ok(value) => value,
        Err(e) => {
            return Err(Rejection::bad(
                ErrorData::parse_error(format!("Parse error: {}", clipped(e)), None),
                None,
            ));
        }
    };
    let reason = match value {
        Value::Array(_) => "batch requests are not supported".to_owned(),
        Value::Object(mut object) => {
            let id = object
                .get("id")
                .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok());
            // A message that is fine but for `params` (such as `params` that are no object).
            let method = object
                .get("method")
                .and_then(Value::as_str)
                .map(str::to_owned);
            if let (Some(method), Some(params)) = (method, object.remove("params"))
                && serde_json::from_value::<ClientJsonRpcMessage>(Value::Object(object)).is_ok()
            {
                let reason = params_problem(&method, Some(&params))
                    .unwrap_or_else(|| "params must be an object".to_owned());
                return Err(invalid_params(&method, &reason, id));
            }
            return Err(Rejection::bad(
                ErrorData::invalid_request(
                    format!(
                        "Invalid Request: not a JSON-RPC 2.0 message: {}",
                        clipped(error)
                    ),
                    None,
                ),
                id,
            ));
        }
        _ => "a JSON-RPC message is an object".to_owned(),
    };
    Err(Rejection::bad(
        ErrorData::invalid_request(format!("Invalid Request: {reason}"), None),
        None,
    ))
}

pub(super) fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// A plain-text answer that also closes the connection (the rest of the body is not read).
fn closing(code: StatusCode, reason: String) -> Response<Body> {
    let mut response = refusal(code, reason);
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

pub(super) async fn handle(
    State(limits): State<Arc<BodyLimits>>,
    request: Request,
    next: Next,
) -> Response<Body> {
    // Other methods carry no body; other content types get rmcp's 415.
    if request.method() != Method::POST || !is_json(request.headers()) {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let read = Limited::new(body, limits.max_bytes).collect();
    let bytes = match tokio::time::timeout(limits.timeout, read).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => {
            return closing(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("request body exceeds {} bytes", limits.max_bytes),
            );
        }
        Ok(Err(e)) => {
            return closing(
                StatusCode::BAD_REQUEST,
                format!("reading the request body: {}", clipped(e)),
            );
        }
        Err(_) => {
            return closing(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    limits.timeout.as_secs_f64()
                ),
            );
        }
    };
    if let Err(rejection) = check(&bytes) {
        return rejection.into_response();
    }
    // Read here, while the body is in hand, rather than buffered again by another layer.
    let info = CallInfo::of(&bytes);
    let mut request = Request::from_parts(parts, Body::from(bytes));
    request.extensions_mut().insert(info.clone());
    let mut response = next.run(request).await;
    response.extensions_mut().insert(info);
    response
}

#[cfg(test)]
mod tests {
    use super::check;
    use axum::http::StatusCode;

    fn code(body: &str) -> Option<(StatusCode, i64)> {
        let rejection = check(body.as_bytes()).err()?;
        let answer: serde_json::Value = serde_json::from_slice(&rejection.body).ok()?;
        Some((rejection.status, answer["error"]["code"].as_i64()?))
    }

    #[test]
    fn well_formed_messages_pass() {
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":"a","method":"vendor/custom","params":{"a":1}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
        ] {
            assert_eq!(code(body), None, "{body}");
        }
    }

    #[test]
    fn malformed_messages_get_their_codes() {
        let bad = StatusCode::BAD_REQUEST;
        assert_eq!(code("{"), Some((bad, -32700)));
        assert_eq!(code(""), Some((bad, -32700)));
        assert_eq!(
            code(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#),
            Some((bad, -32600))
        );
        assert_eq!(code("42"), Some((bad, -32600)));
        assert_eq!(
            code(r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#),
            Some((bad, -32600))
        );
        assert_eq!(code(r#"{"id":1}"#), Some((bad, -32600)));
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}"#),
            Some((StatusCode::OK, -32602))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{}}"#),
            Some((StatusCode::OK, -32602))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":"vendor/custom","params":[1]}"#),
            Some((StatusCode::OK, -32602))
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":7}"#),
            Some((bad, -32602))
        );
    }
}
