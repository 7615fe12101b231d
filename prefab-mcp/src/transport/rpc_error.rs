//! JSON-RPC error answers the transports write themselves, for input rmcp would refuse
//! without a JSON-RPC answer (see `jsonrpc.rs` for HTTP, `stdio.rs` for over-long lines).
use rmcp::model::{ErrorData, RequestId, ServerJsonRpcMessage};

/// The longest reason put into an error message; longer text (such as a serde error that
/// quotes a huge string from the request) is cut with `…`.
const MAX_REASON_CHARS: usize = 200;

/// The serialized error message. Without `id` (when the request's id cannot be read) the
/// member is omitted, as the 2026-07-28 MCP revision and rmcp do.
pub(super) fn error_json(error: ErrorData, id: Option<RequestId>) -> Vec<u8> {
    serde_json::to_vec(&ServerJsonRpcMessage::error(error, id)).unwrap_or_else(|_| {
        // Serializing these plain types does not fail; keep an answer all the same.
        br#"{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"}}"#.to_vec()
    })
}

/// `text`, cut to [`MAX_REASON_CHARS`] characters.
pub(super) fn clipped(text: impl std::fmt::Display) -> String {
    let text = text.to_string();
    match text.char_indices().nth(MAX_REASON_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_REASON_CHARS, clipped, error_json};
    use rmcp::model::{ErrorData, RequestId};
    use serde_json::{Value, json};

    #[test]
    fn error_json_is_a_json_rpc_error_with_or_without_id() {
        let parsed = |bytes: Vec<u8>| serde_json::from_slice::<Value>(&bytes).ok();
        assert_eq!(
            parsed(error_json(ErrorData::parse_error("bad", None), None)),
            Some(json!({"jsonrpc": "2.0", "error": {"code": -32700, "message": "bad"}}))
        );
        assert_eq!(
            parsed(error_json(
                ErrorData::invalid_params("p", None),
                Some(RequestId::Number(7))
            )),
            Some(json!({"jsonrpc": "2.0", "id": 7, "error": {"code": -32602, "message": "p"}}))
        );
    }

    #[test]
    fn long_reasons_are_clipped_on_a_char_boundary() {
        let long = "é".repeat(MAX_REASON_CHARS + 50);
        let cut = clipped(&long);
        assert_eq!(cut.chars().count(), MAX_REASON_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(clipped("short"), "short");
    }
}
