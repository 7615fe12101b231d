//! `whoami`: a tool that answers who called it, from the validated access token the HTTP
//! transport put into the request context (`prefab_mcp::transport::auth::Caller`). Served by
//! `prefab serve`; without `--authorization-server` it answers that no one signed in.
//! `whoami_downstream` asks a downstream API the same, with a token exchanged for the caller
//! (`Caller::on_behalf_of`, RFC 8693; `prefab serve --client-id … --downstream URL`).
use prefab_mcp::transport::auth::Caller;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The server with the `whoami` tool.
///
/// ```
/// use rmcp::ServerHandler;
/// let server = examples::whoami::Whoami;
/// assert!(server.get_info().capabilities.tools.is_some());
/// let tools = examples::whoami::Whoami::tool_router().list_all();
/// assert!(tools.iter().any(|t| t.name == "whoami"));
/// assert!(tools.iter().any(|t| t.name == "whoami_downstream"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Whoami;

#[tool_router(vis = "pub")]
impl Whoami {
    /// The caller's subject, client and scopes as JSON (structured content too).
    #[tool(description = "Tell who is calling: the signed-in subject, OAuth client and scopes")]
    pub async fn whoami(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        let answer = match Caller::from_context(&context) {
            Some(caller) => json!({
                "subject": caller.subject(),
                "client": caller.client_id(),
                "scopes": caller.scopes(),
            }),
            None => json!({"subject": null, "note": "this endpoint has no authorization"}),
        };
        json_result(answer)
    }

    /// `GET`s `api` (one of the server's downstream APIs) with a token the authorization
    /// server issued for it in exchange for the caller's, and answers the API's JSON (or
    /// text); an error result when no token could be had or the API failed.
    #[tool(
        description = "Ask a downstream API who is calling: it is called for the signed-in caller with a token exchanged for it"
    )]
    pub async fn whoami_downstream(
        &self,
        Parameters(Downstream { api }): Parameters<Downstream>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        let Some(caller) = Caller::from_context(&context) else {
            return error("this endpoint has no authorization");
        };
        let request = match caller.on_behalf_of(&api).await.and_then(|u| u.get(&api)) {
            Ok(request) => request,
            Err(e) => return error(&e.to_string()),
        };
        let response = match request.send().await {
            Ok(response) => response,
            Err(e) => return error(&format!("{api}: {}", e.without_url())),
        };
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        if !status.is_success() {
            return error(&format!("{api}: HTTP {status}"));
        }
        json_result(serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }
}

/// The arguments of `whoami_downstream`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
pub struct Downstream {
    /// The downstream API's URL, as listed with `--downstream`.
    pub api: String,
}

/// `answer` as the tool's text and structured content.
fn json_result(answer: Value) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(answer.to_string())]);
    result.structured_content = Some(answer);
    result
}

/// An error result saying `text`.
fn error(text: &str) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text)])
}

#[tool_handler(
    name = "whoami",
    instructions = "Tells who is calling, here and at a downstream API."
)]
impl ServerHandler for Whoami {}
