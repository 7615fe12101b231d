//! Session mode: rmcp's in-memory sessions (`Mcp-Session-Id`) with a cap on how many are
//! open, an idle expiry, and each session bound to the token's subject when authorization
//! is on.
use super::telemetry::CallInfo;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Response, StatusCode, header};
use axum::middleware::Next;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The header carrying the session id (2025-11-25 "Session Management").
const SESSION_HEADER: &str = "mcp-session-id";

/// How many sessions may be open and how long one may sit idle, for
/// [`HttpConfig::sessions`](super::HttpConfig::sessions).
///
/// Sessions live in this process's memory: behind several instances, route a session's
/// requests to the instance that made it (sticky routing) or stay stateless.
///
/// ```
/// use std::time::Duration;
/// use prefab_mcp::transport::Sessions;
/// let sessions = Sessions::default().max_sessions(64_usize).idle_timeout(Duration::from_secs(120));
/// assert_eq!(sessions.max_sessions, 64);
/// assert_eq!(Sessions::default().idle_timeout, Duration::from_secs(600));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sessions {
    /// Sessions open at once; an `initialize` beyond it gets 503 (with `Retry-After`) and
    /// no session. Default: 256.
    pub max_sessions: usize,
    /// A session with no request, answer or message for this long ends, as on `DELETE`:
    /// later requests with its id get 404, and its calls still running (such as one waiting
    /// for the client's answer) are cancelled once rmcp's drain of a closed session (at
    /// most 5 s) is over. Default: 10 minutes (longer than
    /// the default [`client_request_timeout`](super::HttpConfig::client_request_timeout),
    /// so a call waiting for the user is not cut short by the expiry).
    pub idle_timeout: Duration,
}

impl Default for Sessions {
    fn default() -> Self {
        Sessions {
            max_sessions: 256,
            idle_timeout: Duration::from_secs(600),
        }
    }
}

impl Sessions {
    /// Sets [`Sessions::max_sessions`].
    #[must_use]
    pub fn max_sessions(mut self, max: impl Into<usize>) -> Self {
        self.max_sessions = max.into();
        self
    }

    /// Sets [`Sessions::idle_timeout`].
    #[must_use]
    pub fn idle_timeout(mut self, timeout: impl Into<Duration>) -> Self {
        self.idle_timeout = timeout.into();
        self
    }

    /// rmcp's session store with this idle expiry.
    pub(super) fn manager(&self) -> LocalSessionManager {
        let mut manager = LocalSessionManager::default();
        manager.session_config.keep_alive = Some(self.idle_timeout);
        manager
    }
}

/// Who opened each live session, and the `initialize` calls under way.
pub(super) struct Table {
    manager: Arc<LocalSessionManager>,
    max: usize,
    state: Mutex<Owners>,
}

#[derive(Default)]
struct Owners {
    /// Session id → the caller who opened it (`None`: no authorization, or a token naming
    /// nobody).
    by_id: HashMap<String, Option<String>>,
    /// `initialize` calls admitted and not yet answered.
    opening: usize,
}

/// One admitted `initialize`; it stops counting when dropped.
struct Opening<'a>(&'a Table);

impl Drop for Opening<'_> {
    fn drop(&mut self) {
        self.0.owners().opening -= 1;
    }
}

impl Table {
    pub(super) fn new(manager: Arc<LocalSessionManager>, sessions: &Sessions) -> Self {
        Table {
            manager,
            max: sessions.max_sessions.max(1),
            state: Mutex::default(),
        }
    }

    fn owners(&self) -> MutexGuard<'_, Owners> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The ids rmcp still holds (a session that expired or was deleted is gone).
    async fn live(&self) -> HashSet<String> {
        let sessions = self.manager.sessions.read().await;
        sessions.keys().map(ToString::to_string).collect()
    }

    /// Admits one more `initialize` unless the live sessions and those being opened fill
    /// the table.
    async fn open(&self) -> Option<Opening<'_>> {
        let live = self.live().await;
        let mut owners = self.owners();
        owners.by_id.retain(|id, _| live.contains(id));
        if owners.by_id.len() + owners.opening >= self.max {
            return None;
        }
        owners.opening += 1;
        Some(Opening(self))
    }
}

/// The caller a session is bound to, typed so that the two names never meet:
/// `sub:<subject>`, or `client:<client_id>` for a token that names no subject; `None`
/// without authorization. (Untyped, a subject-less token whose `client_id` equals another
/// user's subject would reach that user's sessions.)
fn caller_of(request: &Request) -> Option<String> {
    #[cfg(feature = "auth")]
    if let Some(caller) = request.extensions().get::<super::auth::Caller>() {
        return match (caller.subject(), caller.client_id()) {
            (Some(subject), _) => Some(format!("sub:{subject}")),
            (None, Some(client)) => Some(format!("client:{client}")),
            (None, None) => None,
        };
    }
    let _ = request;
    None
}

/// Whether authorization is on for `request` (the token check put a caller in).
fn authorized(request: &Request) -> bool {
    #[cfg(feature = "auth")]
    if request.extensions().get::<super::auth::Caller>().is_some() {
        return true;
    }
    let _ = request;
    false
}

/// Refuses a session id opened by another caller as if it did not exist (404, the answer
/// for an unknown session), caps the number of sessions, and records who opened each new
/// one.
pub(super) async fn check(
    State(table): State<Arc<Table>>,
    request: Request,
    next: Next,
) -> Response<Body> {
    let caller = caller_of(&request);
    if let Some(id) = request
        .headers()
        .get(SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
    {
        if authorized(&request) {
            let owner = table.owners().by_id.get(id).cloned();
            // A session opened without a caller name can be used by nobody under
            // authorization: the binding would prove nothing.
            if owner.flatten().is_none_or(|owner| Some(owner) != caller) {
                return not_found();
            }
        }
        return next.run(request).await;
    }
    let initializing = request
        .extensions()
        .get::<CallInfo>()
        .is_some_and(|info| info.method.as_deref() == Some("initialize"));
    if !initializing {
        return next.run(request).await;
    }
    let Some(opening) = table.open().await else {
        tracing::warn!(
            max = table.max,
            "session refused: the session table is full"
        );
        return full();
    };
    let response = next.run(request).await;
    if let Some(id) = response
        .headers()
        .get(SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
    {
        table.owners().by_id.insert(id.to_owned(), caller);
    }
    drop(opening);
    response
}

/// The answer for an unknown (or someone else's) session, worded like rmcp's.
fn not_found() -> Response<Body> {
    super::cors::refusal(StatusCode::NOT_FOUND, "Not Found: Session not found")
}

/// The answer when no session can be opened now.
fn full() -> Response<Body> {
    let mut response = super::cors::refusal(
        StatusCode::SERVICE_UNAVAILABLE,
        "Service Unavailable: too many open sessions, try again later",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
    response
}
