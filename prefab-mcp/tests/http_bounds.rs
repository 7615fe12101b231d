//! What one request can make the server build or repeat: a body of millions of JSON values
//! is refused before it is parsed, and over-long method names and tool names are refused
//! without being echoed or logged in full. And what one peer can hold: its connections
//! beyond its share are closed, so another client still gets an answer.
#![allow(clippy::unwrap_used)]

mod support;

use prefab_mcp::transport::HttpConfig;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{GUARD, exchange, post, serve};

/// Everything logged while a test runs (on its one thread).
#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);

impl Write for Logs {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn a_huge_method_name_is_neither_echoed_nor_logged() {
    let logs = Logs::default();
    let writer = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(move || writer.clone())
        .finish();
    let _default = tracing::subscriber::set_default(subscriber);
    let server = serve(HttpConfig::default()).await;
    let method = "m".repeat(3 * 1024 * 1024);
    for body in [
        format!(r#"{{"jsonrpc":"2.0","id":1,"method":"{method}"}}"#),
        format!(r#"{{"jsonrpc":"2.0","id":1,"method":"{method}","params":7}}"#),
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"{method}"}}}}"#
        ),
    ] {
        let (head, answer) = exchange(server.addr, &post(&body, "")).await;
        assert!(answer.len() < 4096, "{} bytes echoed: {head}", answer.len());
        assert!(answer.contains("longer than"), "{answer}");
    }
    let logged = logs.0.lock().unwrap().clone();
    let longest = logged.split(|b| *b == b'\n').map(<[u8]>::len).max();
    assert!(
        longest.unwrap_or(0) < 4096,
        "a log line of {longest:?} bytes"
    );
}

#[tokio::test]
async fn millions_of_json_values_are_refused_before_parsing() {
    let server = serve(HttpConfig::default()).await;
    let items = vec!["0"; 2_000_000].join(",");
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"reveal","arguments":{{"x":[{items}]}}}}}}"#
    );
    assert!(body.len() < 4 * 1024 * 1024);
    let (head, answer) = exchange(server.addr, &post(&body, "")).await;
    assert!(head.starts_with("http/1.1 413"), "{head}");
    assert!(answer.contains("-32600"), "{answer}");
}

#[tokio::test]
async fn one_peer_cannot_take_every_connection() {
    let config = HttpConfig::default()
        .max_connections(64_usize)
        .max_connections_per_peer(16_usize);
    let server = serve(config).await;
    // 80 idle connections from another loopback address, each holding its slot until the
    // 10 s header timeout.
    let mut idle = Vec::new();
    for _ in 0..80 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        idle.push(socket.connect(server.addr).await.unwrap());
    }
    let started = Instant::now();
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let (head, _) = tokio::time::timeout(GUARD, exchange(server.addr, &post(ping, "")))
        .await
        .unwrap();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "the ping waited {:?} behind idle connections",
        started.elapsed()
    );
    drop(idle);
}
