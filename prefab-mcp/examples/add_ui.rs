use rmcp::{ServerHandler, model::CallToolResult, tool, tool_handler, tool_router};
use serde_json::json;

struct Hello;

#[tool_router]
impl Hello {
    #[tool(description = "Greet the user", meta = prefab_mcp::ui_tool_meta())] // a UI tool
    async fn greet(&self) -> CallToolResult {
        let card = prefab::display::display(json!({"type": "H1", "content": "Hello!"}));
        prefab_mcp::call_tool_result(card) // the UI for the host, a short text for the model
    }
}

#[tool_handler]
impl ServerHandler for Hello {}

#[tokio::main]
async fn main() -> Result<(), prefab_mcp::transport::TransportError> {
    let server = prefab_mcp::Viewer::new().attach(Hello); // serves the viewer, declares the UI
    prefab_mcp::transport::serve_stdio(server).await
}
