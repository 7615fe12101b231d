//! Bounds on what one request body can make the server build or repeat, checked before
//! anything parses the body into values: how many JSON values it holds (each costs tens of
//! bytes once parsed, so a body of small numbers would otherwise grow twenty-fold, once per
//! parse), and how long the method, name and URI are that error answers and rmcp's warnings
//! quote.
use rmcp::model::RequestId;
use serde::Deserialize;
use serde_json::Value;

/// The most JSON values (objects, arrays, and the members and items between commas) one
/// request body may hold. A 4 MiB body of small numbers holds about two million; this
/// keeps what one request parses to a few megabytes whatever the body.
pub(super) const MAX_JSON_VALUES: usize = 65_536;
/// The longest JSON-RPC method name accepted (the longest MCP method has 38 bytes).
pub(super) const MAX_METHOD_BYTES: usize = 256;
/// The longest `params.name` (tool or prompt) accepted; MCP asks for tool names of at most
/// 128 characters.
pub(super) const MAX_NAME_BYTES: usize = 1024;
/// The longest `params.uri` (resource) accepted.
pub(super) const MAX_URI_BYTES: usize = 8 * 1024;

/// An upper estimate of the JSON values in `body`: one, and one more for each `[`, `{` and
/// `,` outside strings. Stops counting past `limit`.
pub(super) fn json_values(body: &[u8], limit: usize) -> usize {
    let (mut count, mut in_string, mut escaped) = (1usize, false, false);
    for &b in body {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' | b',' => {
                count += 1;
                if count > limit {
                    break;
                }
            }
            _ => {}
        }
    }
    count
}

/// The strings of a request that answers and logs may quote.
#[derive(Deserialize)]
struct Quoted {
    id: Option<Value>,
    method: Option<Value>,
    params: Option<Value>,
}

/// A member of a request longer than its bound.
#[derive(Debug, PartialEq)]
pub(super) struct Overlong {
    /// `method`, `params.name` or `params.uri`.
    pub(super) member: &'static str,
    pub(super) limit: usize,
    /// The request's id, when it has a usable one.
    pub(super) id: Option<RequestId>,
}

/// The member of `body` that is too long, if one is.
pub(super) fn overlong(body: &[u8]) -> Option<Overlong> {
    let quoted = serde_json::from_slice::<Quoted>(body).ok()?;
    let len = |v: Option<&Value>| v.and_then(Value::as_str).map_or(0, str::len);
    let param = |name: &str| quoted.params.as_ref().and_then(|p| p.get(name));
    let (member, limit) = if len(quoted.method.as_ref()) > MAX_METHOD_BYTES {
        ("method", MAX_METHOD_BYTES)
    } else if len(param("name")) > MAX_NAME_BYTES {
        ("params.name", MAX_NAME_BYTES)
    } else if len(param("uri")) > MAX_URI_BYTES {
        ("params.uri", MAX_URI_BYTES)
    } else {
        return None;
    };
    let id = quoted.id.and_then(|id| serde_json::from_value(id).ok());
    Some(Overlong { member, limit, id })
}

#[cfg(test)]
mod tests {
    use super::{json_values, overlong};
    use rmcp::model::RequestId;

    #[test]
    fn values_are_counted_outside_strings() {
        assert_eq!(json_values(br#"{"a":[1,2,3],"b":"x,[{"}"#, 100), 6);
        assert_eq!(json_values(br#""\",[""#, 100), 1);
        assert_eq!(json_values(&[b'['; 50], 10), 11);
    }

    #[test]
    fn long_names_are_found() {
        let long = "m".repeat(300);
        let body = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"{long}"}}"#);
        let found = overlong(body.as_bytes()).map(|o| (o.member, o.limit, o.id));
        assert_eq!(found, Some(("method", 256, Some(RequestId::Number(1)))));
        let fine = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#;
        assert_eq!(overlong(fine.as_bytes()), None);
    }
}
