//! rmcp's client drives the `hello` binary over stdio, as an MCP host would.
#![allow(clippy::unwrap_used)]

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ReadResourceRequestParams};
use rmcp::transport::TokioChildProcess;
use serde_json::json;

#[tokio::test]
async fn hello_over_stdio_with_rmcp_client() {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_hello"));
    command.arg("stdio");
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();

    let caps = serde_json::to_value(&client.peer_info().unwrap().capabilities).unwrap();
    assert_eq!(
        caps["extensions"]["io.modelcontextprotocol/ui"],
        json!({"mimeTypes": ["text/html;profile=mcp-app"]})
    );

    let tools = client.list_all_tools().await.unwrap();
    let mut ui: Vec<&str> = tools
        .iter()
        .filter(|t| prefab_mcp::is_ui_tool(t))
        .map(|t| t.name.as_ref())
        .collect();
    ui.sort_unstable();
    // `invite_user` shows its form when arguments are missing or wrong.
    assert_eq!(ui, ["invite_user", "show_users"]);
    let show = tools.iter().find(|t| t.name == "show_users").unwrap();
    let uri = show.meta.as_ref().unwrap()["ui"]["resourceUri"]
        .as_str()
        .unwrap()
        .to_owned();

    let read = client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await
        .unwrap();
    let read = serde_json::to_value(read).unwrap();
    assert_eq!(
        read["contents"][0]["mimeType"],
        json!("text/html;profile=mcp-app")
    );
    assert_eq!(read["ttlMs"], json!(86_400_000));
    assert_eq!(read["cacheScope"], json!("public"));

    let result = client
        .call_tool(CallToolRequestParams::new("show_users"))
        .await
        .unwrap();
    let envelope = result.structured_content.unwrap();
    assert_eq!(envelope["$prefab"]["version"], json!("0.3"));
    let text = result.content[0].as_text().unwrap().text.clone();
    assert!(text.len() < 2000 && text.contains("300 users"), "{text}");

    client.cancel().await.unwrap();
}
