//! Serving over standard input/output.
use super::TransportError;
use rmcp::{ServerHandler, ServiceExt};

/// Serves `handler` over standard input/output until the client closes the stream.
///
/// ```no_run
/// # async fn run() -> Result<(), prefab_mcp::transport::TransportError> {
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// prefab_mcp::transport::serve_stdio(prefab_mcp::Viewer::new().attach(MyServer)).await
/// # }
/// ```
///
/// # Errors
/// When the MCP handshake fails or the service task ends abnormally.
pub async fn serve_stdio<H: ServerHandler>(handler: H) -> Result<(), TransportError> {
    let running = handler
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| TransportError::new("start the stdio server", e))?;
    running
        .waiting()
        .await
        .map_err(|e| TransportError::new("run the stdio server", e))?;
    Ok(())
}
