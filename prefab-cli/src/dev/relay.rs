//! The relay: an MCP server (what the preview host's page talks to at `/mcp`) that answers
//! each request with the target's answer, through [`Upstream`]. Results come back as the
//! target wrote them (structured content, `_meta`, input-required results); its JSON-RPC
//! errors keep their code and message.
//!
//! Two methods of its own serve the page: `prefab/dev/status` (the target's status; with
//! `{generation, running}` it waits, up to [`STATUS_WAIT`], until the status differs) and
//! `prefab/dev/restart`.
use super::paging::{self, Paged};
use super::upstream::{Status, Upstream};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientRequest, CompleteRequestParams, CompleteResult,
    CustomRequest, CustomResult, GetPromptRequestParams, GetPromptResponse, Implementation,
    InitializeRequestParams, InitializeResult, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ServerCapabilities, ServerConfig, ServerResult,
};
use rmcp::service::{Peer, RequestContext, RoleClient, RoleServer, ServiceError};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// How long `prefab/dev/status` waits for a change before it answers with the same status.
pub(crate) const STATUS_WAIT: Duration = Duration::from_secs(25);

/// The page's method for the target's status.
pub(crate) const STATUS_METHOD: &str = "prefab/dev/status";
/// The page's method to restart the target.
pub(crate) const RESTART_METHOD: &str = "prefab/dev/restart";

/// The relay's handler (one per request: the endpoint is stateless).
#[derive(Clone)]
pub(crate) struct Relay {
    upstream: Arc<Upstream>,
}

impl Relay {
    pub(crate) fn new(upstream: Arc<Upstream>) -> Relay {
        Relay { upstream }
    }

    /// The status as the page reads it: the target's [`label`](super::Target::label) (never
    /// the command's arguments).
    fn status_json(&self, status: &Status) -> Value {
        json!({
            "generation": status.generation,
            "running": status.running,
            "error": status.error,
            "target": self.upstream.target().label(),
            "restartable": self.upstream.target().is_command(),
        })
    }

    /// `prefab/dev/status`: now, or once it differs from the `{generation, running}` given,
    /// or once `cancelled` resolves: the request's cancellation, which rmcp fires when the
    /// page goes away (a reload closes the connection of its waiting request). rmcp then
    /// waits for the handler to return before it closes the request's transport, and warns
    /// "timed out draining in-flight responses" after 2 s if it does not.
    async fn status(&self, params: Option<&Value>, cancelled: impl Future<Output = ()>) -> Value {
        let known = params
            .and_then(|p| Some((p.get("generation")?.as_u64()?, p.get("running")?.as_bool()?)));
        if let Some((generation, running)) = known {
            let mut watch = self.upstream.watch();
            let changed = watch
                .wait_for(|s| s.generation != generation || s.running != running || s.stopping);
            tokio::select! {
                _ = tokio::time::timeout(STATUS_WAIT, changed) => {}
                () = cancelled => {}
            }
        }
        self.status_json(&self.upstream.status())
    }
}

impl Relay {
    /// A list: the page asked for with `request`'s cursor is passed on; asked for without
    /// one, every page's items come back in one answer (the page reads one answer), read as
    /// [`paging::gather`] does.
    async fn list<R, F, Fut>(
        &self,
        method: &str,
        request: Option<PaginatedRequestParams>,
        page: F,
    ) -> Result<R, McpError>
    where
        R: Paged,
        F: Fn(Peer<RoleClient>, Option<PaginatedRequestParams>) -> Fut,
        Fut: Future<Output = Result<R, ServiceError>>,
    {
        let one_page = request.as_ref().is_some_and(|r| r.cursor.is_some());
        let first = self.upstream.request(request, &page).await?;
        if one_page {
            return Ok(first);
        }
        paging::gather(method, first, |params| {
            self.upstream.request(Some(params), &page)
        })
        .await
    }
}

/// `Ok` for any answer of a custom request: its result, or the answer as JSON.
fn custom_result(result: ServerResult) -> Result<CustomResult, McpError> {
    match result {
        ServerResult::CustomResult(result) => Ok(result),
        other => serde_json::to_value(other)
            .map(CustomResult)
            .map_err(|e| McpError::internal_error(e.to_string(), None)),
    }
}

impl ServerHandler for Relay {
    fn get_info(&self) -> ServerConfig {
        let Some(info) = self.upstream.info() else {
            let capabilities = ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build();
            return ServerConfig::new(capabilities)
                .with_server_info(Implementation::new("prefab dev", env!("CARGO_PKG_VERSION")));
        };
        let mut config = ServerConfig::new(info.capabilities.clone());
        if let Some(server) = &info.server_info {
            config = config.with_server_info(server.clone());
        }
        config.instructions = info.instructions.clone();
        config
    }

    /// Answers once the target is up (or failed to start), so the answer carries its info.
    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        self.upstream.wait_connected().await;
        context.peer.set_peer_info(request.clone());
        self.negotiate_initialize(&request)
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        self.list("tools/list", request, |peer, r| async move {
            peer.list_tools(r).await
        })
        .await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        self.upstream
            .request(request, |peer, request| async move {
                peer.call_tool_once(request).await
            })
            .await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        self.list("resources/list", request, |peer, r| async move {
            peer.list_resources(r).await
        })
        .await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        self.list("resources/templates/list", request, |peer, r| async move {
            peer.list_resource_templates(r).await
        })
        .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        self.upstream
            .request(request, |peer, request| async move {
                peer.read_resource_once(request).await
            })
            .await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        self.list("prompts/list", request, |peer, r| async move {
            peer.list_prompts(r).await
        })
        .await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        self.upstream
            .request(request, |peer, request| async move {
                peer.get_prompt_once(request).await
            })
            .await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        self.upstream
            .request(request, |peer, request| async move {
                peer.complete(request).await
            })
            .await
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        match request.method.as_str() {
            STATUS_METHOD => {
                let status = self.status(request.params.as_ref(), context.ct.cancelled());
                Ok(CustomResult(status.await))
            }
            RESTART_METHOD => {
                self.upstream.restart();
                Ok(CustomResult(self.status_json(&self.upstream.status())))
            }
            _ => {
                let result = self
                    .upstream
                    .request(request, |peer, request| async move {
                        peer.send_request(ClientRequest::CustomRequest(request))
                            .await
                    })
                    .await?;
                custom_result(result)
            }
        }
    }
}
