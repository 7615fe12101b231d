//! The requests the conformance server's tools send the client (sampling and elicitation,
//! as the suite's scenarios specify them), and what the tools answer.
use rmcp::model::{CallToolResult, ContentBlock, CreateMessageRequestParams, ElicitRequestParams};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::{Value, json};

/// `sampling/createMessage` with `prompt` as the user's message (`tools-call-sampling`).
///
/// ```
/// let params = examples::conformance::asking::sampling("Hi").unwrap();
/// assert_eq!(params.max_tokens, 100);
/// ```
///
/// # Errors
/// When rmcp's sampling type no longer reads the scenario's request.
pub fn sampling(prompt: &str) -> Result<CreateMessageRequestParams, ErrorData> {
    parse(json!({
        "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
        "maxTokens": 100
    }))
}

/// `elicitation/create` for `test_elicitation`: a username and an email, both required.
///
/// ```
/// assert!(examples::conformance::asking::user_info("Who?").is_ok());
/// ```
///
/// # Errors
/// When rmcp's elicitation type no longer reads the scenario's request.
pub fn user_info(message: &str) -> Result<ElicitRequestParams, ErrorData> {
    parse(json!({
        "message": message,
        "requestedSchema": {
            "type": "object",
            "properties": {
                "username": {"type": "string", "description": "User's response"},
                "email": {"type": "string", "description": "User's email address"}
            },
            "required": ["username", "email"]
        }
    }))
}

/// `elicitation/create` whose fields all have defaults (SEP-1034).
///
/// ```
/// assert!(examples::conformance::asking::with_defaults().is_ok());
/// ```
///
/// # Errors
/// When rmcp's elicitation type no longer reads the scenario's request.
pub fn with_defaults() -> Result<ElicitRequestParams, ErrorData> {
    parse(json!({
        "message": "Please review the defaults",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "User name", "default": "John Doe"},
                "age": {"type": "integer", "description": "User age", "default": 30},
                "score": {"type": "number", "description": "User score", "default": 95.5},
                "status": {
                    "type": "string", "description": "User status",
                    "enum": ["active", "inactive", "pending"], "default": "active"
                },
                "verified": {"type": "boolean", "description": "Verification status", "default": true}
            }
        }
    }))
}

/// `elicitation/create` with every enum variant of SEP-1330.
///
/// ```
/// assert!(examples::conformance::asking::with_enums().is_ok());
/// ```
///
/// # Errors
/// When rmcp's elicitation type no longer reads the scenario's request.
pub fn with_enums() -> Result<ElicitRequestParams, ErrorData> {
    let options = ["option1", "option2", "option3"];
    parse(json!({
        "message": "Please pick options",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "untitledSingle": {"type": "string", "enum": options},
                "titledSingle": {"type": "string", "oneOf": [
                    {"const": "value1", "title": "First Option"},
                    {"const": "value2", "title": "Second Option"},
                    {"const": "value3", "title": "Third Option"}
                ]},
                "legacyEnum": {
                    "type": "string", "enum": ["opt1", "opt2", "opt3"],
                    "enumNames": ["Option One", "Option Two", "Option Three"]
                },
                "untitledMulti": {"type": "array", "items": {"type": "string", "enum": options}},
                "titledMulti": {"type": "array", "items": {"anyOf": [
                    {"const": "value1", "title": "First Choice"},
                    {"const": "value2", "title": "Second Choice"},
                    {"const": "value3", "title": "Third Choice"}
                ]}}
            }
        }
    }))
}

fn parse<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value)
        .map_err(|e| ErrorData::internal_error(format!("the scenario's request: {e}"), None))
}

/// Sends `params` as an elicitation (bounded by the transport, see
/// [`prefab_mcp::ask_client`]) and answers `Elicitation completed: …` with the client's
/// action and content, or a tool error saying why there is no answer.
pub async fn elicit(
    context: &RequestContext<RoleServer>,
    params: Result<ElicitRequestParams, ErrorData>,
) -> CallToolResult {
    let asked = async {
        let request = context.peer.create_elicitation(params?);
        prefab_mcp::ask_client(context, "elicitation", request).await
    };
    answer(asked.await, |result| {
        let result = serde_json::to_value(result).unwrap_or(Value::Null);
        format!(
            "Elicitation completed: action={}, content={}",
            result["action"].as_str().unwrap_or("unknown"),
            result.get("content").unwrap_or(&Value::Null)
        )
    })
}

/// Sends `prompt` for sampling and answers `LLM response: …`, or a tool error saying why
/// there is no answer.
pub async fn sample(context: &RequestContext<RoleServer>, prompt: &str) -> CallToolResult {
    let asked = async {
        let request = context.peer.create_message(sampling(prompt)?);
        prefab_mcp::ask_client(context, "sampling", request).await
    };
    answer(asked.await, |result| {
        let text = serde_json::to_value(&result.message.content)
            .ok()
            .and_then(|c| c["text"].as_str().map(str::to_owned))
            .unwrap_or_default();
        format!("LLM response: {text}")
    })
}

/// The tool's result: the client's answer as `text` says, or the error.
fn answer<T>(asked: Result<T, ErrorData>, text: impl FnOnce(T) -> String) -> CallToolResult {
    match asked {
        Ok(answer) => CallToolResult::success(vec![ContentBlock::text(text(answer))]),
        Err(e) => CallToolResult::error(vec![ContentBlock::text(e.message.to_string())]),
    }
}
