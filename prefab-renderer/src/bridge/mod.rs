//! The app side of MCP Apps (`io.modelcontextprotocol/ui`, spec 2026-01-26): hand-written
//! JSON-RPC over `postMessage` to `window.parent`.
//!
//! * Only messages whose `event.source` is `window.parent` are read; anything else (another
//!   frame, the view itself, strings) is ignored.
//! * The listener and every handler are installed **before** `ui/initialize` is sent. Host
//!   notifications that arrive before the handshake has finished (tool input, partial
//!   input, tool result, context changes) are queued and applied, in arrival order, right
//!   after `ui/notifications/initialized` went out. Nothing is dropped.
//! * Requests carry ids; each has a timeout, after which the caller gets an error and the
//!   host a `notifications/cancelled`. Requests the view makes before the handshake are held
//!   back until it completes.
//! * Host requests: `ping` and `ui/resource-teardown` are answered with `{}` (teardown after
//!   the view stopped its timers), `tools/call` / `tools/list` go to the view's own tools,
//!   anything else gets `-32601`.
//! * Both generations of hosts: ext-apps v2 renamed the host→view tool requests to
//!   `ui/call-view-tool` / `ui/list-view-tools` and the view's log to `ui/log` ([`V2_NAMES`]);
//!   the view answers both names and sends its log under both.
mod size;

pub mod rpc;

pub use rpc::RpcError;

use prefab::expr::Value;
use rpc::{Incoming, code};
use std::cell::RefCell;
use std::rc::Rc;

/// The protocol version this view speaks.
pub const PROTOCOL_VERSION: &str = "2026-01-26";
/// Default time a request may take before it fails.
pub const DEFAULT_TIMEOUT_MS: i32 = 60_000;

/// What the bridge reports to the view. Every method is called with no bridge borrow held,
/// so implementations may send requests.
///
/// ```
/// use prefab::expr::Value;
/// use prefab_renderer::bridge::{self, HostEvents, Reply, rpc};
/// struct Log;
/// impl HostEvents for Log {
///     fn host_context(&self, _context: &Value, _replace: bool) {}
///     fn notification(&self, method: &str, _params: &Value) {
///         println!("{method}");
///     }
///     fn teardown(&self) {}
///     fn call_tool(&self, _params: &Value, reply: Reply) {
///         reply.err(&bridge::RpcError::new(rpc::code::METHOD_NOT_FOUND, "no tools"));
///     }
///     fn list_tools(&self) -> Value {
///         Value::object([("tools", Value::array([]))])
///     }
/// }
/// bridge::connect(std::rc::Rc::new(Log), &rpc::empty()).unwrap();
/// ```
pub trait HostEvents {
    /// The initialize result's `hostContext` (`replace = true`) or a
    /// `host-context-changed` patch (`replace = false`, shallow merge).
    fn host_context(&self, context: &Value, replace: bool);
    /// Any other host notification (`ui/notifications/tool-result`, …), in order.
    fn notification(&self, method: &str, params: &Value);
    /// `ui/resource-teardown`: stop timers and save state; the bridge answers `{}` after.
    fn teardown(&self);
    /// `tools/call` from the host for a tool the view offers; answer through `reply`.
    fn call_tool(&self, params: &Value, reply: Reply);
    /// `tools/list`: the view's own tools (`{tools: [...]}`).
    fn list_tools(&self) -> Value;
}

/// The answer to one host request. Dropping it without answering sends an internal error.
///
/// ```
/// # use prefab_renderer::bridge::Reply;
/// use prefab::expr::Value;
/// fn answer(reply: Reply) {
///     reply.ok(&Value::object([("content", Value::array([]))]));
/// }
/// ```
pub struct Reply {
    id: Option<Value>,
}

impl Reply {
    /// Answers with `result` (an object).
    pub fn ok(mut self, result: &Value) {
        if let Some(id) = self.id.take() {
            post(&rpc::response(&id, result));
        }
    }

