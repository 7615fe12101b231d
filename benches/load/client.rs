//! One closed-loop client: a kept-alive HTTP/1.1 connection that sends the next request as
//! soon as the previous one is answered, and checks every answer.
use crate::protocol::{Call, Protocol};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1;
use hyper::{Request, StatusCode, header};
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

/// Where and what one client sends.
#[derive(Debug, Clone)]
pub struct Target {
    /// The server's address.
    pub addr: SocketAddr,
    /// The request form the server speaks.
    pub protocol: Protocol,
    /// The call.
    pub call: Call,
}

/// The window a client measures in: the answers received from `from` to `until` count, each
/// with its whole latency (a slow server's answers to requests sent during the warm-up
/// included, so its rate is not undercounted); the client stops sending at `until`.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    /// The end of the warm-up.
    pub from: Instant,
    /// The end of the measurement.
    pub until: Instant,
}

/// A client's opened connection.
pub struct Connection {
    sender: http1::SendRequest<Full<Bytes>>,
    host: String,
}

impl Connection {
    /// Connects to `addr` (with `TCP_NODELAY`, as the servers' own clients would).
    pub async fn open(addr: SocketAddr) -> Result<Connection, String> {
        let stream = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connecting to {addr}: {e}"))?;
        stream
            .set_nodelay(true)
            .map_err(|e| format!("TCP_NODELAY on {addr}: {e}"))?;
        let (sender, connection) = http1::handshake(TokioIo::new(stream))
            .await
            .map_err(|e| format!("HTTP handshake with {addr}: {e}"))?;
        tokio::spawn(connection);
        Ok(Connection {
            sender,
            host: addr.to_string(),
        })
    }

    /// Sends `body` for `target` and returns the checked answer's body.
    pub async fn send(&mut self, target: &Target, id: u64) -> Result<Bytes, String> {
        let body = target.protocol.body(target.call, id);
        let mut request = Request::post("/mcp")
            .header(header::HOST, &self.host)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream");
        for (name, value) in target.protocol.headers(target.call) {
            request = request.header(name, value);
        }
        let request = request
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| format!("building the request: {e}"))?;
        self.sender
            .ready()
            .await
            .map_err(|e| format!("connection lost: {e}"))?;
        let response = self
            .sender
            .send_request(request)
            .await
            .map_err(|e| format!("sending: {e}"))?;
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("reading the answer: {e}"))?
            .to_bytes();
        check(status, &bytes, target.call, id)?;
        Ok(bytes)
    }
}

#[derive(Deserialize)]
struct Reply {
    id: Option<u64>,
    result: Option<ReplyResult>,
    error: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct ReplyResult {
    #[serde(rename = "structuredContent")]
    structured: Option<Structured>,
    #[serde(rename = "isError")]
    is_error: Option<bool>,
}

#[derive(Deserialize)]
struct Structured {
    #[serde(rename = "$prefab")]
    prefab: Option<IgnoredAny>,
    total: Option<u64>,
}

/// Whether one answer is a success for `call`: HTTP 200, a JSON-RPC result to request `id`
/// without error, and for a tool its structured content (the `$prefab` envelope for the
/// table, the user count for the stats).
fn check(status: StatusCode, body: &[u8], call: Call, id: u64) -> Result<(), String> {
    let shown = || String::from_utf8_lossy(&body[..body.len().min(300)]).into_owned();
    if status != StatusCode::OK {
        return Err(format!("HTTP {status}: {}", shown()));
    }
    let reply: Reply =
        serde_json::from_slice(body).map_err(|e| format!("not JSON-RPC ({e}): {}", shown()))?;
    let (Some(result), None) = (reply.result, reply.error) else {
        return Err(format!("no result: {}", shown()));
    };
    if reply.id != Some(id) || result.is_error == Some(true) {
        return Err(format!("wrong id or an error result: {}", shown()));
    }
    let fits = match call {
        Call::Ping => true,
        Call::Stats => result.structured.is_some_and(|s| s.total.is_some()),
        Call::Table => result.structured.is_some_and(|s| s.prefab.is_some()),
    };
    if fits {
        Ok(())
    } else {
        Err(format!("no structured content: {}", shown()))
    }
}

/// Runs one client until `window.until`; returns the latencies of the answers received
/// within the window.
pub async fn run(target: Target, window: Window, seed: u64) -> Result<Vec<Duration>, String> {
    let mut connection = Connection::open(target.addr).await?;
    let mut latencies = Vec::new();
    let mut id = seed << 32;
    loop {
        let sent = Instant::now();
        if sent >= window.until {
            return Ok(latencies);
        }
        id += 1;
        connection.send(&target, id).await?;
        let answered = Instant::now();
        if answered >= window.from && answered <= window.until {
            latencies.push(answered - sent);
        }
    }
}
