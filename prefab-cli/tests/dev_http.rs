//! `prefab dev --url`: the relay in front of `hello http` answers exactly as `hello` does
//! (results, `_meta` and structured content untouched), sends the `--header`s, and says
//! clearly when the server is down.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used)]

mod dev_support;
mod serve_support;

use dev_support::{dev, hello_http};
use serde_json::json;
use serve_support::answer;
use std::io::{BufRead, BufReader, Write};

#[test]
fn answers_as_the_server_does() {
    let (_hello, hello) = hello_http("relay");
    let url = format!("http://{hello}/mcp");
    let dev = dev("url", &["--url", &url]);
    assert_eq!(dev.target, url);
    let tools = answer(&hello, "tools/list", json!({}));
    assert!(
        tools["result"]["tools"]
            .as_array()
            .is_some_and(|t| t.len() >= 3),
        "{tools}"
    );
    let uri = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|t| t["_meta"]["ui"]["resourceUri"].as_str())
        .expect("a UI tool")
        .to_string();
    let show_users = json!({"name": "show_users", "arguments": {}, "_meta": {"progressToken": 7}});
    for (method, params) in [
        ("tools/list", json!({})),
        ("tools/call", show_users),
        (
            "tools/call",
            json!({"name": "user_stats", "arguments": {"ignored": [1, {"a": null}]}}),
        ),
        (
            "tools/call",
            json!({"name": "no_such_tool", "arguments": {}}),
        ),
        ("resources/list", json!({})),
        ("resources/read", json!({"uri": uri})),
    ] {
        let direct = answer(&hello, method, params.clone());
        let relayed = answer(&dev.addr, method, params.clone());
        assert_eq!(relayed, direct, "{method} {params}");
    }
}

#[test]
fn sends_the_headers_and_reports_a_server_that_is_down() {
    // A "server" that records the first request's head and closes.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let dev = dev(
        "headers",
        &[
            "--url",
            &url,
            "--header",
            "Authorization: Bearer s3cret",
            "--header",
            "X-Team: blue",
        ],
    );
    let (stream, _) = listener.accept().unwrap();
    let mut head = Vec::new();
    let mut reader = BufReader::new(&stream);
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 || line == "\r\n" {
            break;
        }
        head.push(line.trim_end().to_ascii_lowercase());
    }
    let _ = (&stream).write_all(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n");
    drop(stream);
    drop(listener);
    assert!(
        head.iter().any(|h| h == "authorization: bearer s3cret"),
        "{head:?}"
    );
    assert!(head.iter().any(|h| h == "x-team: blue"), "{head:?}");

    // The page is told which server is down by its scheme, host and port only: the rest of a
    // target's URL (a path, a query with a key) is not shown to the page.
    let failed = answer(&dev.addr, "tools/list", json!({}));
    let message = failed["error"]["message"].as_str().unwrap_or_default();
    let origin = url.trim_end_matches("/mcp");
    assert!(
        message.contains(origin) && message.contains("is not running"),
        "{failed}"
    );
    assert!(
        !message.contains(&url),
        "the page sees the target's path: {failed}"
    );
}