    /// Answers with a JSON-RPC error.
    pub fn err(mut self, error: &RpcError) {
        if let Some(id) = self.id.take() {
            post(&rpc::error_response(&id, error));
        }
    }
}

impl Drop for Reply {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            post(&rpc::error_response(
                &id,
                &RpcError::new(code::INTERNAL, "the view dropped the request"),
            ));
        }
    }
}

type Callback = Box<dyn FnOnce(Result<Value, RpcError>)>;

struct Pending {
    callback: Callback,
    /// The request's timeout, cancelled when this is dropped (answered or torn down).
    _timer: crate::dom::Timer,
}

enum Phase {
    /// `ui/initialize` sent, result not yet received.
    Connecting,
    /// `ui/notifications/initialized` sent.
    Ready,
    /// Torn down: nothing more is sent.
    Closed,
}

struct Bridge {
    events: Rc<dyn HostEvents>,
    phase: Phase,
    next_id: u32,
    /// Requests awaiting a response, by id (a few at a time: a list, not a map).
    pending: Vec<(u32, Pending)>,
    /// Host notifications that arrived before the handshake completed.
    early: Vec<(String, Value)>,
    /// Requests the view made before the handshake completed.
    held: Vec<(u32, String, Option<Value>)>,
    host_capabilities: Value,
}

thread_local! {
    static BRIDGE: RefCell<Option<Bridge>> = const { RefCell::new(None) };
}

fn with<R>(f: impl FnOnce(&mut Bridge) -> R) -> Option<R> {
    BRIDGE.with(|b| b.try_borrow_mut().ok()?.as_mut().map(f))
}

/// ext-apps v2's wire names and the v1 names they replace (the view's tools, its log).
/// Host requests under a v2 name are handled as the v1 name; the log goes out under both,
/// since a host of either generation listens to one name only.
pub const V2_NAMES: [(&str, &str); 3] = [
    ("ui/call-view-tool", "tools/call"),
    ("ui/list-view-tools", "tools/list"),
    ("ui/log", "notifications/message"),
];

/// The v1 name of `method` (itself when it was not renamed).
fn v1_name(method: &str) -> &str {
    V2_NAMES
        .iter()
        .find(|(v2, _)| *v2 == method)
        .map_or(method, |(_, v1)| v1)
}

/// The host's log for `crate::log`: `notifications/message` (v1) and `ui/log` (v2) while
/// connected.
fn host_log(level: &str, message: &str) {
    if is_connected() {
        let params = rpc::object(&[
            ("level", level.into()),
            ("logger", "prefab-renderer".into()),
            ("data", message.into()),
        ]);
        let (v2, v1) = V2_NAMES[2];
        for method in [v1, v2] {
            notify(method, Some(&params));
        }
    }
}

/// Whether the bridge is connected to a host (it exists and was not torn down).
#[must_use]
pub fn is_connected() -> bool {
    with(|b| !matches!(b.phase, Phase::Closed)).unwrap_or(false)
}

/// The `hostCapabilities` from the initialize result (`undefined` before it).
#[must_use]
pub fn host_capabilities() -> Value {
    with(|b| b.host_capabilities.clone()).unwrap_or(Value::Undefined)
}

