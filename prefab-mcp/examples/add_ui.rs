use prefab::{H1, display::display};
use rmcp::{ServerHandler, model::CallToolResult, tool, tool_handler, tool_router};

struct Hello;

#[tool_router]
impl Hello {
    #[tool(description = "Greet the user", meta = prefab_mcp::ui_tool_meta())] // a UI tool
    async fn greet(&self) -> CallToolResult {
        prefab_mcp::call_tool_result(display(H1::new("Hello!")))
    }
}

#[tool_handler]
impl ServerHandler for Hello {}

#[tokio::main]
async fn main() -> Result<(), prefab_mcp::transport::TransportError> {
    let server = prefab_mcp::Viewer::new().attach(Hello); // serves the viewer, declares the UI
    prefab_mcp::transport::serve_stdio(server).await
}
