//! Connection limits of the HTTP server: a request head or body that stops half-way and an
//! idle kept-alive connection are closed after the configured time, and no more than
//! `max_connections` are served at once. The timeouts here are short so that the tests do
//! not wait; the defaults are checked as values.
#![allow(clippy::unwrap_used)]

mod support;

use prefab_mcp::transport::HttpConfig;
use std::time::Duration;
use support::{SECRET, call_reveal, read_to_close, serve, split};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const SHORT: Duration = Duration::from_millis(300);

#[test]
fn defaults_close_half_sent_requests_within_30_seconds() {
    let config = HttpConfig::default();
    assert_eq!(config.header_timeout, Duration::from_secs(10));
    assert_eq!(config.body_timeout, Duration::from_secs(20));
    assert_eq!(config.max_connections, 512);
    let config = config
        .header_timeout(SHORT)
        .body_timeout(SHORT)
        .max_connections(3_usize);
    assert_eq!(
        (
            config.header_timeout,
            config.body_timeout,
            config.max_connections
        ),
        (SHORT, SHORT, 3)
    );
}

#[tokio::test]
async fn a_half_sent_head_is_closed() {
    let server = serve(HttpConfig::default().header_timeout(SHORT)).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl")
        .await
        .unwrap();
    // `read_to_close` fails the test unless the server closes the connection.
    let response = read_to_close(&mut stream).await;
    assert!(!response.contains(SECRET), "{response}");
}

#[tokio::test]
async fn a_half_sent_body_gets_408_and_is_closed() {
    let server = serve(HttpConfig::default().body_timeout(SHORT)).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let raw = call_reveal(None).replace("{addr}", &server.addr.to_string());
    // Everything but the last 20 bytes of the body.
    stream
        .write_all(&raw.as_bytes()[..raw.len() - 20])
        .await
        .unwrap();
    let (head, _) = split(&read_to_close(&mut stream).await);
    assert!(head.starts_with("http/1.1 408"), "{head}");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let server = serve(HttpConfig::default().header_timeout(SHORT)).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    // A complete request that keeps the connection open for the next one.
    let raw = call_reveal(None)
        .replace("{addr}", &server.addr.to_string())
        .replace("Connection: close\r\n", "");
    stream.write_all(raw.as_bytes()).await.unwrap();
    let (head, body) = split(&read_to_close(&mut stream).await);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(body.contains(SECRET), "{body}");
}

#[tokio::test]
async fn connections_over_the_cap_wait_for_a_free_one() {
    let server = serve(HttpConfig::default().max_connections(1_usize)).await;
    let raw = call_reveal(None).replace("{addr}", &server.addr.to_string());
    let (head_part, rest) = raw.split_at(20);
    // The first connection takes the only slot and sends half a request.
    let mut first = TcpStream::connect(server.addr).await.unwrap();
    first.write_all(head_part.as_bytes()).await.unwrap();
    // The second one sends a whole request; it is not served while the first is open.
    let mut second = TcpStream::connect(server.addr).await.unwrap();
    second.write_all(raw.as_bytes()).await.unwrap();
    let mut byte = [0_u8; 1];
    let early = tokio::time::timeout(SHORT, second.read(&mut byte)).await;
    assert!(
        early.is_err(),
        "a connection over the cap was served: {early:?}"
    );
    // Once the first finishes and closes, the second is served.
    first.write_all(rest.as_bytes()).await.unwrap();
    let (head, _) = split(&read_to_close(&mut first).await);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let (head, body) = split(&read_to_close(&mut second).await);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(body.contains(SECRET), "{body}");
}

/// A tool that never finishes; `dropped` counts the calls whose future was dropped.
#[derive(Clone)]
struct Hang {
    dropped: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

struct Dropped(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Drop for Dropped {
    fn drop(&mut self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

#[rmcp::tool_router]
impl Hang {
    #[rmcp::tool(description = "Never answers")]
    async fn freeze(
        &self,
        context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> rmcp::model::CallToolResult {
        let _guard = Dropped(self.dropped.clone());
        // It never looks at its cancellation token.
        let _ = context;
        std::future::pending().await
    }
}

#[rmcp::tool_handler]
impl rmcp::ServerHandler for Hang {}

/// rmcp runs handlers in tasks of their own and only cancels the call's token when its
/// answer is dropped: the client leaving must reach that token through this crate's layers
/// and accept loop, and the viewer's wrapper must drop the call.
#[tokio::test]
async fn a_call_does_not_outlive_its_connection() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = HttpConfig::default();
    let hang = Hang {
        dropped: std::sync::Arc::default(),
    };
    let dropped = hang.dropped.clone();
    let app = prefab_mcp::transport::http_router(
        move || prefab_mcp::Viewer::new().attach(hang.clone()),
        &config,
    );
    let server = tokio::spawn(async move {
        prefab_mcp::transport::serve_router(listener, app, &config, std::future::pending()).await;
    });
    let raw = call_reveal(None)
        .replace("{addr}", &addr.to_string())
        // The same length, so the body still fits its Content-Length.
        .replace("reveal", "freeze");
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut byte = [0_u8; 1];
    let early = tokio::time::timeout(SHORT, stream.read(&mut byte)).await;
    assert!(early.is_err(), "the call answered: {early:?}");
    drop(stream);
    // The call is dropped once the server sees the connection gone.
    let deadline = std::time::Instant::now() + support::GUARD;
    while dropped.load(std::sync::atomic::Ordering::SeqCst) == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the call outlived its connection"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.abort();
}
