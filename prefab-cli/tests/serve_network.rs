//! `prefab serve` beyond loopback: the checks on `--bind`, the flags that go together, and
//! the JSON request log.
#![allow(clippy::unwrap_used)]

mod serve_support;

use serde_json::{Value, json};
use serve_support::{rpc, start};
use std::process::Command;

fn serve(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_network_refused"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_public_bind_without_allowed_hosts_is_refused() {
    let (code, err) = serve(&["--bind", "0.0.0.0"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--allowed-host"), "{err}");
}

#[test]
fn authorization_needs_both_the_server_and_the_audience() {
    let (code, err) = serve(&["--authorization-server", "https://login.example"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--audience"), "{err}");
}

#[test]
fn authorization_settings_that_cannot_be_served_are_refused_at_start() {
    // `--bind 0.0.0.0` without `--allowed-host` would stop the start too, later.
    for (issuer, audience, flag) in [
        ("https://login.example", "not-a-url", "--audience"),
        (
            "https://login.example",
            "http://127.0.0.1/mcp?x=1",
            "--audience",
        ),
        (
            "https://login.example",
            "http://127.0.0.1/mcp#frag",
            "--audience",
        ),
        (
            "http://login.example",
            "http://127.0.0.1/mcp",
            "--authorization-server",
        ),
    ] {
        let (code, err) = serve(&[
            "--bind",
            "0.0.0.0",
            "--authorization-server",
            issuer,
            "--audience",
            audience,
        ]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(flag), "{audience}: {err}");
    }
}

/// The complete JSON lines the server named `name` has written to standard error so far.
fn log_lines(name: &str) -> Vec<Value> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.stderr"));
    let text = std::fs::read_to_string(path).unwrap();
    // A line still being written has no newline yet.
    let complete = text.rfind('\n').map_or("", |end| &text[..end]);
    complete
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect()
}

/// The first log line of `name` that `wanted` accepts, waiting (bounded) for it: the server
/// writes a request's line as the answer leaves, not necessarily before the client reads it.
fn wait_for_line(name: &str, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let lines = log_lines(name);
        if let Some(line) = lines.iter().find(|l| wanted(l)) {
            return line.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no such line in {lines:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn json_logs_have_a_line_per_request_and_warn_of_a_public_bind_without_authorization() {
    let server = start(
        "serve_network_json",
        &[
            "--log-format",
            "json",
            "--bind",
            "127.0.0.1",
            "--allowed-host",
            "127.0.0.1",
        ],
    );
    rpc(&server, "tools/list", json!({}));
    let request = wait_for_line("serve_network_json", |l| {
        l["target"] == "prefab_mcp::request" && l["method"] == "tools/list"
    });
    assert_eq!(request["status"], 200);
    assert_eq!(request["path"], "/mcp");
    assert!(request["duration_ms"].is_number());
    drop(server);

    // 0.0.0.0 is not loopback (the server is stopped right away).
    let public = start(
        "serve_network_public",
        &[
            "--log-format",
            "json",
            "--bind",
            "0.0.0.0",
            "--allowed-host",
            "localhost",
        ],
    );
    drop(public);
    wait_for_line("serve_network_public", |l| {
        l["level"] == "WARN"
            && l["message"]
                .as_str()
                .unwrap_or("")
                .contains("--authorization-server")
    });
}
