//! `prefab serve --port 0`: prints its URLs, answers MCP over stateless Streamable HTTP
//! (tools/list, a UI tool's call, the viewer resource; with `--sessions`, in sessions) and
//! serves the preview host at `/`.
#![allow(clippy::unwrap_used)]

mod serve_support;

use serde_json::{Value, json};
use serve_support::{http, http_with, rpc, start};
use std::process::Command;

#[test]
fn serves_the_examples_and_the_preview_host() {
    let server = start("serve_http", &[]);
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

/// The status code of a response head (`HTTP/1.1 403 Forbidden` → 403).
fn status_of(head: &str) -> u16 {
    head.split(' ').nth(1).unwrap().parse().unwrap()
}

#[test]
fn the_preview_host_is_behind_the_host_guard_and_cannot_be_framed() {
    let server = start("serve_page_guard", &[]);
    let port = server.addr.rsplit_once(':').unwrap().1;
    let foreign = format!("rebound.example:{port}");
    let (mcp, _) = http_with(
        &server.addr,
        "POST",
        "/mcp",
        &format!("Host: {foreign}"),
        "{}",
    );
    assert_eq!(status_of(&mcp), 403, "{mcp}");
    for path in ["/", "/host.js", "/tools.js", "/schema-form.js", "/host.css"] {
        // A DNS-rebinding page names its own host: refused like the MCP endpoint.
        let (head, body) = http_with(&server.addr, "GET", path, &format!("Host: {foreign}"), "");
        assert_eq!(status_of(&head), status_of(&mcp), "{path}: {head}");
        assert!(!body.contains("<script"), "{path}: {body}");
        // Loopback names are served, and no page may frame the host.
        let (head, _) = http_with(
            &server.addr,
            "GET",
            path,
            &format!("Host: localhost:{port}"),
            "",
        );
        assert_eq!(status_of(&head), 200, "{path}: {head}");
        let head = head.to_ascii_lowercase();
        assert!(
            head.contains("content-security-policy: frame-ancestors 'none'"),
            "{path}: {head}"
        );
        assert!(head.contains("x-frame-options: deny"), "{path}: {head}");
    }
}

#[test]
fn serves_the_renderer_bundle_for_fastmcp_pages() {
    let server = start("serve_bundle", &[]);
    let integrity: serde_json::Value =
        serde_json::from_slice(&prefab::page::cdn_file("integrity.json").unwrap()).unwrap();
    for name in prefab::page::CDN_FILES {
        let (head, _) = http(&server.addr, "GET", &format!("/renderer/{name}"), "");
        assert!(head.starts_with("HTTP/1.1 200 "), "{name}: {head}");
        // The view's document has an opaque origin: module scripts and SRI need CORS.
        assert!(
            head.to_ascii_lowercase()
                .contains("access-control-allow-origin: *"),
            "{name}: {head}"
        );
        assert!(integrity[name].as_str().unwrap().starts_with("sha384-"));
    }
    let (head, entry) = http(&server.addr, "GET", "/renderer/renderer.js", "");
    assert!(head.contains("text/javascript"), "{head}");
    assert!(entry.contains("import.meta.url"));
    for loaded in ["glue.js", "loader.js", "renderer.wasm2js.js"] {
        assert!(
            entry.contains(integrity[loaded].as_str().unwrap()),
            "{loaded}"
        );
    }
    let (head, css) = http(&server.addr, "GET", "/renderer/renderer.css", "");
    assert!(head.contains("text/css") && css.contains(".pf-"), "{head}");
    for missing in [
        "/renderer/entry.js",
        "/renderer/..%2FCargo.toml",
        "/renderer/",
    ] {
        let (head, _) = http(&server.addr, "GET", missing, "");
        assert!(head.starts_with("HTTP/1.1 404 "), "{missing}: {head}");
    }
}

#[test]
fn a_port_in_use_is_reported_with_the_flag() {
    let server = start("serve_port", &[]);
    let port = server.addr.rsplit(':').next().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["serve", "--port", port, "--data-dir"])
        .arg(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_port_second"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("--port {port}")), "{err}");
}

#[test]
fn two_servers_share_one_data_directory() {
    // Two hosts may each start a server on the default data directory at the same moment;
    // a fresh directory makes both create the databases (the racy part).
    let _ = std::fs::remove_dir_all(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_shared"),
    );
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| start("serve_shared", &[]));
        let b = s.spawn(|| start("serve_shared", &[]));
        (a.join().unwrap(), b.join().unwrap())
    });
    for server in [&a, &b] {
        let (status, _) = http(&server.addr, "GET", "/", "");
        assert!(status.contains(" 200 "), "{status}");
    }
}

