//! A tool router built by hand (no `#[tool]` macro): `set_ui_tools` marks the UI tool and
//! leaves the other data-only, and results convert with `call_tool_result`.
#![allow(clippy::unwrap_used)]

use prefab::display::{Content, ToolResult};
use prefab_mcp::{Viewer, call_tool_result, set_ui_tools};
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::{ServerHandler, ServiceExt, tool_handler};
use serde_json::{Map, json};
use std::sync::Arc;

struct Manual {
    router: ToolRouter<Manual>,
}

#[tool_handler(router = self.router)]
impl ServerHandler for Manual {}

fn tool(name: &'static str) -> Tool {
    let mut schema = Map::new();
    schema.insert("type".into(), json!("object"));
    let tool = Tool::new(name, "test tool", Arc::new(schema));
    // A stale UI marker that `set_ui_tools` must remove from the data tool.
    let stale = prefab_mcp::meta::UiToolMeta::new("ui://old");
    if name == "data" {
        prefab_mcp::mark_ui_tool(tool, &stale)
    } else {
        tool
    }
}

fn router(viewer: &Viewer) -> ToolRouter<Manual> {
    let mut router = ToolRouter::new()
        .with_route(ToolRoute::new_dyn(tool("show"), |_| {
            Box::pin(async {
                Ok(call_tool_result(ToolResult {
                    content: vec![Content::text("shown")],
                    structured_content: Some(json!({"$prefab": {"version": "0.3"}})),
                    is_error: false,
                    meta: None,
                })
                .into())
            })
        }))
        .with_route(ToolRoute::new_dyn(tool("data"), |_| {
            Box::pin(async { Ok(CallToolResult::structured(json!({"n": 1})).into()) })
        }));
    set_ui_tools(&mut router, &["show"], &viewer.tool_meta()).unwrap();
    router
}

#[tokio::test]
async fn manual_router_marks_only_the_ui_tool() {
    let viewer = Viewer::new();
    let server = viewer.attach(Manual {
        router: router(&viewer),
    });
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let task = tokio::spawn(async move {
        server
            .serve(server_io)
            .await
            .unwrap()
            .waiting()
            .await
            .unwrap();
    });
    let client = ().serve(client_io).await.unwrap();

    let tools = client.list_all_tools().await.unwrap();
    let meta = |name: &str| {
        serde_json::to_value(tools.iter().find(|t| t.name == name).unwrap()).unwrap()["_meta"]
            .clone()
    };
    assert_eq!(
        meta("show"),
        json!({"ui": {"resourceUri": prefab_mcp::versioned_uri()}, "ui/resourceUri": prefab_mcp::versioned_uri()})
    );
    assert_eq!(meta("data"), serde_json::Value::Null);

    let shown = client
        .call_tool(CallToolRequestParams::new("show"))
        .await
        .unwrap();
    assert_eq!(
        shown.structured_content,
        Some(json!({"$prefab": {"version": "0.3"}}))
    );
    assert_eq!(
        serde_json::to_value(&shown.content).unwrap(),
        json!([{"type": "text", "text": "shown"}])
    );

    client.cancel().await.unwrap();
    task.await.unwrap();
}
