//! A handler that has resources of its own keeps them when the viewer is attached.
#![allow(clippy::unwrap_used)]

use prefab_mcp::{VIEWER_URI, Viewer, versioned_uri};
use rmcp::model::{
    CacheScope, ListResourcesResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use serde_json::json;

struct Files;

impl ServerHandler for Files {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        Ok(
            ListResourcesResult::with_all_items(vec![Resource::new("file:///notes.txt", "notes")])
                .with_ttl_ms(1_000)
                .with_cache_scope(CacheScope::Private),
        )
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        if request.uri == "file:///notes.txt" {
            let item = ResourceContents::text("hello", request.uri);
            return Ok(ReadResourceResult::new(vec![item]).into());
        }
        Err(McpError::resource_not_found(
            "no such resource",
            Some(json!({"uri": request.uri})),
        ))
    }
}

#[tokio::test]
async fn own_resources_are_kept_next_to_the_viewer() {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let server = tokio::spawn(async move {
        let running = Viewer::new().attach(Files).serve(server_io).await.unwrap();
        running.waiting().await.unwrap();
    });
    let client = ().serve(client_io).await.unwrap();

    let list = client.list_resources(None).await.unwrap();
    let uris: Vec<&str> = list.resources.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(
        uris,
        [VIEWER_URI, versioned_uri().as_str(), "file:///notes.txt"]
    );
    // The stricter cache hints win: the handler's 1 s private list is not cached for 24 h.
    assert_eq!(list.ttl_ms, Some(1_000));
    assert_eq!(list.cache_scope, Some(CacheScope::Private));

    let notes = client
        .read_resource(ReadResourceRequestParams::new("file:///notes.txt"))
        .await
        .unwrap();
    assert_eq!(
        serde_json::to_value(&notes.contents[0]).unwrap()["text"],
        json!("hello")
    );
    let err = client
        .read_resource(ReadResourceRequestParams::new("file:///x"))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no such resource"), "{err}");

    client.cancel().await.unwrap();
    server.await.unwrap();
}

/// A handler without resources of its own (rmcp's default answers the templates list with
/// -32601 for it).
struct Plain;

impl ServerHandler for Plain {}

/// What `resources/templates/list` answers over the viewer attached to `handler`.
async fn templates_of<H: ServerHandler>(handler: H) -> Result<usize, rmcp::ServiceError> {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let server = tokio::spawn(async move {
        let running = Viewer::new()
            .attach(handler)
            .serve(server_io)
            .await
            .unwrap();
        running.waiting().await.unwrap();
    });
    let client = ().serve(client_io).await.unwrap();
    assert!(client.peer_info().unwrap().capabilities.resources.is_some());
    let templates = client.list_resource_templates(None).await;
    client.cancel().await.unwrap();
    server.await.unwrap();
    templates.map(|t| t.resource_templates.len())
}

#[tokio::test]
async fn resource_templates_are_listed_since_the_viewer_declares_resources() {
    assert_eq!(templates_of(Plain).await.unwrap(), 0);
    assert_eq!(templates_of(Files).await.unwrap(), 0);
}
