//! The line transport (what `serve_stdio` runs on standard input/output): an over-long line
//! gets a JSON-RPC error answer instead of silence, and the session goes on.
#![allow(clippy::unwrap_used)]

use prefab_mcp::transport::{MAX_LINE_BYTES, serve_lines};
use rmcp::ServerHandler;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream, Lines};

struct Empty;
impl ServerHandler for Empty {}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;

/// A client's ends of a server running `serve_lines` with `max` bytes per line.
fn start(max: usize) -> (DuplexStream, Lines<BufReader<DuplexStream>>) {
    let (server_in, client_out) = tokio::io::duplex(1 << 16);
    let (client_in, server_out) = tokio::io::duplex(1 << 16);
    tokio::spawn(serve_lines(Empty, server_in, server_out, max));
    (client_out, BufReader::new(client_in).lines())
}

/// The next answer, failing the test rather than waiting forever.
async fn next(answers: &mut Lines<BufReader<DuplexStream>>) -> Value {
    let line = tokio::time::timeout(Duration::from_secs(10), answers.next_line())
        .await
        .expect("no answer")
        .unwrap()
        .expect("the server closed its output");
    serde_json::from_str(&line).unwrap()
}

/// Writes a line of `length` bytes (newline included) in pieces, as a pipe delivers it.
async fn write_long_line(out: &mut (impl AsyncWrite + Unpin), length: usize) {
    let piece = vec![b'x'; 64 * 1024];
    let mut left = length - 1;
    while left > 0 {
        let n = left.min(piece.len());
        out.write_all(&piece[..n]).await.unwrap();
        left -= n;
    }
    out.write_all(b"\n").await.unwrap();
}

fn assert_oversize_error(answer: &Value) {
    assert_eq!(answer["jsonrpc"], json!("2.0"), "{answer}");
    assert_eq!(answer["error"]["code"], json!(-32600), "{answer}");
    assert_eq!(answer.get("id"), None, "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("exceeds"),
        "{answer}"
    );
}

#[tokio::test]
async fn an_over_long_line_gets_an_error_and_the_session_goes_on() {
    let (mut out, mut answers) = start(1024);
    write_long_line(&mut out, 1025).await;
    assert_oversize_error(&next(&mut answers).await);
    // A line of exactly the limit is served.
    let padded = format!("{INITIALIZE:<1023}\n");
    assert_eq!(padded.len(), 1024);
    out.write_all(padded.as_bytes()).await.unwrap();
    let answer = next(&mut answers).await;
    assert_eq!(answer["id"], json!(1), "{answer}");
    assert!(answer["result"]["serverInfo"].is_object(), "{answer}");
    // Over-long lines after the handshake are answered too.
    write_long_line(&mut out, 5000).await;
    assert_oversize_error(&next(&mut answers).await);
    out.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n")
        .await
        .unwrap();
    assert_eq!(next(&mut answers).await["id"], json!(2));
}

#[tokio::test]
async fn the_default_limit_is_rmcps_16_mib_and_is_answered() {
    assert_eq!(MAX_LINE_BYTES, 16 * 1024 * 1024);
    let (mut out, mut answers) = start(MAX_LINE_BYTES);
    write_long_line(&mut out, MAX_LINE_BYTES + 1).await;
    assert_oversize_error(&next(&mut answers).await);
}