/// Starts the bridge: installs the listener for the host's messages, then sends
/// `ui/initialize`. Fails when there is no host to listen to.
pub fn connect(events: Rc<dyn HostEvents>, app_capabilities: &Value) -> Result<(), &'static str> {
    if !crate::dom::listen_host(Box::new(on_message)) {
        return Err("no host to connect to");
    }
    crate::log::set_host_sink(host_log);
    BRIDGE.with(|b| {
        *b.borrow_mut() = Some(Bridge {
            events,
            phase: Phase::Connecting,
            next_id: 1,
            pending: Vec::new(),
            early: Vec::new(),
            held: Vec::new(),
            host_capabilities: Value::Undefined,
        });
    });
    let params = rpc::object(&[
        (
            "appInfo",
            rpc::object(&[
                ("name", "prefab-renderer".into()),
                ("version", env!("CARGO_PKG_VERSION").into()),
            ]),
        ),
        ("appCapabilities", app_capabilities.clone()),
        ("protocolVersion", PROTOCOL_VERSION.into()),
    ]);
    let id = with(|b| {
        let id = b.next_id;
        b.next_id += 1;
        id
    })
    .unwrap_or(0);
    register(id, DEFAULT_TIMEOUT_MS, Box::new(on_initialized));
    post(&rpc::request(id, "ui/initialize", Some(&params)));
    Ok(())
}

/// Sends a request; `callback` gets the result, the host's error, or a timeout error.
pub fn request(
    method: &str,
    params: Option<&Value>,
    timeout_ms: i32,
    callback: impl FnOnce(Result<Value, RpcError>) + 'static,
) {
    request_boxed(method, params, timeout_ms, Box::new(callback));
}

/// [`request`] without a copy of this code per callback type.
#[inline(never)]
fn request_boxed(method: &str, params: Option<&Value>, timeout_ms: i32, callback: Callback) {
    let Some((id, ready)) = with(|b| {
        let id = b.next_id;
        b.next_id += 1;
        (id, b.phase_allows_requests())
    }) else {
        callback(Err(RpcError::new(code::INTERNAL, "no MCP Apps host")));
        return;
    };
    match ready {
        Some(true) => {
            register(id, timeout_ms, callback);
            post(&rpc::request(id, method, params));
        }
        Some(false) => {
            register(id, timeout_ms, callback);
            with(|b| b.held.push((id, method.to_string(), params.cloned())));
        }
        None => callback(Err(RpcError::new(code::INTERNAL, "the view was torn down"))),
    }
}

/// Sends a notification once the handshake is complete (dropped before it and after
/// teardown: the view sends nothing but `ui/initialize` until it is initialized).
pub fn notify(method: &str, params: Option<&Value>) {
    if !with(|b| matches!(b.phase, Phase::Ready)).unwrap_or(false) {
        return;
    }
    post(&rpc::notification(method, params));
}

impl Bridge {
    /// `Some(true)` = send now, `Some(false)` = hold until ready, `None` = closed.
    fn phase_allows_requests(&self) -> Option<bool> {
        match self.phase {
            Phase::Ready => Some(true),
            Phase::Connecting => Some(false),
            Phase::Closed => None,
        }
    }
}

/// Removes and returns the pending request `id`.
fn take_pending(b: &mut Bridge, id: u32) -> Option<Pending> {
    let at = b.pending.iter().position(|(i, _)| *i == id)?;
    Some(b.pending.swap_remove(at).1)
}

fn register(id: u32, timeout_ms: i32, callback: Callback) {
    let on_timeout = move || {
        let pending = with(|b| take_pending(b, id)).flatten();
        if let Some(p) = pending {
            let reason = rpc::object(&[("requestId", id.into()), ("reason", "timed out".into())]);
            notify("notifications/cancelled", Some(&reason));
            (p.callback)(Err(RpcError::new(code::TIMEOUT, "request timed out")));
        }
    };
    let timer = crate::dom::Timer::new(timeout_ms, Box::new(on_timeout));
    with(|b| {
        b.pending.push((
            id,
            Pending {
                callback,
                _timer: timer,
            },
        ));
    });
}

