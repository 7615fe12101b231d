//! Serving over Streamable HTTP with axum.
use super::TransportError;
use super::cors::Guard;
use super::host::{HostPolicy, LOOPBACK_HOSTS};
use super::jsonrpc::BodyLimits;
use super::origin::OriginPolicy;
use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How the HTTP endpoint behaves.
///
/// The default is **stateless** (no session store: any request may reach any instance, as
/// in the 2026-07-28 revision; older clients that call `initialize` are served too, without
/// a session id); [`HttpConfig::sessions`] turns on session mode for single-process
/// deployments. The endpoint is mounted at `/mcp`, answering loopback `Host` names only (the
/// DNS-rebinding guard) and browser pages from loopback origins only: a request whose
/// `Origin` is another site gets 403 unless that origin is listed. Requests without
/// `Origin` (non-browser clients) are served.
///
/// ```
/// use std::time::Duration;
/// let config = prefab_mcp::transport::HttpConfig::default()
///     .path("/api/mcp")
///     .allowed_origins(["https://inspector.example.com"])
///     .header_timeout(Duration::from_secs(5));
/// assert_eq!(config.path, "/api/mcp");
/// assert!(config.sessions.is_none());
/// assert_eq!(config.max_connections, 512);
/// assert_eq!(config.max_connections_per_peer, 256);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpConfig {
    /// Where the MCP endpoint is mounted.
    pub path: String,
    /// `None` (the default): stateless. `Some`: **session mode** for clients before
    /// 2026-07-28: `initialize` opens a session (`Mcp-Session-Id`), held in this process's
    /// memory, in which tools can send the client requests (elicitation, sampling), the
    /// client can subscribe to resources and set the log level, and one handler (one
    /// `factory` call) serves the whole session. At most `max_sessions` are open, each
    /// ends after `idle_timeout` without traffic or on `DELETE`; under
    /// [`HttpConfig::authorization`] a session can be used only by the token subject that
    /// opened it (another gets 404, as for an unknown session). 2026-07-28 clients are
    /// served statelessly either way. Behind several instances, use sticky routing or stay
    /// stateless.
    ///
    /// ```
    /// use prefab_mcp::transport::{HttpConfig, Sessions};
    /// let config = HttpConfig::default().sessions(Sessions::default().max_sessions(32_usize));
    /// assert_eq!(config.sessions.map(|s| s.max_sessions), Some(32));
    /// ```
    pub sessions: Option<super::Sessions>,
    /// Browser origins allowed besides the loopback ones (`http://localhost`,
    /// `http://127.0.0.1`, `http://[::1]`, any port), which are always allowed. Entries
    /// are `scheme://host[:port]` (the port defaults by scheme), `scheme://host:*` for any
    /// port, or `*` for every origin. CORS answers echo the allowed origin.
    pub allowed_origins: Vec<String>,
    /// `Host` header values accepted (the DNS-rebinding guard); `None` keeps rmcp's default,
    /// loopback names only. A public deployment lists its own host names here.
    pub allowed_hosts: Option<Vec<String>>,
    /// How long a client has to send a request's head (request line and headers); it also
    /// bounds how long a kept-alive connection may wait idle for its next request. The
    /// connection is closed when it runs out. Default: 10 s. Applies to
    /// [`serve_http`] / [`serve_router`](super::serve_router).
    pub header_timeout: Duration,
    /// How long a client has to send a request's body once its head arrived; a body still
    /// incomplete then gets 408 and the connection is closed. Default: 20 s.
    pub body_timeout: Duration,
    /// How long an answer may wait for the client to take any of its bytes; a connection
    /// whose client stops reading (a tiny receive window and pipelined requests for the
    /// viewer, say) is closed then, freeing its slot. Waiting between events of a stream is
    /// not writing: an idle SSE stream is not cut. Default: 30 s. Applies to
    /// [`serve_http`] / [`serve_router`](super::serve_router).
    pub write_timeout: Duration,
    /// Connections served at once; further ones wait in the listener's backlog until one
    /// closes. Default: 512. Applies to [`serve_http`] / [`serve_router`](super::serve_router).
    pub max_connections: usize,
    /// Connections served at once from one peer address; further ones from it are closed
    /// at once, so one client cannot take every slot. Default: 256 (half the slots, room for a
    /// client sending a few hundred calls at once); `0`: no per-peer limit.
    /// Behind a reverse proxy every connection comes from the proxy's address: set `0` (or
    /// [`HttpConfig::max_connections`]) there and limit clients at the proxy.
    pub max_connections_per_peer: usize,
    /// How long a tool waits for the client's answer to a request it sent (an elicitation
    /// of [`ask_form`](crate::ask_form), any request sent with
    /// [`ask_client`](crate::ask_client)) before the call fails. Default: 5 minutes. The
    /// wait also ends when the session ends. A stateless endpoint sends no such requests:
    /// the client could not answer them.
    pub client_request_timeout: Duration,
    /// OAuth bearer-token authorization (feature `auth`); `None` (the default): none.
    #[cfg(feature = "auth")]
    pub authorization: Option<super::auth::Authorization>,
    /// Called with a [`RequestRecord`](super::RequestRecord) for every answered request
    /// (each is also logged with `tracing`, target `prefab_mcp::request`).
    pub on_request: Option<super::OnRequest>,
}

