//! The HTTP endpoint as a browser sees it: the `Origin` policy, CORS preflight and response
//! headers, per-route methods, and the `Host` check (which runs first). Plain HTTP/1.1
//! over a loopback socket.
#![allow(clippy::unwrap_used)]

mod support;

use prefab_mcp::transport::HttpConfig;
use support::{SECRET, call_reveal, exchange, post, serve};

const PREFLIGHT: &str = "OPTIONS /mcp HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://localhost:5173\r\n\
    Access-Control-Request-Method: POST\r\n\
    Access-Control-Request-Headers: Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-City, X-Other\r\n\
    Connection: close\r\n\r\n";

async fn request(config: HttpConfig, raw: &str) -> (String, String) {
    let server = serve(config).await;
    exchange(server.addr, raw).await
}

#[tokio::test]
async fn preflight_allows_mcp_headers_and_post_only_when_stateless() {
    let (head, _) = request(HttpConfig::default(), PREFLIGHT).await;
    assert!(head.starts_with("http/1.1 204"), "{head}");
    assert!(
        head.contains("access-control-allow-origin: http://localhost:5173\r\n"),
        "{head}"
    );
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
    let (head, _) = request(
        HttpConfig::default().sessions(prefab_mcp::transport::Sessions::default()),
        PREFLIGHT,
    )
    .await;
    assert!(
        head.contains("access-control-allow-methods: get, post, delete\r\n"),
        "{head}"
    );
}

#[tokio::test]
async fn listed_origins_are_served_and_echoed() {
    let config = HttpConfig::default().allowed_origins(["https://HOST.example"]);
    let listed = PREFLIGHT.replace("http://localhost:5173", "https://host.example");
    let (head, _) = request(config.clone(), &listed).await;
    assert!(head.starts_with("http/1.1 204"), "{head}");
    assert!(
        head.contains("access-control-allow-origin: https://host.example\r\n"),
        "{head}"
    );
    let (head, body) = request(config, &call_reveal(Some("https://host.example"))).await;
    assert!(head.starts_with("http/1.1 200"), "{head}\n{body}");
    assert!(body.contains(SECRET), "{body}");
}

#[tokio::test]
async fn foreign_origin_cannot_call_a_tool() {
    for origin in [
        "http://evil.example",
        "https://evil.example",
        "http://localhost.evil.example",
        "http://127.0.0.1.evil.example",
        "http://localhost@evil.example",
        "null",
    ] {
        let (head, body) = request(HttpConfig::default(), &call_reveal(Some(origin))).await;
        assert!(head.starts_with("http/1.1 403"), "{origin}: {head}");
        assert!(!head.contains("access-control-allow-origin"), "{head}");
        assert!(!body.contains(SECRET), "{origin}: {body}");
    }
    // A listed origin does not open the door to others.
    let listed = HttpConfig::default().allowed_origins(["https://app.example"]);
    let (head, _) = request(listed, &call_reveal(Some("https://evil.example"))).await;
    assert!(head.starts_with("http/1.1 403"), "{head}");
}

#[tokio::test]
async fn loopback_origins_and_plain_clients_are_served() {
    for origin in [
        Some("http://localhost:5173"),
        Some("http://127.0.0.1:8080"),
        Some("http://[::1]:3000"),
        Some("http://localhost"),
        None,
    ] {
        let (head, body) = request(HttpConfig::default(), &call_reveal(origin)).await;
        assert!(
            head.starts_with("http/1.1 200"),
            "{origin:?}: {head}\n{body}"
        );
        assert!(body.contains(SECRET), "{origin:?}: {body}");
        match origin {
            Some(origin) => assert!(
                head.contains(&format!("access-control-allow-origin: {origin}\r\n")),
                "{head}"
            ),
            None => assert!(!head.contains("access-control-allow-origin"), "{head}"),
        }
    }
}

#[tokio::test]
async fn preflight_from_a_foreign_origin_is_refused() {
    let foreign = PREFLIGHT.replace("http://localhost:5173", "https://evil.example");
    let (head, _) = request(HttpConfig::default(), &foreign).await;
    assert!(head.starts_with("http/1.1 403"), "{head}");
    assert!(!head.contains("access-control-allow"), "{head}");
}

#[tokio::test]
async fn preflight_with_a_foreign_host_is_refused() {
    // The Host check comes before CORS: a DNS-rebound page gets no preflight answer.
    let rebound = PREFLIGHT.replace("Host: {addr}", "Host: attacker.example");
    let (head, _) = request(HttpConfig::default(), &rebound).await;
    assert!(head.starts_with("http/1.1 403"), "{head}");
    assert!(!head.contains("access-control-allow"), "{head}");
}

#[tokio::test]
async fn duplicate_host_headers_are_refused() {
    for hosts in [
        "Host: {addr}\r\nHost: attacker.example",
        "Host: attacker.example\r\nHost: {addr}",
        "Host: {addr}\r\nHost: {addr}",
    ] {
        let raw = call_reveal(None).replace("Host: {addr}", hosts);
        let (head, body) = request(HttpConfig::default(), &raw).await;
        assert!(head.starts_with("http/1.1 400"), "{hosts}: {head}");
        assert!(!body.contains(SECRET), "{body}");
    }
}

#[tokio::test]
async fn responses_carry_cors_headers() {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;
    let raw = post(body, "Origin: http://127.0.0.1:5173\r\n");
    let (head, body) = request(HttpConfig::default(), &raw).await;
    assert!(head.starts_with("http/1.1 200"), "{head}\n{body}");
    assert!(
        head.contains("access-control-allow-origin: http://127.0.0.1:5173\r\n"),
        "{head}"
    );
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
    assert!(head.starts_with("http/1.1 403"), "{head}");
    let allowed = HttpConfig::default().allowed_hosts(["attacker.example"]);
    let (head, _) = request(allowed, raw).await;
    assert!(!head.starts_with("http/1.1 403"), "{head}");
}

#[tokio::test]
async fn a_guarded_page_gets_the_endpoints_host_and_origin_checks() {
    let config = HttpConfig::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let page = axum::Router::new().route("/", axum::routing::get(|| async { "the page" }));
    let app = prefab_mcp::transport::guarded(page, &config);
    let server = tokio::spawn(async move {
        prefab_mcp::transport::serve_router(listener, app, &config, std::future::pending()).await;
    });
    let get = |host: &str, origin: &str| {
        format!("GET / HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\n\r\n")
    };
    // A top-level navigation (no Origin) to a loopback name, and a loopback page: served.
    for raw in [
        get("{addr}", ""),
        get("{addr}", "Origin: http://localhost:5173\r\n"),
    ] {
        let (head, body) = exchange(addr, &raw).await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert_eq!(body, "the page");
    }
    // A DNS-rebinding name, and a foreign site's page: refused as /mcp refuses them.
    let port = addr.port();
    for raw in [
        get(&format!("rebound.example:{port}"), ""),
        get("{addr}", "Origin: https://evil.example\r\n"),
    ] {
        let (head, body) = exchange(addr, &raw).await;
        assert!(head.starts_with("http/1.1 403"), "{head}");
        assert!(!body.contains("the page"), "{body}");
    }
    server.abort();
}
