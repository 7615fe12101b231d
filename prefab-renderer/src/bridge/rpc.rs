//! Strict JSON-RPC 2.0 envelopes as [`Value`]s; the transport converts them to and from
//! JavaScript objects (what `postMessage` structured-clones) at the boundary.
//!
//! The MCP Apps host validates envelopes strictly: `params`, when present, is an object
//! (never `null`), `result` is an object (`{}` when empty), and no other top-level keys
//! appear. Every envelope the renderer sends is built here.
use crate::node::prop;
use prefab::expr::{Map, Value};

/// JSON-RPC error codes used by the bridge.
pub mod code {
    /// The method does not exist (or is not offered by this view).
    pub const METHOD_NOT_FOUND: i32 = -32601;
    /// Bad parameters.
    pub const INVALID_PARAMS: i32 = -32602;
    /// Internal failure while handling the request.
    pub const INTERNAL: i32 = -32603;
    /// The request did not get an answer in time (local to the view).
    pub const TIMEOUT: i32 = -32001;
}

/// A JSON-RPC error, received from the host or produced locally (timeouts).
///
/// ```
/// use prefab_renderer::bridge::{RpcError, rpc::code};
/// let e = RpcError::new(code::METHOD_NOT_FOUND, "Method not found");
/// assert_eq!(e.to_string(), "Method not found (-32601)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RpcError {
    /// The JSON-RPC error code.
    pub code: i32,
    /// Human-readable message.
    pub message: String,
}

