use prefab::display::{Content, ToolResult};
use rmcp::{ServerHandler, model::CallToolResult, tool, tool_handler, tool_router};

struct Hello;

#[tool_router]
impl Hello {
    #[tool(description = "Greet the user with a card", meta = prefab_mcp::ui_tool_meta())]
    async fn greet(&self) -> CallToolResult {
        let view = serde_json::json!({"type": "H1", "content": "Hello!"});
        prefab_mcp::call_tool_result(ToolResult {
            content: vec![Content::text("Greeted the user (card shown in the UI)")],
            structured_content: Some(
                serde_json::json!({"$prefab": {"version": "0.3"}, "view": view}),
            ),
            is_error: false,
            meta: None,
        })
    }
}

#[tool_handler]
impl ServerHandler for Hello {}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = prefab_mcp::Viewer::new().attach(Hello);
    Ok(prefab_mcp::transport::serve_stdio(server).await?)
}
