//! `prefab dev -- hello stdio`: the dev host's `/mcp` relays to the `hello` example
//! started as a child process, restarts it when it dies, answers with the target's errors,
//! and keeps the Host/Origin guard of `prefab serve`.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used)]

mod dev_support;
mod serve_support;

use dev_support::{children, dev, hello};
use serde_json::{Value, json};
use serve_support::answer;
use std::io::{Read, Write};

fn result(addr: &str, method: &str, params: Value) -> Value {
    let answer = answer(addr, method, params);
    assert!(answer.get("error").is_none(), "{method}: {answer}");
    answer["result"].clone()
}

/// The status once the target is up (the long poll answers when the state moves on).
fn connected(addr: &str) -> Value {
    let mut status = result(addr, "prefab/dev/status", json!({}));
    while status["running"] != true {
        let known = json!({"generation": status["generation"], "running": status["running"]});
        status = result(addr, "prefab/dev/status", known);
    }
    status
}

#[test]
fn relays_tools_calls_and_the_ui_resource() {
    let hello = hello().to_str().unwrap();
    let dev = dev("stdio", &["--", hello, "stdio"]);
    assert!(dev.target.starts_with(hello), "{}", dev.target);

    let info = result(
        &dev.addr,
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
    );
    assert_eq!(
        info["serverInfo"]["name"], "prefab-hello",
        "the target's info: {info}"
    );
    assert!(info["capabilities"]["extensions"]["io.modelcontextprotocol/ui"].is_object());

    let tools = result(&dev.addr, "tools/list", json!({}))["tools"].clone();
    let names: Vec<&str> = tools
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    for name in ["show_users", "user_stats", "invite_user"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let show = tools
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "show_users")
        .unwrap();
    let uri = show["_meta"]["ui"]["resourceUri"]
        .as_str()
        .expect("a UI tool")
        .to_string();

    let call = result(
        &dev.addr,
        "tools/call",
        json!({"name": "show_users", "arguments": {}}),
    );
    assert!(call["structuredContent"].is_object(), "{call}");
    assert!(
        call["content"][0]["text"]
            .as_str()
            .is_some_and(|t| t.contains("users"))
    );

    let read = result(&dev.addr, "resources/read", json!({"uri": uri}));
    let item = &read["contents"][0];
    assert_eq!(item["uri"], uri.as_str());
    assert_eq!(item["mimeType"], "text/html;profile=mcp-app");
    assert!(
        item["text"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .starts_with("<!doctype html")
    );
    assert!(item["_meta"]["ui"].is_object(), "{}", item["_meta"]);

    // The target's JSON-RPC error comes back as an error, not as a result.
    let unknown = answer(
        &dev.addr,
        "tools/call",
        json!({"name": "no_such_tool", "arguments": {}}),
    );
    assert!(
        unknown["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{unknown}"
    );
    assert!(unknown.get("result").is_none());

    // invite_user asks the user (elicitation) for what is missing: the preview host cannot
    // answer, so the target hears a decline and says what it did.
    let invite = result(
        &dev.addr,
        "tools/call",
        json!({"name": "invite_user", "arguments": {}}),
    );
    assert_eq!(invite["isError"], false, "{invite}");
}

#[test]
fn a_killed_server_is_started_again() {
    let hello = hello().to_str().unwrap();
    let dev = dev("restart", &["--", hello, "stdio"]);
    let status = connected(&dev.addr);
    assert_eq!(
        (status["generation"].as_u64(), status["running"].as_bool()),
        (Some(1), Some(true)),
        "{status}"
    );
    assert_eq!(status["restartable"], true);
    let first = children(dev.process.child.id());
    assert_eq!(first.len(), 1, "one child: {first:?}");
    let killed = std::process::Command::new("kill")
        .args(["-9", &first[0].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());

    let stats = result(
        &dev.addr,
        "tools/call",
        json!({"name": "user_stats", "arguments": {}}),
    );
    assert!(stats["structuredContent"]["total"].is_number(), "{stats}");
    let second = children(dev.process.child.id());
    assert_eq!(second.len(), 1, "{second:?}");
    assert_ne!(first, second, "a new process");
    let status = result(&dev.addr, "prefab/dev/status", json!({}));
    assert_eq!(status["generation"], 2, "{status}");

    // Restart on request: the status long poll answers when the state moves on.
    let known = json!({"generation": 2, "running": true});
    let restarted = result(&dev.addr, "prefab/dev/restart", json!({}));
    assert_eq!(restarted["restartable"], true);
    let mut status = result(&dev.addr, "prefab/dev/status", known);
    while status["generation"] == 2 {
        let known = json!({"generation": status["generation"], "running": status["running"]});
        status = result(&dev.addr, "prefab/dev/status", known);
    }
    assert_eq!(status["generation"], 3, "{status}");
    assert!(result(&dev.addr, "tools/list", json!({}))["tools"].is_array());
}

#[test]
fn a_server_that_cannot_start_is_a_clear_error() {
    let dev = dev("missing", &["--", "/nonexistent/mcp-server", "stdio"]);
    let failed = answer(&dev.addr, "tools/list", json!({}));
    let message = failed["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("/nonexistent/mcp-server") && message.contains("cannot start"),
        "{failed}"
    );
}

#[test]
fn the_endpoint_keeps_the_host_and_origin_guard() {
    let hello = hello().to_str().unwrap();
    let dev = dev("guard", &["--", hello, "stdio"]);
    connected(&dev.addr);
    let restart = r#"{"jsonrpc":"2.0","id":1,"method":"prefab/dev/restart","params":{}}"#;
    let post =
        |headers: &str| serve_support::http_with(&dev.addr, "POST", "/mcp", headers, restart);
    let (status, _) = post("Host: evil.example");
    assert!(status.contains(" 403 "), "{status}");
    let (status, _) = post(&format!(
        "Host: {}\r\nOrigin: https://evil.example",
        dev.addr
    ));
    assert!(status.contains(" 403 "), "{status}");
    let status = connected(&dev.addr);
    assert_eq!(status["generation"], 1, "nothing was restarted: {status}");
    // The page loads the dev script after the host's own.
    let (_, page) = serve_support::http(&dev.addr, "GET", "/", "");
    assert!(page.contains("src=\"/dev.js\""), "{page}");
    let (head, _) = serve_support::http(&dev.addr, "GET", "/dev.js", "");
    assert!(
        head.contains(" 200 ") && head.contains("text/javascript"),
        "{head}"
    );
}

/// Issue 38 row 8: another local page (`http://localhost:3000`) may not drive the dev host
/// (before: 296 of 300 restarts it sent went through), and the status names the program only.
#[test]
fn only_the_dev_hosts_own_origin_is_answered_and_the_status_hides_the_arguments() {
    let hello = hello().to_str().unwrap();
    // The arguments (here a shell script naming a "secret") are the target's business.
    let script = "exec \"$0\" stdio # --secret-flag";
    let dev = dev("own-origin", &["--", "sh", "-c", script, hello]);
    let status = connected(&dev.addr);
    assert_eq!(status["target"], "sh (stdio)", "{status}");
    assert!(!status.to_string().contains("secret"), "{status}");
    let port = dev.addr.rsplit_once(':').unwrap().1;
    let send = |origin: &str, method: &str| {
        let body = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"{method}","params":{{}}}}"#);
        let headers = format!("Host: {}\r\nOrigin: {origin}", dev.addr);
        serve_support::http_with(&dev.addr, "POST", "/mcp", &headers, &body)
    };
    for origin in [
        "http://localhost:3000",
        "http://127.0.0.1:3000",
        "http://[::1]:3000",
    ] {
        for method in ["prefab/dev/restart", "prefab/dev/status"] {
            let (head, body) = send(origin, method);
            assert!(head.contains(" 403 "), "{origin} {method}: {head}");
            assert!(!body.contains("stdio"), "{body}");
        }
        let (head, _) = serve_support::http_with(
            &dev.addr,
            "GET",
            "/",
            &format!("Host: {}\r\nOrigin: {origin}", dev.addr),
            "",
        );
        assert!(head.contains(" 403 "), "the page for {origin}: {head}");
    }
    assert_eq!(
        result(&dev.addr, "prefab/dev/status", json!({}))["generation"],
        1,
        "nothing was restarted"
    );
    for own in [
        format!("http://127.0.0.1:{port}"),
        format!("http://localhost:{port}"),
    ] {
        let (head, body) = send(&own, "prefab/dev/status");
        assert!(head.contains(" 200 "), "{own}: {head}");
        assert!(body.contains("\"running\":true"), "{body}");
    }
    // The renderer bundle stays open to the views' opaque origin.
    let (head, _) = serve_support::http_with(
        &dev.addr,
        "GET",
        "/renderer/renderer.js",
        &format!("Host: {}\r\nOrigin: null", dev.addr),
        "",
    );
    assert!(head.contains(" 200 "), "{head}");
}

/// A page's long poll: `prefab/dev/status` with the `status` it knows, sent on a connection
/// of its own (the answer comes when the status moves on).
fn waiting_for_status(addr: &str, status: &Value) -> std::net::TcpStream {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "prefab/dev/status",
        "params": {"generation": status["generation"], "running": status["running"]}})
    .to_string();
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    stream
}

