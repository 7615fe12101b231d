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

/// `POST`s of `resources/read` for the viewer (about 270 KB each), kept alive, `count` of
/// them back to back (pipelined).
fn pipelined_viewer_reads(count: usize) -> String {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{{"uri":"{}"}}}}"#,
        prefab_mcp::VIEWER_URI
    );
    let one = post(&body, "").replace("Connection: close\r\n", "");
    one.repeat(count)
}

/// A connection from `ip` (another loopback address) with a 4 KiB receive buffer.
async fn connect_from(ip: &str, addr: std::net::SocketAddr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.bind(format!("{ip}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

#[tokio::test]
async fn readers_that_stop_reading_are_closed_and_their_slots_freed() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let config = HttpConfig::default()
        .max_connections_per_peer(8_usize)
        .write_timeout(Duration::from_secs(1));
    let server = serve(config).await;
    // One read, answered in full: the answer is large.
    let mut one = connect_from("127.0.0.3", server.addr).await;
    let request = pipelined_viewer_reads(1).replace("{addr}", &server.addr.to_string());
    one.write_all(
        request
            .replace("\r\n\r\n{", "\r\nConnection: close\r\n\r\n{")
            .as_bytes(),
    )
    .await
    .unwrap();
    let answer = support::read_to_close(&mut one).await;
    assert!(answer.len() > 100_000, "{} bytes", answer.len());
    // 8 clients from one address pipeline 40 reads each and never read an answer.
    let raw = pipelined_viewer_reads(40).replace("{addr}", &server.addr.to_string());
    let mut stuck = Vec::new();
    for _ in 0..8 {
        let mut stream = connect_from("127.0.0.2", server.addr).await;
        stream.write_all(raw.as_bytes()).await.unwrap();
        stuck.push(stream);
    }
    let started = Instant::now();
    let ping = post(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, "")
        .replace("{addr}", &server.addr.to_string());
    // A fresh client from that address: refused while the stuck ones hold its share, then
    // served once the write timeout has closed them.
    let mut refused = 0;
    let served = loop {
        let mut fresh = connect_from("127.0.0.2", server.addr).await;
        fresh.write_all(ping.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(GUARD, fresh.read_to_end(&mut answer)).await;
        if answer.starts_with(b"HTTP/1.1 200") {
            break started.elapsed();
        }
        assert!(
            started.elapsed() < GUARD,
            "the slow readers still hold their slots"
        );
        refused += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!("8 slow readers closed, a fresh client served {served:?} after they wrote");
    assert!(
        refused > 0,
        "the first fresh client was served: the readers were not stuck"
    );
    drop(stuck);
}
