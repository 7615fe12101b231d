//! `prefab serve --port 0`: prints its URLs, answers MCP over stateless Streamable HTTP
//! (tools/list, a UI tool's call, the viewer resource) and serves the preview host at `/`.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let data = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_http");
    let mut child = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(&data)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
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

/// One HTTP/1.1 exchange; returns the status line and the body.
fn http(addr: &str, method: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.lines().next().unwrap().to_string();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    (status, body)
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

fn rpc(server: &Server, method: &str, params: Value) -> Value {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let (status, body) = http(&server.addr, "POST", "/mcp", &request.to_string());
    assert!(status.contains(" 200 "), "{status}: {body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    answer["result"].clone()
}

#[test]
fn serves_the_examples_and_the_preview_host() {
    let server = start();
    let tools = rpc(&server, "tools/list", json!({}));
    let names: Vec<&str> = tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"show_users"), "{names:?}");
    let show = tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "show_users")
        .unwrap();
    let uri = show["_meta"]["ui"]["resourceUri"].as_str().unwrap();

    let result = rpc(
        &server,
        "tools/call",
        json!({"name": "show_users", "arguments": {}}),
    );
    assert_eq!(result["structuredContent"]["$prefab"]["version"], "0.3");
    let stats = rpc(
        &server,
        "tools/call",
        json!({"name": "user_stats", "arguments": {}}),
    );
    assert_eq!(
        stats["structuredContent"]["total"],
        examples::hello::USER_COUNT
    );

    let read = rpc(&server, "resources/read", json!({"uri": uri}));
    assert_eq!(read["contents"][0]["mimeType"], "text/html;profile=mcp-app");

    let (status, page) = http(&server.addr, "GET", "/", "");
    assert!(status.contains(" 200 "), "{status}");
    assert!(page.contains("<script src=\"/host.js\""), "{page}");
    let (status, script) = http(&server.addr, "GET", "/host.js", "");
    assert!(status.contains(" 200 "), "{status}");
    assert!(script.contains("ui/initialize"));
}

#[test]
fn a_port_in_use_is_reported_with_the_flag() {
    let server = start();
    let port = server.addr.rsplit(':').next().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["serve", "--port", port, "--data-dir"])
        .arg(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_http"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("--port {port}")), "{err}");
}