/// The largest request body read (rmcp's default, set explicitly so both checks agree).
const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

impl Default for HttpConfig {
    fn default() -> Self {
        HttpConfig {
            path: "/mcp".into(),
            sessions: None,
            allowed_origins: Vec::new(),
            allowed_hosts: None,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(20),
            write_timeout: Duration::from_secs(30),
            max_connections: 512,
            max_connections_per_peer: 256,
            client_request_timeout: crate::ask::CLIENT_REQUEST_TIMEOUT,
            #[cfg(feature = "auth")]
            authorization: None,
            on_request: None,
        }
    }
}

impl HttpConfig {
    /// Mounts the endpoint at `path`.
    #[must_use]
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }

    /// Turns session mode on with these limits (see [`HttpConfig::sessions`]).
    #[must_use]
    pub fn sessions(mut self, sessions: impl Into<super::Sessions>) -> Self {
        self.sessions = Some(sessions.into());
        self
    }

    /// Accepts these `Host` header values instead of the loopback names.
    #[must_use]
    pub fn allowed_hosts<I: IntoIterator<Item = S>, S: Into<String>>(mut self, hosts: I) -> Self {
        self.allowed_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// Also serves browser pages from these origins (see [`HttpConfig::allowed_origins`]).
    #[must_use]
    pub fn allowed_origins<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        origins: I,
    ) -> Self {
        self.allowed_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// Sets [`HttpConfig::header_timeout`].
    #[must_use]
    pub fn header_timeout(mut self, timeout: impl Into<Duration>) -> Self {
        self.header_timeout = timeout.into();
        self
    }

    /// Sets [`HttpConfig::write_timeout`].
    #[must_use]
    pub fn write_timeout(mut self, timeout: impl Into<Duration>) -> Self {
        self.write_timeout = timeout.into();
        self
    }

    /// Sets [`HttpConfig::body_timeout`].
    #[must_use]
    pub fn body_timeout(mut self, timeout: impl Into<Duration>) -> Self {
        self.body_timeout = timeout.into();
        self
    }

    /// Requires OAuth bearer tokens as `authorization` says (see [`super::auth`]).
    #[cfg(feature = "auth")]
    #[must_use]
    pub fn authorization(mut self, authorization: impl Into<super::auth::Authorization>) -> Self {
        self.authorization = Some(authorization.into());
        self
    }

    /// Calls `hook` with a [`RequestRecord`](super::RequestRecord) for every answered request.
    ///
    /// ```
    /// let config = prefab_mcp::transport::HttpConfig::default()
    ///     .on_request(|record: &prefab_mcp::transport::RequestRecord| eprintln!("{} {}", record.status, record.path));
    /// assert!(config.on_request.is_some());
    /// ```
    #[must_use]
    pub fn on_request(
        mut self,
        hook: impl Fn(&super::RequestRecord) + Send + Sync + 'static,
    ) -> Self {
        self.on_request = Some(super::OnRequest::new(hook));
        self
    }

    /// Sets [`HttpConfig::max_connections`].
    #[must_use]
    pub fn max_connections(mut self, max: impl Into<usize>) -> Self {
        self.max_connections = max.into();
        self
    }

    /// Sets [`HttpConfig::client_request_timeout`].
    #[must_use]
    pub fn client_request_timeout(mut self, timeout: impl Into<Duration>) -> Self {
        self.client_request_timeout = timeout.into();
        self
    }

    /// Sets [`HttpConfig::max_connections_per_peer`].
    #[must_use]
    pub fn max_connections_per_peer(mut self, max: impl Into<usize>) -> Self {
        self.max_connections_per_peer = max.into();
        self
    }
}

