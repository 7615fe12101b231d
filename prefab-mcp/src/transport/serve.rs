//! The accept loop: hyper's HTTP/1.1 server with a header-read timeout (which also closes
//! new connections that send nothing and idle keep-alive ones), a write timeout (a peer that
//! stops reading its answers, [`Stalling`]), a cap on open connections and a smaller one per
//! peer address (an IPv6 peer counted by its /64). `axum::serve` has none of these.
use super::http::HttpConfig;
use super::peer::peer_key;
use super::stall::Stalling;
use axum::extract::ConnectInfo;
use hyper::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
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
/// sit idle (a new connection has as long for its first byte); at most
/// [`HttpConfig::max_connections`] are open at once (more wait in the listener's backlog
/// until one closes), and at most [`HttpConfig::max_connections_per_peer`] from one peer
/// address (more are closed at once; IPv6 addresses of one /64, one subscriber's network,
/// count as one). A connection whose peer takes no byte of an answer for
/// [`HttpConfig::write_timeout`] is closed.
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
    let permits = Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1)));
    let peers = Peers::new(config.max_connections_per_peer);
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
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    if !is_connection_error(&e) {
                        tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Over its peer's share the connection is closed at once, leaving the slot free.
        let Some(slot) = peers.admit(peer_key(peer.ip())) else {
            continue;
        };
        // Each request carries its client's address (axum's `ConnectInfo`), for the
        // per-caller session share.
        let inner = TowerToHyperService::new(app.clone());
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            hyper::service::Service::call(&inner, request)
        });
        let stream = TokioIo::new(Stalling::new(stream, config.write_timeout));
        let connection = graceful.watch(builder.serve_connection(stream, service));
        tokio::spawn(async move {
            let (_permit, _slot) = (permit, slot);
            // A client that breaks off or times out ends only its own connection.
            let _ = connection.await;
        });
    }
    drop(listener);
    // Connections still busy after the grace period are dropped with the runtime.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

/// Open connections per peer address, and the most one peer may have.
#[derive(Clone)]
struct Peers {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    max: usize,
}

/// One admitted connection; its peer's count goes down when it is dropped.
struct Slot {
    peers: Peers,
    ip: IpAddr,
}

impl Peers {
    fn new(max: usize) -> Self {
        Peers {
            open: Arc::default(),
            max,
        }
    }

    fn open(&self) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for another connection from `ip`, unless it has its share (`max` 0: no limit).
    fn admit(&self, ip: IpAddr) -> Option<Slot> {
        let mut open = self.open();
        let count = open.entry(ip).or_insert(0);
        if self.max > 0 && *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Slot {
            peers: self.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.peers.open();
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_peers_of_one_64_share_one_count() {
        let peers = Peers::new(2);
        let ip = |s: &str| peer_key(s.parse().unwrap_or(IpAddr::V4([0; 4].into())));
        let _a = peers.admit(ip("2001:db8:1:2::1"));
        let _b = peers.admit(ip("2001:db8:1:2:ffff::9"));
        assert!(
            peers.admit(ip("2001:db8:1:2:abcd::7")).is_none(),
            "a third from the /64"
        );
        assert!(
            peers.admit(ip("2001:db8:1:3::1")).is_some(),
            "the next /64 is another peer"
        );
        assert_eq!(ip("::ffff:10.0.0.1"), ip("10.0.0.1"), "IPv4-mapped is IPv4");
        assert_ne!(ip("10.0.0.1"), ip("10.0.0.2"));
    }
}
