//! Helpers of the `prefab serve` tests: start the binary, speak MCP over HTTP.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `prefab serve`, killed on drop.
pub struct Server {
    child: Child,
    /// `127.0.0.1:<port>`.
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `prefab serve --port 0 --data-dir <tmp>/<name> <extra…>` and reads its URLs.
pub fn start(name: &str, extra: &[&str]) -> Server {
    let data = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    // A file, not a pipe: a long-running server's logs must never block on a full pipe.
    let log_path = data.with_extension("stderr");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(&data)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let (Some(Ok(first)), Some(Ok(second))) = (lines.next(), lines.next()) else {
        let _ = child.wait();
        let err = std::fs::read_to_string(&log_path).unwrap_or_default();
        panic!("prefab serve ({name}) exited before printing its URLs: {err}");
    };
    let endpoint = first.strip_prefix("MCP endpoint:").unwrap().trim();
    let addr = endpoint
        .strip_prefix("http://")
        .unwrap()
        .strip_suffix("/mcp")
        .unwrap()
        .to_string();
    assert_eq!(
        second.strip_prefix("Preview host:").unwrap().trim(),
        format!("http://{addr}/")
    );
    assert!(data.is_dir(), "the data directory is created");
    Server { child, addr }
}

/// One HTTP/1.1 exchange; returns the response head (status line first, then the header
/// lines) and the body.
pub fn http(addr: &str, method: &str, path: &str, body: &str) -> (String, String) {
    http_with(addr, method, path, &format!("Host: {addr}"), body)
}

/// [`http`] with `headers` (CRLF-separated lines, the `Host` among them) instead of the
/// `Host` of `addr`.
pub fn http_with(
    addr: &str,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    // An answer that never comes fails the test instead of hanging it.
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\n{headers}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    // Binary bodies (the renderer's wasm) are read as lossy text.
    let response = String::from_utf8_lossy(&bytes);
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    (head.to_string(), body)
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

pub fn rpc(server: &Server, method: &str, params: Value) -> Value {
    answer(&server.addr, method, params)["result"].clone()
}

/// The whole JSON-RPC answer (`result` or `error`) of the MCP endpoint at `addr`.
pub fn answer(addr: &str, method: &str, params: Value) -> Value {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let (status, body) = http(addr, "POST", "/mcp", &request.to_string());
    assert!(status.contains(" 200 "), "{status}: {body}");
    serde_json::from_str(&body).unwrap()
}
