//! One `tools/call` through the proxy over stateless Streamable HTTP (a fresh connection per
//! call, so a call never waits behind another), and what its answer says happened.
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// How long a call may stay unanswered before it counts as hanging.
pub const HANG: Duration = Duration::from_secs(10);

/// What a call's answer says about its write.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A JSON-RPC result without `isError`: the write is stored (with the id of what it
    /// created, if anything; the board the answer carries is not kept).
    Acked(Option<String>),
    /// A clean refusal: a tool error or JSON-RPC error from an instance, or `503` from the
    /// proxy (no instance to send it to). A tool error may still have been stored (the
    /// database committed, then the connection broke before it said so).
    Refused(String),
    /// The request may have reached an instance, but no answer says what happened (`502`
    /// from the proxy when the instance died mid-request, a reset connection).
    Unknown(String),
    /// No answer within [`HANG`].
    Hung,
}

fn request(name: &str, arguments: &Value) -> String {
    json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    })
    .to_string()
}

/// Calls tool `name` with `arguments` through the proxy on loopback `port`; returns the
/// outcome and the instance that answered (the proxy's `X-Prefab-Instance`).
pub fn call(port: u16, name: &str, arguments: &Value) -> (Outcome, Option<String>) {
    match exchange(port, &request(name, arguments)) {
        Ok((status, instance, body)) => (classify(status, &body), instance),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            (Outcome::Hung, None)
        }
        Err(e) => (Outcome::Unknown(e.to_string()), None),
    }
}

/// Calls tool `name` until an instance answers it (at most `tries` times, 100 ms apart: the
/// instances may still be coming up behind the proxy) and returns its `structuredContent`.
pub fn structured(port: u16, name: &str, arguments: &Value, tries: u32) -> Result<Value, String> {
    let request = request(name, arguments);
    let mut last = String::new();
    for _ in 0..tries {
        match exchange(port, &request) {
            Ok((200, _, body)) => {
                let answer: Value = serde_json::from_str(&body)
                    .map_err(|e| format!("{name}: an answer that is not JSON: {e}"))?;
                let result = &answer["result"];
                if result.is_object() && result["isError"] != true {
                    return Ok(result["structuredContent"].clone());
                }
                last = answer.to_string();
            }
            Ok((status, _, body)) => last = format!("HTTP {status}: {body}"),
            Err(e) => last = e.to_string(),
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(format!("{name} through the proxy: {last}"))
}

fn classify(status: u16, body: &str) -> Outcome {
    match status {
        200 => {}
        503 => return Outcome::Refused("503 from the proxy".into()),
        other => return Outcome::Unknown(format!("HTTP {other}")),
    }
    let Ok(answer) = serde_json::from_str::<Value>(body) else {
        return Outcome::Unknown("an answer that is not JSON".into());
    };
    if let Some(error) = answer.get("error") {
        return Outcome::Refused(format!("JSON-RPC error {error}"));
    }
    let result = &answer["result"];
    if result["isError"] == true {
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        return Outcome::Refused(text.chars().take(120).collect());
    }
    if result.is_object() {
        Outcome::Acked(
            result["structuredContent"]["created"]
                .as_str()
                .map(str::to_owned),
        )
    } else {
        Outcome::Unknown("a JSON-RPC answer without result".into())
    }
}

/// One HTTP/1.1 `POST /mcp` (`Connection: close`): the status, `X-Prefab-Instance` and body.
fn exchange(port: u16, body: &str) -> std::io::Result<(u16, Option<String>, String)> {
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(2))?;
    stream.set_read_timeout(Some(HANG))?;
    stream.set_write_timeout(Some(HANG))?;
    write!(
        stream,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes)?;
    let response = String::from_utf8_lossy(&bytes);
    let invalid = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP response");
    let (head, body) = response.split_once("\r\n\r\n").ok_or_else(invalid)?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(invalid)?;
    let header = |name: &str| {
        head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    };
    let body = if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        unchunk(body).ok_or_else(invalid)?
    } else {
        body.to_owned()
    };
    Ok((status, header("x-prefab-instance"), body))
}

fn unchunk(mut body: &str) -> Option<String> {
    let mut out = String::new();
    loop {
        let (size, rest) = body.split_once("\r\n")?;
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        if n == 0 {
            return Some(out);
        }
        out.push_str(rest.get(..n)?);
        body = rest.get(n + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_classified_by_what_they_say_about_the_write() {
        let result = |r: Value| json!({"jsonrpc": "2.0", "id": 1, "result": r}).to_string();
        let stored = result(json!({"structuredContent": {"created": "c7"}}));
        assert_eq!(classify(200, &stored), Outcome::Acked(Some("c7".into())));
        let tool_error = result(
            json!({"isError": true, "content": [{"type": "text", "text": "storage: down"}]}),
        );
        assert_eq!(
            classify(200, &tool_error),
            Outcome::Refused("storage: down".into())
        );
        let rpc_error = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603}}).to_string();
        assert!(matches!(classify(200, &rpc_error), Outcome::Refused(_)));
        assert!(matches!(classify(503, ""), Outcome::Refused(_)));
        assert!(matches!(classify(502, ""), Outcome::Unknown(_)));
        assert!(matches!(classify(200, "<html>"), Outcome::Unknown(_)));
    }

    #[test]
    fn chunked_bodies_are_joined_and_cut_ones_refused() {
        assert_eq!(
            unchunk("3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n").as_deref(),
            Some("abcde")
        );
        assert_eq!(unchunk("9\r\nabc"), None);
    }
}
