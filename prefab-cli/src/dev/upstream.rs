//! The connection to the target, kept up: `prefab dev` connects, reconnects, restarts the
//! command when it exits or when asked, and counts generations (each new connection is
//! one), which is how the page learns that it should reload the tool list.
use super::target::{Client, Target};
use rmcp::ErrorData as McpError;
use rmcp::model::ServerPeerInfo;
use rmcp::service::{Peer, RoleClient, ServiceError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, watch};

/// How long a request waits for the target to be (re)started before it fails.
const CONNECT_WAIT: Duration = Duration::from_secs(20);
/// A process that exits sooner than this after it started is restarted after a pause.
const QUICK_EXIT: Duration = Duration::from_secs(2);
/// The longest pause between two attempts to start or reach the target.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// What the page is told about the target.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Status {
    /// How many times a connection was made (0: none yet).
    pub generation: u64,
    /// Whether a connection is up now.
    pub running: bool,
    /// Why the last attempt to start or reach the target failed (cleared once it is up).
    pub error: Option<String>,
    /// Whether `prefab dev` is shutting down.
    pub stopping: bool,
}

/// The live connection.
#[derive(Clone)]
struct Connection {
    peer: Peer<RoleClient>,
    info: Option<Arc<ServerPeerInfo>>,
}

/// The target and its current connection.
pub(crate) struct Upstream {
    target: Target,
    current: Mutex<Option<Connection>>,
    status: watch::Sender<Status>,
    restart: Notify,
}

impl Upstream {
    /// An upstream for `target`; nothing runs until [`Upstream::supervise`] does.
    pub(crate) fn new(target: Target) -> Arc<Upstream> {
        Arc::new(Upstream {
            target,
            current: Mutex::new(None),
            status: watch::Sender::new(Status::default()),
            restart: Notify::new(),
        })
    }

    /// The target.
    pub(crate) fn target(&self) -> &Target {
        &self.target
    }

    /// The status now.
    pub(crate) fn status(&self) -> Status {
        self.status.borrow().clone()
    }

    /// The status, to wait for its changes.
    pub(crate) fn watch(&self) -> watch::Receiver<Status> {
        self.status.subscribe()
    }

    /// Asks for a restart (a command is killed and started again, a URL reconnected).
    pub(crate) fn restart(&self) {
        self.restart.notify_one();
    }

    /// Marks the end: `prefab dev` is shutting down.
    pub(crate) fn stop(&self) {
        self.status.send_modify(|s| s.stopping = true);
    }

    /// What the target said of itself in the handshake, while connected.
    pub(crate) fn info(&self) -> Option<Arc<ServerPeerInfo>> {
        self.connection().and_then(|c| c.info)
    }

    fn connection(&self) -> Option<Connection> {
        self.current
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_connection(&self, connection: Option<Connection>) {
        *self.current.lock().unwrap_or_else(PoisonError::into_inner) = connection;
    }

    /// Runs `request` with `params` on the target's client. When the target went away under
    /// it (the transport closed), it is sent once more on the next connection.
    pub(crate) async fn request<P, T, F, Fut>(&self, params: P, request: F) -> Result<T, McpError>
    where
        P: Clone,
        F: Fn(Peer<RoleClient>, P) -> Fut,
        Fut: Future<Output = Result<T, ServiceError>>,
    {
        let (peer, generation) = self.peer_after(0).await?;
        match request(peer, params.clone()).await {
            Err(ServiceError::TransportClosed | ServiceError::TransportSend(_)) => {
                if !self.target.is_command() {
                    // A process that died is noticed by the supervisor; a URL is reconnected.
                    self.restart();
                }
                let (peer, _) = self.peer_after(generation).await?;
                request(peer, params).await.map_err(|e| self.error(e))
            }
            other => other.map_err(|e| self.error(e)),
        }
    }

    /// The client of a connection newer than `generation`, waiting for it while the target
    /// starts, up to [`CONNECT_WAIT`]; an error at once when the last attempt failed.
    async fn peer_after(&self, generation: u64) -> Result<(Peer<RoleClient>, u64), McpError> {
        let mut status = self.watch();
        let ready =
            status.wait_for(|s| (s.running && s.generation > generation) || s.error.is_some());
        let generation = match tokio::time::timeout(CONNECT_WAIT, ready).await {
            Ok(Ok(status)) if status.running => status.generation,
            _ => return Err(self.down()),
        };
        match self.connection() {
            Some(connection) => Ok((connection.peer, generation)),
            None => Err(self.down()),
        }
    }

    /// Waits until the target is up, or its last start failed, for up to [`CONNECT_WAIT`].
    pub(crate) async fn wait_connected(&self) {
        let _ = self.peer_after(0).await;
    }

    /// The error of a request the target could not be reached for.
    fn down(&self) -> McpError {
        let why = self
            .status()
            .error
            .unwrap_or_else(|| format!("not started within {} s", CONNECT_WAIT.as_secs()));
        McpError::internal_error(
            format!("{} is not running: {why}", self.target.label()),
            None,
        )
    }

    /// A failed request as a JSON-RPC error: the target's own errors as they are, the
    /// others naming the target.
    fn error(&self, error: ServiceError) -> McpError {
        match error {
            ServiceError::McpError(error) => error,
            other => McpError::internal_error(format!("{}: {other}", self.target.label()), None),
        }
    }

    /// Keeps a connection to the target up until the task is dropped: connects, waits for
    /// the connection to end (the process exited, or a restart was asked for), and starts
    /// over, pausing after failures.
    pub(crate) async fn supervise(self: Arc<Self>) {
        let mut failures = 0u32;
        loop {
            let started = Instant::now();
            let connected = tokio::select! {
                connected = self.target.connect() => connected,
                () = self.restart.notified() => continue,
            };
            let pause = match connected {
                Ok(client) => {
                    let asked = self.run(client).await;
                    let quick = started.elapsed() < QUICK_EXIT;
                    failures = if asked || !quick { 0 } else { failures + 1 };
                    failures > 0
                }
                Err(error) => {
                    tracing::warn!(target: "prefab::dev", "{error}");
                    self.status.send_modify(|s| s.error = Some(error));
                    failures += 1;
                    true
                }
            };
            if pause {
                let backoff = Duration::from_millis(250 << failures.min(5)).min(MAX_BACKOFF);
                tokio::select! {
                    () = tokio::time::sleep(backoff) => {}
                    () = self.restart.notified() => failures = 0,
                }
            }
        }
    }

    /// Serves requests on `client` until it ends; `true` when a restart was asked for.
    async fn run(&self, client: Client) -> bool {
        let peer = client.peer().clone();
        let info = peer.peer_info();
        self.set_connection(Some(Connection { peer, info }));
        self.status.send_modify(|s| {
            s.generation += 1;
            s.running = true;
            s.error = None;
        });
        tracing::info!(target: "prefab::dev", generation = self.status().generation, "connected to {}", self.target);
        let stop = client.cancellation_token();
        let ended = client.waiting();
        tokio::pin!(ended);
        let asked = tokio::select! {
            _ = &mut ended => false,
            () = self.restart.notified() => {
                stop.cancel();
                let _ = ended.await;
                true
            }
        };
        self.set_connection(None);
        self.status.send_modify(|s| s.running = false);
        if !asked {
            tracing::warn!(target: "prefab::dev", "{} ended; starting it again", self.target);
        }
        asked
    }
}