fn on_initialized(result: Result<Value, RpcError>) {
    let Ok(result) = result else {
        crate::log::warn("ui/initialize failed; the view stays in standalone mode");
        return;
    };
    let Some(events) = with(|b| {
        b.host_capabilities = crate::node::prop(&result, "hostCapabilities").clone();
        b.events.clone()
    }) else {
        return;
    };
    events.host_context(crate::node::prop(&result, "hostContext"), true);
    post(&rpc::notification("ui/notifications/initialized", None));
    let (early, held) = with(|b| {
        b.phase = Phase::Ready;
        (std::mem::take(&mut b.early), std::mem::take(&mut b.held))
    })
    .unwrap_or_default();
    for (method, params) in early {
        dispatch_notification(&events, &method, &params);
    }
    for (id, method, params) in held {
        post(&rpc::request(id, &method, params.as_ref()));
    }
    size::start();
}

/// A message from the host (the transport only passes on what `window.parent` sent).
fn on_message(data: Value) {
    match rpc::classify(&data) {
        Some(Incoming::Response { id, result }) => {
            let Value::Number(id) = id else {
                return;
            };
            let pending = with(|b| take_pending(b, id as u32)).flatten();
            if let Some(p) = pending {
                // Its timer is cancelled when `p` is dropped, after the callback.
                (p.callback)(result);
            }
        }
        Some(Incoming::Notification { method, params }) => {
            let Some((events, ready)) =
                with(|b| (b.events.clone(), matches!(b.phase, Phase::Ready)))
            else {
                return;
            };
            if ready {
                dispatch_notification(&events, &method, &params);
            } else {
                with(|b| {
                    if !matches!(b.phase, Phase::Closed) {
                        b.early.push((method, params));
                    }
                });
            }
        }
        Some(Incoming::Request { id, method, params }) => handle_request(id, &method, &params),
        None => {}
    }
}

fn dispatch_notification(events: &Rc<dyn HostEvents>, method: &str, params: &Value) {
    if method == "ui/notifications/host-context-changed" {
        events.host_context(params, false);
    } else {
        events.notification(method, params);
    }
}

fn handle_request(id: Value, method: &str, params: &Value) {
    let Some(events) = with(|b| b.events.clone()) else {
        return;
    };
    let reply = Reply { id: Some(id) };
    match v1_name(method) {
        "ping" => reply.ok(&rpc::empty()),
        "ui/resource-teardown" => {
            events.teardown();
            size::stop();
            reply.ok(&rpc::empty());
            close();
        }
        "tools/call" => events.call_tool(params, reply),
        "tools/list" => reply.ok(&events.list_tools()),
        _ => reply.err(&RpcError::new(
            code::METHOD_NOT_FOUND,
            crate::text::fill("Method not found: {}", &[method]),
        )),
    }
}

/// After teardown: fail what is pending and send nothing more.
fn close() {
    let pending = with(|b| {
        b.phase = Phase::Closed;
        b.early.clear();
        b.held.clear();
        std::mem::take(&mut b.pending)
    })
    .unwrap_or_default();
    for (_, p) in pending {
        (p.callback)(Err(RpcError::new(code::INTERNAL, "the view was torn down")));
    }
}

fn post(message: &Value) {
    if !crate::dom::post_to_host(message) {
        crate::log::warn("postMessage to the host failed");
    }
}

/// Sends `ui/notifications/size-changed` now if the size changed (used after a re-render).
pub fn schedule_size_report() {
    size::schedule();
}

/// `ui/download-file` with `contents` (embedded resources or resource links); the host
/// usually asks the user first. `callback` gets the result or the error.
pub fn download_file(contents: &Value, callback: impl FnOnce(Result<Value, RpcError>) + 'static) {
    let params = rpc::object(&[("contents", contents.clone())]);
    request(
        "ui/download-file",
        Some(&params),
        DEFAULT_TIMEOUT_MS,
        callback,
    );
}

/// `resources/read` of `uri` through the host (`{contents: [...]}`).
pub fn read_resource(uri: &str, callback: impl FnOnce(Result<Value, RpcError>) + 'static) {
    let params = rpc::object(&[("uri", uri.into())]);
    request(
        "resources/read",
        Some(&params),
        DEFAULT_TIMEOUT_MS,
        callback,
    );
}