impl RpcError {
    /// An error with `code` and `message`.
    #[must_use]
    pub fn new(code: i32, message: impl Into<String>) -> Self {
        RpcError {
            code,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for RpcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

/// An incoming message, classified by [`classify`].
///
/// ```
/// use prefab_renderer::bridge::rpc::{self, Incoming};
/// let msg = rpc::notification("ui/notifications/tool-result", Some(&rpc::empty()));
/// assert!(matches!(rpc::classify(&msg), Some(Incoming::Notification { .. })));
/// ```
pub enum Incoming {
    /// A request from the host: answer it with [`response`] or [`error_response`].
    Request {
        id: Value,
        method: String,
        params: Value,
    },
    /// A notification from the host.
    Notification { method: String, params: Value },
    /// The answer to one of our requests.
    Response {
        id: Value,
        result: Result<Value, RpcError>,
    },
}

/// Classifies `data`; anything that is not a JSON-RPC 2.0 object gives `None` (ignored).
#[must_use]
pub fn classify(data: &Value) -> Option<Incoming> {
    if !matches!(data, Value::Object(_)) || prop(data, "jsonrpc").as_str() != Some("2.0") {
        return None;
    }
    let id = prop(data, "id").clone();
    let has_id = matches!(id, Value::String(_) | Value::Number(_));
    if let Some(method) = prop(data, "method").as_str() {
        let (method, params) = (method.to_string(), prop(data, "params").clone());
        return Some(if has_id {
            Incoming::Request { id, method, params }
        } else {
            Incoming::Notification { method, params }
        });
    }
    if !has_id {
        return None;
    }
    let error = prop(data, "error");
    let result = if matches!(error, Value::Object(_)) {
        let code = match prop(error, "code") {
            Value::Number(n) => *n as i32,
            _ => code::INTERNAL,
        };
        let message = prop(error, "message").as_str().unwrap_or("unknown error");
        Err(RpcError::new(code, message))
    } else {
        match prop(data, "result") {
            Value::Undefined => return None,
            result => Ok(result.clone()),
        }
    };
    Some(Incoming::Response { id, result })
}

/// `{jsonrpc, id, method, params?}`.
#[must_use]
pub fn request(id: u32, method: &str, params: Option<&Value>) -> Value {
    with_params(
        vec![
            ("jsonrpc", "2.0".into()),
            ("id", id.into()),
            ("method", method.into()),
        ],
        params,
    )
}

/// `{jsonrpc, method, params?}`.
#[must_use]
pub fn notification(method: &str, params: Option<&Value>) -> Value {
    with_params(
        vec![("jsonrpc", "2.0".into()), ("method", method.into())],
        params,
    )
}

/// `{jsonrpc, id, result}`; a non-object result becomes `{}`.
#[must_use]
pub fn response(id: &Value, result: &Value) -> Value {
    let result = match result {
        Value::Object(_) => result.clone(),
        _ => empty(),
    };
    object(&[
        ("jsonrpc", "2.0".into()),
        ("id", id.clone()),
        ("result", result),
    ])
}

/// `{jsonrpc, id, error: {code, message}}`.
#[must_use]
pub fn error_response(id: &Value, error: &RpcError) -> Value {
    let err = object(&[
        ("code", error.code.into()),
        ("message", error.message.as_str().into()),
    ]);
    object(&[
        ("jsonrpc", "2.0".into()),
        ("id", id.clone()),
        ("error", err),
    ])
}

/// An empty object, `{}`.
#[must_use]
pub fn empty() -> Value {
    object(&[])
}

/// An object from `(key, value)` pairs: one body for every message the view builds.
///
/// ```
/// use prefab_renderer::bridge::rpc;
/// let o = rpc::object(&[("mode", "fullscreen".into())]);
/// assert_eq!(prefab_renderer::js::stringify(&o), r#"{"mode":"fullscreen"}"#);
/// ```
#[must_use]
#[inline(never)]
pub fn object(entries: &[(&str, Value)]) -> Value {
    let mut map = Map::new();
    for (k, v) in entries {
        map.insert(*k, v.clone());
    }
    Value::from(map)
}

fn with_params(mut entries: Vec<(&str, Value)>, params: Option<&Value>) -> Value {
    if let Some(params @ Value::Object(_)) = params {
        entries.push(("params", params.clone()));
    }
    object(&entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::prop;

    #[test]
    fn envelopes_are_strict() {
        let request = request(3, "ping", None);
        assert!(matches!(prop(&request, "params"), Value::Undefined));
        assert_eq!(prop(&request, "jsonrpc").as_str(), Some("2.0"));
        // `params` that is not an object is left out, never sent as `null`.
        let note = notification("x", Some(&Value::Null));
        assert!(matches!(prop(&note, "params"), Value::Undefined));
        // A result that is not an object becomes `{}`.
        let answer = response(&3.into(), &Value::Null);
        assert!(matches!(prop(&answer, "result"), Value::Object(m) if m.is_empty()));
        assert!(classify(&"not json-rpc".into()).is_none());
        let error = error_response(&"a".into(), &RpcError::new(code::TIMEOUT, "late"));
        assert_eq!(
            prop(prop(&error, "error"), "code"),
            &Value::from(code::TIMEOUT)
        );
    }

    #[test]
    fn messages_are_classified_by_their_fields() {
        let parse = |t: &str| crate::json::parse(t).unwrap_or(Value::Null);
        let req = parse(r#"{"jsonrpc": "2.0", "id": "7", "method": "ping", "params": {}}"#);
        assert!(
            matches!(classify(&req), Some(Incoming::Request { method, .. }) if method == "ping")
        );
        let note = parse(r#"{"jsonrpc": "2.0", "method": "ui/notifications/tool-result"}"#);
        assert!(matches!(
            classify(&note),
            Some(Incoming::Notification { .. })
        ));
        let failed =
            parse(r#"{"jsonrpc": "2.0", "id": 2, "error": {"code": -32601, "message": "no"}}"#);
        let Some(Incoming::Response { result: Err(e), .. }) = classify(&failed) else {
            panic!("an error response");
        };
        assert_eq!(e, RpcError::new(code::METHOD_NOT_FOUND, "no"));
        // An answer without `result` or `error`, or another protocol, is ignored.
        assert!(classify(&parse(r#"{"jsonrpc": "2.0", "id": 2}"#)).is_none());
        assert!(classify(&parse(r#"{"jsonrpc": "1.0", "method": "x"}"#)).is_none());
    }
}
