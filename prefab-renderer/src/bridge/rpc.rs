//! Strict JSON-RPC 2.0 envelopes as plain JS objects (what `postMessage` structured-clones).
//!
//! The MCP Apps host validates envelopes strictly: `params`, when present, is an object
//! (never `null`), `result` is an object (`{}` when empty), and no other top-level keys
//! appear. Every envelope the renderer sends is built here.
use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;

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
/// ```no_run
/// use prefab_renderer::bridge::rpc::{self, Incoming};
/// let msg = rpc::notification("ui/notifications/tool-result", Some(&rpc::empty()));
/// assert!(matches!(rpc::classify(&msg), Some(Incoming::Notification { .. })));
/// ```
pub enum Incoming {
    /// A request from the host: answer it with [`response`] or [`error_response`].
    Request {
        id: JsValue,
        method: String,
        params: JsValue,
    },
    /// A notification from the host.
    Notification { method: String, params: JsValue },
    /// The answer to one of our requests.
    Response {
        id: JsValue,
        result: Result<JsValue, RpcError>,
    },
}

/// Classifies `data`; anything that is not a JSON-RPC 2.0 object gives `None` (ignored).
#[must_use]
pub fn classify(data: &JsValue) -> Option<Incoming> {
    if !data.is_object() || get(data, "jsonrpc").as_string().as_deref() != Some("2.0") {
        return None;
    }
    let id = get(data, "id");
    let has_id = id.is_string() || id.as_f64().is_some();
    if let Some(method) = get(data, "method").as_string() {
        let params = get(data, "params");
        return Some(if has_id {
            Incoming::Request { id, method, params }
        } else {
            Incoming::Notification { method, params }
        });
    }
    if !has_id {
        return None;
    }
    let error = get(data, "error");
    let result = if error.is_object() {
        let code = get(&error, "code")
            .as_f64()
            .map_or(code::INTERNAL, |c| c as i32);
        let message = get(&error, "message")
            .as_string()
            .unwrap_or_else(|| "unknown error".into());
        Err(RpcError::new(code, message))
    } else {
        let result = get(data, "result");
        if result.is_undefined() {
            return None;
        }
        Ok(result)
    };
    Some(Incoming::Response { id, result })
}

/// `{jsonrpc, id, method, params?}`.
#[must_use]
pub fn request(id: u32, method: &str, params: Option<&JsValue>) -> JsValue {
    let msg = base();
    set(&msg, "id", &JsValue::from(id));
    set(&msg, "method", &JsValue::from_str(method));
    set_params(&msg, params);
    msg.into()
}

/// `{jsonrpc, method, params?}`.
#[must_use]
pub fn notification(method: &str, params: Option<&JsValue>) -> JsValue {
    let msg = base();
    set(&msg, "method", &JsValue::from_str(method));
    set_params(&msg, params);
    msg.into()
}

/// `{jsonrpc, id, result}`; a non-object result becomes `{}`.
#[must_use]
pub fn response(id: &JsValue, result: &JsValue) -> JsValue {
    let msg = base();
    set(&msg, "id", id);
    let result = if result.is_object() {
        result.clone()
    } else {
        Object::new().into()
    };
    set(&msg, "result", &result);
    msg.into()
}

/// `{jsonrpc, id, error: {code, message}}`.
#[must_use]
pub fn error_response(id: &JsValue, error: &RpcError) -> JsValue {
    let msg = base();
    set(&msg, "id", id);
    let err = Object::new();
    set(&err, "code", &JsValue::from(error.code));
    set(&err, "message", &JsValue::from_str(&error.message));
    set(&msg, "error", &err);
    msg.into()
}

/// An empty object, `{}`.
#[must_use]
pub fn empty() -> JsValue {
    Object::new().into()
}

/// A plain object from `(key, value)` pairs.
#[must_use]
pub fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let obj = Object::new();
    for (k, v) in entries {
        set(&obj, k, v);
    }
    obj.into()
}

/// `target[key]`, or `undefined` when `target` is not an object.
#[must_use]
pub fn get(target: &JsValue, key: &str) -> JsValue {
    if !target.is_object() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(target, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn base() -> Object {
    let msg = Object::new();
    set(&msg, "jsonrpc", &JsValue::from_str("2.0"));
    msg
}

fn set_params(msg: &Object, params: Option<&JsValue>) {
    if let Some(params) = params
        && params.is_object()
    {
        set(msg, "params", params);
    }
}

fn set(target: &Object, key: &str, value: &JsValue) {
    // Defining a property on a fresh plain object cannot fail.
    crate::dom::report(Reflect::set(target, &JsValue::from_str(key), value));
}
