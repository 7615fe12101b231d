//! Malformed JSON-RPC over HTTP gets a JSON-RPC error with the right code and a JSON body:
//! -32700 for text that is not JSON, -32600 for a batch or a non-message, -32602 for
//! `params` that do not fit a known method.
#![allow(clippy::unwrap_used)]

mod support;

use prefab_mcp::transport::HttpConfig;
use serde_json::{Value, json};
use support::{exchange, post, serve};

/// Posts `body`; returns the HTTP status and the parsed JSON answer.
async fn answer(body: &str) -> (u16, Value) {
    let server = serve(HttpConfig::default()).await;
    let (head, body) = exchange(server.addr, &post(body, "")).await;
    assert!(
        head.contains("content-type: application/json"),
        "{head}\n{body}"
    );
    let status = head[9..12].parse().unwrap();
    let json = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {head}\n{body}"));
    (status, json)
}

fn code(answer: &Value) -> &Value {
    &answer["error"]["code"]
}

#[tokio::test]
async fn text_that_is_not_json_is_a_parse_error() {
    for body in [
        "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\":",
        "not json",
        "{}}",
    ] {
        let (status, answer) = answer(body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(code(&answer), &json!(-32700), "{body}: {answer}");
        assert_eq!(answer["jsonrpc"], json!("2.0"));
        assert_eq!(answer.get("id"), None, "{answer}");
    }
}

#[tokio::test]
async fn a_batch_or_a_non_object_is_an_invalid_request() {
    for body in [
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#,
        "[]",
        "42",
        r#""tools/list""#,
        "null",
    ] {
        let (status, answer) = answer(body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(code(&answer), &json!(-32600), "{body}: {answer}");
    }
}

#[tokio::test]
async fn an_object_that_is_no_message_is_an_invalid_request_with_its_id() {
    let (status, answer) = answer(r#"{"jsonrpc":"1.0","id":7,"method":"tools/list"}"#).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(code(&answer), &json!(-32600), "{answer}");
    assert_eq!(answer["id"], json!(7));
}

#[tokio::test]
async fn params_that_do_not_fit_are_invalid_params() {
    for body in [
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"reveal"}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":5}}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{}}"#,
    ] {
        let (status, answer) = answer(body).await;
        assert_eq!(status, 200, "{body}: {answer}");
        assert_eq!(code(&answer), &json!(-32602), "{body}: {answer}");
        assert_eq!(answer["id"], json!(3), "{answer}");
    }
}

#[tokio::test]
async fn an_unknown_method_is_still_rmcps_method_not_found() {
    let server = serve(HttpConfig::default()).await;
    let body = r#"{"jsonrpc":"2.0","id":4,"method":"vendor/nothing","params":{}}"#;
    let (_, body) = exchange(server.addr, &post(body, "")).await;
    assert!(body.contains("-32601"), "{body}");
}