/// An axum router serving the handlers made by `factory` at `config.path`, behind the
/// `Host` and `Origin` checks and CORS, with JSON-RPC errors for malformed bodies.
/// `factory` runs once per session (or once per request when stateless). Serve it with
/// [`serve_router`](super::serve_router) to get the header timeout and connection cap too.
///
/// ```
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// let viewer = prefab_mcp::Viewer::new();
/// let app: axum::Router = prefab_mcp::transport::http_router(
///     move || viewer.attach(MyServer),
///     &prefab_mcp::transport::HttpConfig::default(),
/// );
/// # let _ = app;
/// ```
pub fn http_router<H, F>(factory: F, config: &HttpConfig) -> axum::Router
where
    H: ServerHandler,
    F: Fn() -> H + Send + Sync + 'static,
{
    let stateless = config.sessions.is_none();
    let mut rmcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(!stateless)
        .with_json_response(stateless)
        .with_max_request_body_bytes(MAX_BODY_BYTES);
    if let Some(hosts) = &config.allowed_hosts {
        rmcp_config = rmcp_config.with_allowed_hosts(hosts.iter().cloned());
    }
    let factory = move || Ok(factory());
    let (router, methods) = match &config.sessions {
        None => {
            let service = StreamableHttpService::new(
                factory,
                Arc::new(NeverSessionManager::default()),
                rmcp_config,
            );
            (
                axum::Router::new().nest_service(&config.path, service),
                "POST",
            )
        }
        Some(sessions) => {
            let manager = Arc::new(sessions.manager());
            let table = Arc::new(super::sessions::Table::new(manager.clone(), sessions));
            let service = StreamableHttpService::new(factory, manager, rmcp_config);
            let router = axum::Router::new()
                .nest_service(&config.path, service)
                .layer(axum::middleware::from_fn_with_state(
                    table,
                    super::sessions::check,
                ));
            (router, "GET, POST, DELETE")
        }
    };
    let limits = BodyLimits {
        max_bytes: MAX_BODY_BYTES,
        timeout: config.body_timeout,
    };
    super::layers::wrap(router, config, limits, guard(config, methods))
}

/// The `Host` and `Origin` checks of `config`'s endpoint, answering CORS preflights for
/// `methods`.
fn guard(config: &HttpConfig, methods: &'static str) -> Guard {
    let hosts = match &config.allowed_hosts {
        Some(hosts) => HostPolicy::new(hosts),
        None => HostPolicy::new(&LOOPBACK_HOSTS),
    };
    Guard::new(hosts, OriginPolicy::new(&config.allowed_origins), methods)
}

/// `router` behind the same `Host` check (the DNS-rebinding guard) and `Origin` check as
/// [`http_router`]'s endpoint for `config`, for pages served beside it: a request naming a
/// host that is not allowed gets 403 (400 when `Host` is missing or malformed), one from a
/// foreign browser origin 403. A top-level navigation sends no `Origin`, so for a page the
/// `Host` check is what counts.
///
/// ```
/// use axum::routing::get;
/// let config = prefab_mcp::transport::HttpConfig::default();
/// let viewer = prefab_mcp::Viewer::new();
/// let page = axum::Router::new().route("/", get(|| async { "hello" }));
/// let app = prefab_mcp::transport::http_router(move || viewer.attach(MyServer), &config)
///     .merge(prefab_mcp::transport::guarded(page, &config));
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// # let _ = app;
/// ```
pub fn guarded(router: axum::Router, config: &HttpConfig) -> axum::Router {
    router.layer(axum::middleware::from_fn_with_state(
        Arc::new(guard(config, "GET, HEAD")),
        super::cors::handle,
    ))
}

/// Binds `addr` and serves [`http_router`] with [`serve_router`](super::serve_router)
/// until Ctrl-C.
///
/// ```no_run
/// # async fn run() -> Result<(), prefab_mcp::transport::TransportError> {
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// let viewer = prefab_mcp::Viewer::new();
/// let addr = ([127, 0, 0, 1], 8931).into();
/// prefab_mcp::transport::serve_http(move || viewer.attach(MyServer), addr, &Default::default()).await
/// # }
/// ```
///
/// # Errors
/// When the authorization settings do not validate (`Authorization::validate`, feature
/// `auth`) or `addr` cannot be bound.
pub async fn serve_http<H, F>(
    factory: F,
    addr: SocketAddr,
    config: &HttpConfig,
) -> Result<(), TransportError>
where
    H: ServerHandler,
    F: Fn() -> H + Send + Sync + 'static,
{
    #[cfg(feature = "auth")]
    if let Some(auth) = &config.authorization {
        auth.validate()
            .map_err(|e| TransportError::new("authorization settings", e))?;
    }
    let listener = listen(addr).map_err(|e| TransportError::new(format!("bind {addr}"), e))?;
    let app = http_router(factory, config);
    let ctrl_c = async {
        // If the signal handler cannot be installed, run until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    super::serve_router(listener, app, config, ctrl_c).await;
    Ok(())
}

/// Pending connections the kernel queues before the server accepts them. The standard
/// library's (and tokio's) default of 128 overflows when a client opens a few hundred
/// connections at once, and every dropped SYN costs that client a one-second retransmit.
const LISTEN_BACKLOG: u32 = 1024;

fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}
