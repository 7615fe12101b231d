//! Shared by the HTTP tests: a server on a free loopback port (the real accept loop,
//! `serve_router`) and raw HTTP/1.1 exchanges with it.
#![allow(dead_code, clippy::unwrap_used)]

use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
use rmcp::{ServerHandler, model::CallToolResult, tool, tool_handler, tool_router};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;

/// A server with one tool whose answer only a successful call can reveal.
#[derive(Clone)]
pub struct Secret;

/// What `tools/call reveal` answers.
pub const SECRET: &str = "the-secret-answer";

#[tool_router]
impl Secret {
    #[tool(description = "Reveal the secret")]
    async fn reveal(&self) -> CallToolResult {
        CallToolResult::success(vec![rmcp::model::ContentBlock::text(SECRET)])
    }
}

#[tool_handler]
impl ServerHandler for Secret {}

/// A running server; aborted when dropped.
pub struct Server {
    pub addr: SocketAddr,
    task: JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Serves [`Secret`] with the viewer under `config` on a free loopback port.
pub async fn serve(config: HttpConfig) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = http_router(|| prefab_mcp::Viewer::new().attach(Secret), &config);
    let task = tokio::spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    Server { addr, task }
}

/// The longest any exchange may take before the test fails (instead of hanging).
pub const GUARD: Duration = Duration::from_secs(10);

/// Sends `raw` (with `{addr}` replaced) on a new connection and reads until the server
/// closes it; returns the response head (lowercased) and body.
pub async fn exchange(addr: SocketAddr, raw: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(raw.replace("{addr}", &addr.to_string()).as_bytes())
        .await
        .unwrap();
    split(&read_to_close(&mut stream).await)
}

/// Everything the server sends until it closes the connection; fails after [`GUARD`].
pub async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut response = Vec::new();
    tokio::time::timeout(GUARD, stream.read_to_end(&mut response))
        .await
        .expect("the server did not close the connection")
        .unwrap();
    String::from_utf8(response).unwrap()
}

/// Response head (lowercased) and body.
pub fn split(response: &str) -> (String, String) {
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((response, ""));
    (head.to_ascii_lowercase(), body.to_owned())
}

/// A `POST /mcp` of `body` as a JSON-RPC client sends it, plus `headers` (each ending in
/// `\r\n`), on a connection closed after the answer.
pub fn post(body: &str, headers: &str) -> String {
    format!(
        "POST /mcp HTTP/1.1\r\nHost: {{addr}}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\n{headers}Content-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
}

/// A 2026-07-28 stateless `tools/call reveal` (no `initialize`), as `post` headers and body.
pub fn call_reveal(origin: Option<&str>) -> String {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"reveal","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    let mut headers =
        "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: reveal\r\n"
            .to_owned();
    if let Some(origin) = origin {
        headers.push_str(&format!("Origin: {origin}\r\n"));
    }
    post(body, &headers)
}

/// A 2025-11-25 `POST` of `body` to `url` with `session` as `Mcp-Session-Id` and `token`
/// as the bearer token, through reqwest: status, the session id the answer carries, body.
pub async fn post_in_session(
    url: &str,
    body: &serde_json::Value,
    session: Option<&str>,
    token: Option<&str>,
) -> (u16, Option<String>, String) {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2025-11-25")
        .json(body);
    if let Some(id) = session {
        request = request.header("Mcp-Session-Id", id);
    }
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let response = tokio::time::timeout(GUARD, request.send())
        .await
        .unwrap()
        .unwrap();
    let status = response.status().as_u16();
    let id = response
        .headers()
        .get("mcp-session-id")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, id, response.text().await.unwrap())
}
