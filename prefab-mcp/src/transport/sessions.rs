//! Session mode: rmcp's in-memory sessions (`Mcp-Session-Id`) with a cap on how many are
//! open and how many one caller may hold, an idle expiry, and each session bound to the
//! token's subject when authorization is on.
use super::telemetry::CallInfo;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, Response, StatusCode, header};
use axum::middleware::Next;
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The header carrying the session id (2025-11-25 "Session Management").
const SESSION_HEADER: &str = "mcp-session-id";

/// How many sessions may be open (in all, and per caller) and how long one may sit idle,
/// for [`HttpConfig::sessions`](super::HttpConfig::sessions).
///
/// Sessions live in this process's memory: behind several instances, route a session's
/// requests to the instance that made it (sticky routing) or stay stateless.
///
/// One caller cannot fill the table: past [`Sessions::max_sessions_per_caller`], its
/// `initialize` ends its own oldest session (as `DELETE` would) instead of taking another
/// caller's room. Behind a reverse proxy without authorization, every client has the
/// proxy's address: set `max_sessions_per_caller(0_usize)` there.
///
/// ```
/// use std::time::Duration;
/// use prefab_mcp::transport::Sessions;
/// let sessions = Sessions::default().max_sessions(64_usize).idle_timeout(Duration::from_secs(120));
/// assert_eq!(sessions.max_sessions, 64);
/// assert_eq!(Sessions::default().max_sessions_per_caller, 8);
/// assert_eq!(Sessions::default().idle_timeout, Duration::from_secs(600));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sessions {
    /// Sessions open at once; an `initialize` beyond it gets 503 (with `Retry-After`) and
    /// no session. Default: 256.
    pub max_sessions: usize,
    /// Sessions one caller may hold: under authorization the token's subject (or its
    /// client when it names none), without it the client's IP address (an IPv6 one by its
    /// /64; known when served
    /// by [`serve_router`](super::serve_router) or [`serve_http`](super::serve_http), or
    /// with axum's `ConnectInfo<SocketAddr>`). An `initialize` beyond it ends that caller's
    /// oldest session, as on `DELETE` (later requests with its id get 404). `0`: no
    /// per-caller cap. Default: 8.
    pub max_sessions_per_caller: usize,
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
            max_sessions_per_caller: 8,
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

    /// Sets [`Sessions::max_sessions_per_caller`].
    #[must_use]
    pub fn max_sessions_per_caller(mut self, max: impl Into<usize>) -> Self {
        self.max_sessions_per_caller = max.into();
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
    per_caller: usize,
    state: Mutex<Owners>,
}

/// One live session: who may use it, whose share it takes, and when it was opened.
struct Opened {
    /// The caller it is bound to (`None`: no authorization, or a token naming nobody).
    caller: Option<String>,
    /// Whose share of the table it takes: the caller, else the client's address.
    quota: Option<String>,
    /// Opening order (the oldest has the lowest).
    order: u64,
}

#[derive(Default)]
struct Owners {
    by_id: HashMap<String, Opened>,
    /// `initialize` calls admitted and not yet answered, in all and per share.
    opening: usize,
    opening_by: HashMap<String, usize>,
    next: u64,
}

impl Owners {
    /// The sessions of `quota` to end so that one more fits its share of `cap`, oldest
    /// first; `None` when its `initialize` calls under way already fill the share.
    fn room_for(&self, quota: &str, cap: usize) -> Option<Vec<String>> {
        let pending = self.opening_by.get(quota).copied().unwrap_or(0);
        if pending >= cap {
            return None;
        }
        let mut own: Vec<(u64, &String)> = self
            .by_id
            .iter()
            .filter(|(_, opened)| opened.quota.as_deref() == Some(quota))
            .map(|(id, opened)| (opened.order, id))
            .collect();
        let excess = (own.len() + pending + 1).saturating_sub(cap);
        own.sort_unstable();
        Some(
            own.into_iter()
                .take(excess)
                .map(|(_, id)| id.clone())
                .collect(),
        )
    }
}

/// One admitted `initialize`; it stops counting when dropped.
struct Opening<'a> {
    table: &'a Table,
    quota: Option<String>,
}

impl Drop for Opening<'_> {
    fn drop(&mut self) {
        let mut owners = self.table.owners();
        owners.opening -= 1;
        if let Some(quota) = &self.quota
            && let Some(count) = owners.opening_by.get_mut(quota)
        {
            *count -= 1;
            if *count == 0 {
                owners.opening_by.remove(quota);
            }
        }
    }
}

impl Table {
    pub(super) fn new(manager: Arc<LocalSessionManager>, sessions: &Sessions) -> Self {
        Table {
            manager,
            max: sessions.max_sessions.max(1),
            per_caller: sessions.max_sessions_per_caller,
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

    /// Admits one more `initialize` for `quota` unless the live sessions and those being
    /// opened fill the table; when `quota` holds its whole share, its oldest sessions are
    /// ended (as on `DELETE`) to make room.
    async fn open(&self, quota: Option<String>) -> Option<Opening<'_>> {
        let live = self.live().await;
        let ended = {
            let mut owners = self.owners();
            owners.by_id.retain(|id, _| live.contains(id));
            let ended = match &quota {
                Some(quota) if self.per_caller > 0 => owners.room_for(quota, self.per_caller)?,
                _ => Vec::new(),
            };
            if owners.by_id.len() - ended.len() + owners.opening >= self.max {
                return None;
            }
            for id in &ended {
                owners.by_id.remove(id);
            }
            owners.opening += 1;
            if let Some(quota) = &quota {
                *owners.opening_by.entry(quota.clone()).or_insert(0) += 1;
            }
            ended
        };
        let opening = Opening { table: self, quota };
        for id in ended {
            tracing::info!(
                per_caller = self.per_caller,
                "session ended: its caller opened more than its share"
            );
            if let Err(e) = self.manager.close_session(&Arc::from(id.as_str())).await {
                tracing::warn!(error = %e, "ending a session over its caller's share failed");
            }
        }
        Some(opening)
    }

    /// Records the session `id` just opened for `caller`, taking `quota`'s share.
    fn opened(&self, id: &str, caller: Option<String>, quota: Option<String>) {
        let mut owners = self.owners();
        let order = owners.next;
        owners.next += 1;
        let opened = Opened {
            caller,
            quota,
            order,
        };
        owners.by_id.insert(id.to_owned(), opened);
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

/// Whose share of the session table `request` takes: its caller, else (no authorization,
/// or a token naming nobody) its client's IP address when the server knows it.
fn quota_of(request: &Request, caller: Option<&String>) -> Option<String> {
    if let Some(caller) = caller {
        return Some(caller.clone());
    }
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>()?;
    Some(format!("peer:{}", super::peer::peer_key(peer.0.ip())))
}

/// Refuses a session id opened by another caller as if it did not exist (404, the answer
/// for an unknown session), caps the number of sessions (in all, and per caller), and
/// records who opened each new one.
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
            let owner = table
                .owners()
                .by_id
                .get(id)
                .and_then(|opened| opened.caller.clone());
            // A session opened without a caller name can be used by nobody under
            // authorization: the binding would prove nothing.
            if owner.is_none_or(|owner| Some(owner) != caller) {
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
    let quota = quota_of(&request, caller.as_ref());
    let Some(opening) = table.open(quota.clone()).await else {
        tracing::warn!(
            max = table.max,
            "session refused: the session table (or the caller's share) is full"
        );
        return full();
    };
    let response = next.run(request).await;
    if let Some(id) = response
        .headers()
        .get(SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
    {
        table.opened(id, caller, quota);
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
