//! Serving over Streamable HTTP with axum.
use super::TransportError;
use super::cors::Cors;
use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::Arc;

/// How the HTTP endpoint behaves.
///
/// The default is **stateless** (no session store: any request may reach any instance, as
/// in the 2026-07-28 revision; older clients that call `initialize` are served too, without
/// a session id), mounted at `/mcp`, with CORS open to any origin so that browser-hosted
/// clients pass the preflight. rmcp's own Host check stays on (loopback only by default).
///
/// ```
/// let config = prefab_mcp::transport::HttpConfig::default()
///     .path("/api/mcp")
///     .allowed_origins(["https://inspector.example.com"]);
/// assert_eq!(config.path, "/api/mcp");
/// assert!(config.stateless);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpConfig {
    /// Where the MCP endpoint is mounted.
    pub path: String,
    /// `true`: no sessions (the default). `false`: rmcp's in-memory sessions, for clients
    /// that need server-to-client streams.
    pub stateless: bool,
    /// Browser origins allowed (CORS); a request whose `Origin` is not listed gets 403.
    /// `None` allows any origin. Requests without `Origin` (non-browser clients) pass.
    pub allowed_origins: Option<Vec<String>>,
    /// `Host` header values accepted (the DNS-rebinding guard); `None` keeps rmcp's default,
    /// loopback names only. A public deployment lists its own host names here.
    pub allowed_hosts: Option<Vec<String>>,
}

impl Default for HttpConfig {
    fn default() -> Self {
        HttpConfig {
            path: "/mcp".into(),
            stateless: true,
            allowed_origins: None,
            allowed_hosts: None,
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

    /// Turns sessions off (`true`, the default) or on.
    #[must_use]
    pub fn stateless(mut self, stateless: impl Into<bool>) -> Self {
        self.stateless = stateless.into();
        self
    }

    /// Accepts these `Host` header values instead of the loopback names.
    #[must_use]
    pub fn allowed_hosts<I: IntoIterator<Item = S>, S: Into<String>>(mut self, hosts: I) -> Self {
        self.allowed_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// Restricts CORS to these origins (compared case-insensitively).
    #[must_use]
    pub fn allowed_origins<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        origins: I,
    ) -> Self {
        self.allowed_origins = Some(origins.into_iter().map(Into::into).collect());
        self
    }
}

/// An axum router serving the handlers made by `factory` at `config.path`, with CORS.
/// `factory` runs once per session (or once per request when stateless).
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
    let mut rmcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(!config.stateless)
        .with_json_response(config.stateless);
    if let Some(hosts) = &config.allowed_hosts {
        rmcp_config = rmcp_config.with_allowed_hosts(hosts.iter().cloned());
    }
    let factory = move || Ok(factory());
    let (router, methods) = if config.stateless {
        let service = StreamableHttpService::new(
            factory,
            Arc::new(NeverSessionManager::default()),
            rmcp_config,
        );
        (
            axum::Router::new().nest_service(&config.path, service),
            "POST",
        )
    } else {
        let service = StreamableHttpService::new(
            factory,
            Arc::new(LocalSessionManager::default()),
            rmcp_config,
        );
        (
            axum::Router::new().nest_service(&config.path, service),
            "GET, POST, DELETE",
        )
    };
    router.layer(axum::middleware::from_fn_with_state(
        Arc::new(Cors::new(config.allowed_origins.clone(), methods)),
        super::cors::handle,
    ))
}

/// Binds `addr` and serves [`http_router`] until Ctrl-C.
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
/// When `addr` cannot be bound or the server fails.
pub async fn serve_http<H, F>(
    factory: F,
    addr: SocketAddr,
    config: &HttpConfig,
) -> Result<(), TransportError>
where
    H: ServerHandler,
    F: Fn() -> H + Send + Sync + 'static,
{
    let listener = listen(addr).map_err(|e| TransportError::new(format!("bind {addr}"), e))?;
    let app = http_router(factory, config);
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            // If the signal handler cannot be installed, run until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
        .map_err(|e| TransportError::new(format!("serve http://{addr}{}", config.path), e))
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
