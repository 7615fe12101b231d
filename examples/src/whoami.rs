//! `whoami`: a tool that answers who called it, from the validated access token the HTTP
//! transport put into the request context (`prefab_mcp::transport::auth::Caller`). Served by
//! `prefab serve`; without `--authorization-server` it answers that no one signed in.
use prefab_mcp::transport::auth::Caller;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// The server with the `whoami` tool.
///
/// ```
/// use rmcp::ServerHandler;
/// let server = examples::whoami::Whoami;
/// assert!(server.get_info().capabilities.tools.is_some());
/// assert_eq!(examples::whoami::Whoami::tool_router().list_all()[0].name, "whoami");
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
        let mut result = CallToolResult::success(vec![ContentBlock::text(answer.to_string())]);
        result.structured_content = Some(answer);
        result
    }
}

#[tool_handler(name = "whoami", instructions = "Tells who is calling.")]
impl ServerHandler for Whoami {}
