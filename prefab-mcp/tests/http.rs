//! The HTTP endpoint as a browser sees it: CORS preflight and response headers, per-route
//! methods, and the Host check. Plain HTTP/1.1 over a loopback socket.
#![allow(clippy::unwrap_used)]

use prefab_mcp::Viewer;
use prefab_mcp::transport::{HttpConfig, http_router};
use rmcp::{ServerHandler, model::ServerCapabilities, model::ServerConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Empty;
impl ServerHandler for Empty {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// Serves `config` on a free port and sends one raw request; returns the response head
/// (status line and headers, lowercased) and body.
async fn request(config: HttpConfig, raw: &str) -> (String, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = http_router(|| Viewer::new().attach(Empty), &config);
    let server = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let raw = raw.replace("{addr}", &addr.to_string());
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    server.abort();
    let response = String::from_utf8(response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_ascii_lowercase(), body.to_owned())
}

const PREFLIGHT: &str = "OPTIONS /mcp HTTP/1.1\r\nHost: {addr}\r\nOrigin: https://host.example\r\n\
    Access-Control-Request-Method: POST\r\n\
    Access-Control-Request-Headers: Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-City, X-Other\r\n\
    Connection: close\r\n\r\n";

#[tokio::test]
async fn preflight_allows_mcp_headers_and_post_only_when_stateless() {
    let (head, _) = request(HttpConfig::default(), PREFLIGHT).await;
    assert!(head.starts_with("http/1.1 204"), "{head}");
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
    assert!(
        head.contains("access-control-allow-methods: post\r\n"),
        "{head}"
    );
    assert!(
        head.contains(
            "access-control-allow-headers: content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-param-city\r\n"
        ),
        "{head}"
    );
}

#[tokio::test]
async fn preflight_with_sessions_allows_get_and_delete() {
    let (head, _) = request(HttpConfig::default().stateless(false), PREFLIGHT).await;
    assert!(
        head.contains("access-control-allow-methods: get, post, delete\r\n"),
        "{head}"
    );
}

#[tokio::test]
async fn origin_list_is_enforced() {
    let only = HttpConfig::default().allowed_origins(["https://HOST.example"]);
    let (head, _) = request(only.clone(), PREFLIGHT).await;
    assert!(
        head.contains("access-control-allow-origin: https://host.example"),
        "{head}"
    );
    let other = PREFLIGHT.replace("https://host.example", "https://evil.example");
    let (head, _) = request(only.clone(), &other).await;
    assert!(head.starts_with("http/1.1 403"), "{head}");
    // Not only the preflight: any request from that origin is refused.
    let post = "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nOrigin: https://evil.example\r\n\
                Content-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
    let (head, _) = request(only, post).await;
    assert!(head.starts_with("http/1.1 403"), "{head}");
}

#[tokio::test]
async fn responses_carry_cors_headers() {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;
    let raw = format!(
        "POST /mcp HTTP/1.1\r\nHost: {{addr}}\r\nOrigin: https://host.example\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (head, body) = request(HttpConfig::default(), &raw).await;
    assert!(head.starts_with("http/1.1 200"), "{head}\n{body}");
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
    assert!(
        head.contains("access-control-expose-headers: mcp-session-id, mcp-protocol-version"),
        "{head}"
    );
    assert!(body.contains("io.modelcontextprotocol/ui"), "{body}");
}

#[tokio::test]
async fn foreign_host_header_is_refused_unless_allowed() {
    let raw = "POST /mcp HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: application/json\r\n\
               Content-Length: 2\r\nConnection: close\r\n\r\n{}";
    let (head, _) = request(HttpConfig::default(), raw).await;
    assert!(
        head.starts_with("http/1.1 403") || head.starts_with("http/1.1 400"),
        "{head}"
    );
    let allowed = HttpConfig::default().allowed_hosts(["attacker.example"]);
    let (head, _) = request(allowed, raw).await;
    assert!(!head.starts_with("http/1.1 403"), "{head}");
}