/// A 2025-11-25 client calling `invite_user` without arguments over stateless HTTP (where it
/// could not answer an elicitation) gets the form view at once, and a text naming the
/// missing fields: no request it cannot answer, nothing left waiting.
#[test]
fn an_older_client_gets_invite_users_form_at_once() {
    let server = start("invite", &[]);
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "invite_user", "arguments": {}}});
    let headers = format!("Host: {}\r\nMCP-Protocol-Version: 2025-11-25", server.addr);
    let started = std::time::Instant::now();
    let (head, body) = http_with(&server.addr, "POST", "/mcp", &headers, &request.to_string());
    // Generous against a loaded machine; without the fix the call never answers.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(status_of(&head), 200, "{head}");
    let data = body
        .lines()
        .find_map(|l| l.strip_prefix("data:"))
        .unwrap_or(&body);
    let answer: Value = serde_json::from_str(data.trim()).unwrap();
    assert!(!body.contains("elicitation/create"), "{body}");
    let result = &answer["result"];
    assert!(
        result["structuredContent"].to_string().contains("\"Form\""),
        "{answer}"
    );
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("email"), "{text}");
}

/// `--sessions`: a 2025-11-25 `initialize` opens a session (`Mcp-Session-Id`), which a later
/// request may use; without the flag the endpoint stays stateless and issues none.
#[test]
fn the_sessions_flag_opens_sessions() {
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"}}})
    .to_string();
    let session_of = |head: &str| {
        head.lines().find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("mcp-session-id")
                .then(|| value.trim().to_owned())
        })
    };
    let flags = [
        "--sessions",
        "--max-sessions",
        "4",
        "--max-sessions-per-caller",
        "1",
    ];
    let server = start("sessions", &flags);
    let host = format!("Host: {}\r\nMCP-Protocol-Version: 2025-11-25", server.addr);
    let (head, _) = http_with(&server.addr, "POST", "/mcp", &host, &initialize);
    assert_eq!(status_of(&head), 200, "{head}");
    let id = session_of(&head).expect("a session id");
    let ping = json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}).to_string();
    let in_session = format!("{host}\r\nMcp-Session-Id: {id}");
    let (head, _) = http_with(&server.addr, "POST", "/mcp", &in_session, &ping);
    assert_eq!(status_of(&head), 200, "{head}");
    let unknown = format!("{host}\r\nMcp-Session-Id: not-{id}");
    let (head, _) = http_with(&server.addr, "POST", "/mcp", &unknown, &ping);
    assert_eq!(status_of(&head), 404, "{head}");
    // One session per caller (this loopback address): the next `initialize` ends the first.
    let (head, _) = http_with(&server.addr, "POST", "/mcp", &host, &initialize);
    assert_eq!(status_of(&head), 200, "{head}");
    let (head, _) = http_with(&server.addr, "POST", "/mcp", &in_session, &ping);
    assert_eq!(status_of(&head), 404, "{head}");

    let stateless = start("sessions_off", &[]);
    let host = format!(
        "Host: {}\r\nMCP-Protocol-Version: 2025-11-25",
        stateless.addr
    );
    let (head, _) = http_with(&stateless.addr, "POST", "/mcp", &host, &initialize);
    assert_eq!(status_of(&head), 200, "{head}");
    assert_eq!(session_of(&head), None);
}
