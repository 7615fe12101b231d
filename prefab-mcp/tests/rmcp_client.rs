//! rmcp's own client against a server with the viewer attached: in process (duplex pipe,
//! like stdio) and over stateless Streamable HTTP on a loopback port.
#![allow(clippy::unwrap_used)]

use prefab::display::{Content, ToolResult};
use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
use prefab_mcp::{VIEWER_URI, Viewer, versioned_uri};
use rmcp::model::{CallToolRequestParams, ProtocolVersion, ReadResourceRequestParams};
use rmcp::service::RunningService;
use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{
    RoleClient, ServerHandler, ServiceExt, model::CallToolResult, tool, tool_handler, tool_router,
};
use serde_json::{Value, json};

#[derive(Clone)]
struct Demo;

#[tool_router]
impl Demo {
    #[tool(description = "Show a card", meta = prefab_mcp::ui_tool_meta())]
    async fn show_card(&self) -> CallToolResult {
        prefab_mcp::call_tool_result(ToolResult {
            content: vec![Content::text("Card shown")],
            structured_content: Some(envelope()),
            is_error: false,
            meta: None,
        })
    }

    #[tool(description = "Plain data")]
    async fn numbers(&self) -> CallToolResult {
        CallToolResult::structured(json!({"numbers": [1, 2, 3]}))
    }
}

#[tool_handler]
impl ServerHandler for Demo {}

fn envelope() -> Value {
    json!({"$prefab": {"version": "0.3"}, "view": {"type": "H1", "content": "Hi"}})
}

/// The exact `_meta` every viewer entry must carry, written out from the MCP Apps spec.
fn expected_resource_meta() -> Value {
    json!({"ui": {
        "csp": {"connectDomains": [], "resourceDomains": [], "frameDomains": [], "baseUriDomains": []},
        "permissions": {},
        "prefersBorder": true
    }})
}

fn viewer() -> Viewer {
    Viewer::new().prefers_border(true)
}

async fn check(client: &RunningService<RoleClient, ()>, protocol: ProtocolVersion) {
    let info = client.peer_info().unwrap();
    assert_eq!(info.protocol_version, protocol);
    let caps = serde_json::to_value(&info.capabilities).unwrap();
    assert_eq!(
        caps["extensions"]["io.modelcontextprotocol/ui"],
        json!({"mimeTypes": ["text/html;profile=mcp-app"]})
    );

    let tools = client.list_all_tools().await.unwrap();
    let by_name =
        |name: &str| serde_json::to_value(tools.iter().find(|t| t.name == name).unwrap()).unwrap();
    assert_eq!(
        by_name("show_card")["_meta"]["ui"],
        json!({"resourceUri": versioned_uri()})
    );
    assert_eq!(by_name("numbers").get("_meta"), None);

    let list = serde_json::to_value(client.list_resources(None).await.unwrap()).unwrap();
    assert_eq!(list["ttlMs"], json!(86_400_000));
    assert_eq!(list["cacheScope"], json!("public"));
    assert_eq!(list["resources"].as_array().unwrap().len(), 2);
    for entry in list["resources"].as_array().unwrap() {
        assert_eq!(entry["mimeType"], json!("text/html;profile=mcp-app"));
        assert_eq!(entry["_meta"], expected_resource_meta());
    }

    for uri in [VIEWER_URI.to_owned(), versioned_uri()] {
        let read = client
            .read_resource(ReadResourceRequestParams::new(uri.clone()))
            .await
            .unwrap();
        let read = serde_json::to_value(read).unwrap();
        assert_eq!(read["ttlMs"], json!(86_400_000));
        assert_eq!(read["cacheScope"], json!("public"));
        let item = &read["contents"][0];
        assert_eq!(item["uri"], json!(uri));
        assert_eq!(item["mimeType"], json!("text/html;profile=mcp-app"));
        assert_eq!(item["_meta"], expected_resource_meta());
        assert_eq!(item["text"].as_str().unwrap(), &*viewer().html());
    }
    let missing = client
        .read_resource(ReadResourceRequestParams::new("ui://prefab/nope"))
        .await;
    assert!(missing.is_err());

    let result = client
        .call_tool(CallToolRequestParams::new("show_card"))
        .await
        .unwrap();
    assert_eq!(result.structured_content, Some(envelope()));
    let text = serde_json::to_value(&result.content).unwrap();
    assert_eq!(text, json!([{"type": "text", "text": "Card shown"}]));
    assert_eq!(result.is_error, Some(false));
}

#[tokio::test]
async fn rmcp_client_in_process() {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let server = tokio::spawn(async move {
        let running = viewer().attach(Demo).serve(server_io).await.unwrap();
        running.waiting().await.unwrap();
    });
    let client = ().serve(client_io).await.unwrap();
    check(&client, ProtocolVersion::V_2025_11_25).await;
    client.cancel().await.unwrap();
    server.await.unwrap();
}

/// Serves the demo on a free loopback port (with the crate's accept loop, as `serve_http`
/// does); returns its MCP URL.
async fn http_server(config: HttpConfig) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = http_router(|| viewer().attach(Demo), &config);
    let server = tokio::spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    (format!("http://{addr}/mcp"), server)
}

#[tokio::test]
async fn rmcp_client_over_stateless_http_with_initialize() {
    let (url, server) = http_server(HttpConfig::default()).await;
    let client = ().serve(StreamableHttpClientTransport::from_uri(url)).await.unwrap();
    check(&client, ProtocolVersion::V_2025_11_25).await;
    client.cancel().await.unwrap();
    server.abort();
}

#[tokio::test]
async fn rmcp_client_over_stateless_http_2026_07_28() {
    let (url, server) = http_server(HttpConfig::default()).await;
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let client =
        ().serve_with_lifecycle(StreamableHttpClientTransport::from_uri(url), lifecycle)
            .await
            .unwrap();
    check(&client, ProtocolVersion::V_2026_07_28).await;
    client.cancel().await.unwrap();
    server.abort();
}

#[tokio::test]
async fn rmcp_client_over_http_with_sessions() {
    let (url, server) =
        http_server(HttpConfig::default().sessions(prefab_mcp::transport::Sessions::default()))
            .await;
    let client = ().serve(StreamableHttpClientTransport::from_uri(url)).await.unwrap();
    check(&client, ProtocolVersion::V_2025_11_25).await;
    client.cancel().await.unwrap();
    server.abort();
}
