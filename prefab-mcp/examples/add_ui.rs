use prefab::H1;
use prefab::display::{ToolResult, display};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};

struct Hello;

#[tool_router]
impl Hello {
    #[tool(description = "Greet the user", meta = prefab_mcp::ui_tool_meta())] // a UI tool
    async fn greet(&self) -> ToolResult {
        display(H1::new("Hello!")) // the view, and a short text for the model
    }
}

#[tool_handler]
impl ServerHandler for Hello {}

#[tokio::main]
async fn main() -> Result<(), prefab_mcp::transport::TransportError> {
    let server = prefab_mcp::Viewer::new().attach(Hello); // serves the viewer, declares the UI
    prefab_mcp::transport::serve_stdio(server).await
}
