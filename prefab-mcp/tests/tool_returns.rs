//! A `#[tool]` fn returns a prefab `ToolResult`, or `Result<ToolResult, ToolError>`, as it
//! is (prefab's `rmcp` feature): seen through rmcp's own client, in process.
#![allow(clippy::unwrap_used)]

use prefab::auto::auto_table;
use prefab::display::{Notice, ToolError, ToolResult, display};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

#[derive(Clone)]
struct Shop;

#[tool_router]
impl Shop {
    #[tool(description = "A view", meta = prefab_mcp::ui_tool_meta())]
    async fn plain(&self) -> ToolResult {
        display(prefab::H1::new("Orders"))
    }

    #[tool(description = "A table, or the error view", meta = prefab_mcp::ui_tool_meta())]
    async fn table(&self) -> Result<ToolResult, ToolError> {
        Ok(display(auto_table(&[json!({"item": "Pen", "qty": 2})])?))
    }

    #[tool(description = "An auto renderer that fails, with `?`", meta = prefab_mcp::ui_tool_meta())]
    async fn broken_table(&self) -> Result<ToolResult, ToolError> {
        // A map with non-string keys cannot be JSON: `auto_table` fails.
        let rows = std::collections::BTreeMap::from([((1, 2), "a")]);
        Ok(display(auto_table(&rows)?))
    }

    #[tool(description = "A failure with a hint", meta = prefab_mcp::ui_tool_meta())]
    async fn refused(&self) -> Result<ToolResult, ToolError> {
        Err(Notice::new("Out of stock").hint("Try tomorrow.").into())
    }

    #[tool(description = "An I/O error through `?`")]
    async fn io(&self) -> Result<ToolResult, ToolError> {
        let text = std::fs::read_to_string("/nonexistent/prefab-orders.json")?;
        Ok(display(prefab::Text::new(text)))
    }
}

#[tool_handler]
impl ServerHandler for Shop {}

async fn call(client: &RunningService<RoleClient, ()>, name: &'static str) -> CallToolResult {
    client
        .call_tool(CallToolRequestParams::new(name))
        .await
        .unwrap()
}

fn text(result: &CallToolResult) -> String {
    result.content[0].as_text().unwrap().text.clone()
}

/// The first child of the view's root: the component the tool showed.
fn shown(result: &CallToolResult) -> Map<String, Value> {
    let envelope = result.structured_content.as_ref().unwrap();
    envelope["view"]["children"][0].as_object().unwrap().clone()
}

#[tokio::test]
async fn tools_return_prefab_results_and_errors_as_they_are() {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let server = tokio::spawn(async move {
        let running = prefab_mcp::Viewer::new()
            .attach(Shop)
            .serve(server_io)
            .await
            .unwrap();
        running.waiting().await.unwrap();
    });
    let client = ().serve(client_io).await.unwrap();

    let plain = call(&client, "plain").await;
    assert_eq!(
        (plain.is_error, text(&plain)),
        (Some(false), "# Orders".to_owned())
    );
    assert_eq!(shown(&plain)["type"], "H1");

    let table = call(&client, "table").await;
    assert_eq!(table.is_error, Some(false));
    assert_eq!(shown(&table)["type"], "DataTable");

    // The error view: a destructive Alert, and its headline is the text the model reads.
    let broken = call(&client, "broken_table").await;
    assert_eq!(broken.is_error, Some(true));
    assert!(
        text(&broken).starts_with("### auto_table: input is not representable as JSON"),
        "{}",
        text(&broken)
    );
    let alert = &shown(&broken)["children"][0];
    assert_eq!(
        (alert["type"].as_str(), alert["variant"].as_str()),
        (Some("Alert"), Some("destructive"))
    );

    let refused = call(&client, "refused").await;
    assert_eq!(
        (refused.is_error, text(&refused)),
        (Some(true), "### Out of stock\nTry tomorrow.".to_owned())
    );

    let io = call(&client, "io").await;
    assert_eq!(io.is_error, Some(true));
    assert!(text(&io).contains("No such file"), "{}", text(&io));

    client.cancel().await.unwrap();
    server.await.unwrap();
}
