//! The accept loop: hyper's HTTP/1.1 server with a header-read timeout (which also closes
//! idle keep-alive connections) and a cap on open connections. `axum::serve` has neither.
use super::http::HttpConfig;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::time::Duration;
use tokio::net::TcpListener;

/// How long requests in flight may finish after the shutdown signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
/// The pause after an accept error that is not about one connection (such as running out
/// of file descriptors), so the loop does not spin while nothing can be accepted.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(200);

/// Serves `app` (usually an [`http_router`](super::http_router)) on `listener` until
/// `shutdown` completes, then lets requests in flight finish for a few seconds.
///
/// A connection must send each request's head within
/// [`HttpConfig::header_timeout`], which also bounds how long a kept-alive connection may
/// sit idle; at most [`HttpConfig::max_connections`] are open at once (more wait in the
/// listener's backlog until one closes).
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
/// let config = HttpConfig::default();
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:8931").await?;
/// let viewer = prefab_mcp::Viewer::new();
/// let app = http_router(move || viewer.attach(MyServer), &config);
/// serve_router(listener, app, &config, std::future::pending()).await;
/// # Ok(())
/// # }
/// ```
pub async fn serve_router(
    listener: TcpListener,
    app: axum::Router,
    config: &HttpConfig,
    shutdown: impl Future<Output = ()>,
) {
    let permits = std::sync::Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit,
            () = &mut shutdown => break,
        };
        // The semaphore is never closed.
        let Ok(permit) = permit else { break };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    if !is_connection_error(&e) {
                        tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A client that breaks off or times out ends only its own connection.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    // Connections still busy after the grace period are dropped with the runtime.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

/// Errors about one connection, which say nothing about the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}