/// Issue 37: a reloaded page closes the connection of its waiting status request. The
/// handler ends with it; rmcp no longer waits for it in vain and warns "timed out draining
/// in-flight responses" (its wait for a cancelled request's handler is 2 s).
#[test]
fn a_page_that_goes_away_ends_its_status_wait() {
    let hello = hello().to_str().unwrap();
    let dev = dev("page-gone", &["--", hello, "stdio"]);
    let status = connected(&dev.addr);
    let stream = waiting_for_status(&dev.addr, &status);
    std::thread::sleep(std::time::Duration::from_millis(500));
    drop(stream);
    std::thread::sleep(std::time::Duration::from_secs(3));
    result(&dev.addr, "prefab/dev/status", json!({}));
    let log = dev.process.log();
    assert!(!log.contains("timed out draining"), "{log}");
}

#[test]
fn ctrl_c_answers_open_pages_and_stops_the_server() {
    let hello = hello().to_str().unwrap();
    let mut dev = dev("ctrl-c", &["--", hello, "stdio"]);
    let status = connected(&dev.addr);
    let server = children(dev.process.child.id());
    assert_eq!(server.len(), 1, "{server:?}");
    // A page waiting for the status to change: its request is sent before the interrupt,
    // and a request sent after it is answered (the connections are accepted in order).
    let mut stream = waiting_for_status(&dev.addr, &status);
    let waiting = std::thread::spawn(move || {
        let mut response = String::new();
        stream.read_to_string(&mut response).map(|_| response)
    });
    result(&dev.addr, "prefab/dev/status", json!({}));
    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &dev.process.child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let exit = dev.process.child.wait().unwrap();
    assert!(exit.success(), "{exit:?}: {}", dev.process.log());
    let last = waiting.join().unwrap().unwrap();
    assert!(last.starts_with("HTTP/1.1 200"), "{last}");
    let generation = format!("\"generation\":{}", status["generation"]);
    assert!(last.contains(&generation), "{last}");
    // The server's process is gone (killed, then reaped by init).
    let gone = || {
        std::fs::read_to_string(format!("/proc/{}/stat", server[0]))
            .map_or(true, |stat| stat.contains(") Z "))
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !gone() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(gone(), "the server outlived prefab dev");
}
