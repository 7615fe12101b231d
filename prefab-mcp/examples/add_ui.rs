use prefab::display::{Content, ToolResult};
use rmcp::{ServerHandler, model::CallToolResult, tool, tool_handler, tool_router};

struct Hello;

#[tool_router]
impl Hello {
    #[tool(description = "Greet the user", meta = prefab_mcp::ui_tool_meta())] // rendered by the viewer
    async fn greet(&self) -> CallToolResult {
        let ui = serde_json::json!({"$prefab": {"version": "0.3"}, "view": {"type": "H1", "content": "Hello!"}});
        let text = vec![Content::text("Greeted the user (card shown in the UI)")];
        prefab_mcp::call_tool_result(ToolResult {
            content: text,
            structured_content: Some(ui),
            is_error: false,
            meta: None,
        })
    }
}

#[tool_handler]
impl ServerHandler for Hello {}

#[tokio::main]
async fn main() -> Result<(), prefab_mcp::transport::TransportError> {
    prefab_mcp::transport::serve_stdio(prefab_mcp::Viewer::new().attach(Hello)).await // viewer + capability
}
