//! [`WithViewer`]: any rmcp server handler plus the prefab viewer resource.
//!
//! rmcp has no resource router, so the viewer is added by wrapping the handler: the
//! wrapper answers the viewer's part of `resources/list` and `resources/read`, adds the
//! MCP Apps capability to `get_info`, `initialize` and `server/discover`, and forwards
//! every other method unchanged. Because the wrapper is itself a [`ServerHandler`], rmcp
//! still applies its per-protocol checks (request `_meta`, versions, cache-hint defaults)
//! to the viewer's answers, and it works with every transport, including
//! `StreamableHttpService`.
#![allow(deprecated)] // `subscribe`/`unsubscribe` are deprecated in rmcp but must be forwarded.

use crate::Viewer;
use crate::capability::declare_ui;
use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, CancelTaskParams,
    CancelledNotificationParam, CompleteRequestParams, CompleteResult, CustomNotification,
    CustomRequest, CustomResult, DiscoverResult, ErrorCode, GetPromptRequestParams,
    GetPromptResponse, GetSkillRequestParams, GetSkillResult, GetTaskParams, GetTaskResult,
    InitializeRequestParams, InitializeResult, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListSkillsResult, ListToolsResult, PaginatedRequestParams,
    ProgressNotificationParam, ProtocolVersion, ReadResourceDirectoryRequestParams,
    ReadResourceDirectoryResult, ReadResourceRequestParams, ReadResourceResponse, ServerConfig,
    SetLevelRequestParams, SubscribeRequestParams, SubscriptionFilter, Tool,
    UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use std::borrow::Cow;

/// A server handler with the prefab viewer attached; made by [`Viewer::attach`].
///
/// ```
/// use prefab_mcp::{Viewer, VIEWER_URI};
/// use rmcp::{ServerHandler, model::{ServerCapabilities, ServerConfig}};
///
/// struct Empty;
/// impl ServerHandler for Empty {
///     fn get_info(&self) -> ServerConfig {
///         ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
///     }
/// }
/// let server = Viewer::new().attach(Empty);
/// assert!(server.viewer().serves(VIEWER_URI));
/// assert!(server.get_info().capabilities.resources.is_some());
/// ```
#[derive(Debug, Clone)]
pub struct WithViewer<H> {
    viewer: Viewer,
    inner: H,
}

impl<H> WithViewer<H> {
    pub(crate) fn new(viewer: Viewer, inner: H) -> Self {
        WithViewer { viewer, inner }
    }

    /// The attached viewer.
    #[must_use]
    pub fn viewer(&self) -> &Viewer {
        &self.viewer
    }

    /// The wrapped handler.
    #[must_use]
    pub fn inner(&self) -> &H {
        &self.inner
    }
}

/// The viewer entries first (on the first page only), then the handler's own resources.
/// Cache hints: the viewer's when the handler lists nothing; otherwise the stricter of the
/// two, and none when the handler gave none.
fn merge_lists(
    viewer: ListResourcesResult,
    first_page: bool,
    own: ListResourcesResult,
) -> ListResourcesResult {
    if own.resources.is_empty() && own.next_cursor.is_none() {
        return if first_page { viewer } else { own };
    }
    let mut merged = own;
    if first_page {
        let mut resources = viewer.resources;
        resources.append(&mut merged.resources);
        merged.resources = resources;
    }
    merged.ttl_ms = merged
        .ttl_ms
        .map(|own| own.min(viewer.ttl_ms.unwrap_or(own)));
    if merged.cache_scope == Some(CacheScope::Public)
        && viewer.cache_scope == Some(CacheScope::Private)
    {
        merged.cache_scope = Some(CacheScope::Private);
    }
    merged
}

impl<H: ServerHandler> ServerHandler for WithViewer<H> {
    fn get_info(&self) -> ServerConfig {
        let mut info = self.inner.get_info();
        declare_ui(&mut info.capabilities);
        info
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        let mut result = self.inner.initialize(request, context).await?;
        declare_ui(&mut result.capabilities);
        Ok(result)
    }

    fn negotiate_initialize(
        &self,
        request: &InitializeRequestParams,
    ) -> Result<InitializeResult, McpError> {
        let mut result = self.inner.negotiate_initialize(request)?;
        declare_ui(&mut result.capabilities);
        Ok(result)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.inner.supported_protocol_versions()
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, McpError> {
        let mut result = self.inner.discover(context).await?;
        declare_ui(&mut result.capabilities);
        Ok(result)
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let first_page = request.as_ref().is_none_or(|r| r.cursor.is_none());
        let own = match self.inner.list_resources(request, context).await {
            Ok(own) => own,
            Err(e) if e.code == ErrorCode::METHOD_NOT_FOUND => ListResourcesResult::default(),
            Err(e) => return Err(e),
        };
        Ok(merge_lists(self.viewer.list_result(), first_page, own))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        match self.viewer.read(&request.uri) {
            Some(result) => Ok(result.into()),
            None => self.inner.read_resource(request, context).await,
        }
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        // The viewer makes `resources` a declared capability, so the list is answered even
        // when the wrapped handler has no templates (or no resources) of its own.
        match self.inner.list_resource_templates(request, context).await {
            Err(e) if e.code == ErrorCode::METHOD_NOT_FOUND => {
                Ok(ListResourceTemplatesResult::default())
            }
            answer => answer,
        }
    }

    // Everything below is forwarded unchanged.

    async fn ping(&self, context: RequestContext<RoleServer>) -> Result<(), McpError> {
        self.inner.ping(context).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        self.inner.complete(request, context).await
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.inner.set_level(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        self.inner.get_prompt(request, context).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        self.inner.list_prompts(request, context).await
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.inner.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        self.inner.listen(context).await
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.inner.subscribe(request, context).await
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.inner.unsubscribe(request, context).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        // rmcp runs each call in a task of its own and only cancels its token (when the
        // client cancels it or goes away); a tool that does not watch the token would run
        // on, so the call is dropped here.
        let cancelled = context.ct.clone();
        tokio::select! {
            answer = self.inner.call_tool(request, context) => answer,
            () = cancelled.cancelled() => Err(McpError::internal_error("the call was cancelled", None)),
        }
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        self.inner.list_tools(request, context).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.inner.get_tool(name)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        self.inner.on_custom_request(request, context).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.inner.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.inner.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.inner.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.inner.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.inner
            .on_custom_notification(notification, context)
            .await;
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, McpError> {
        self.inner.get_task(request, context).await
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.inner.update_task(request, context).await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.inner.cancel_task(request, context).await
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, McpError> {
        self.inner.list_skills(request, context).await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, McpError> {
        self.inner.get_skill(request, context).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, McpError> {
        self.inner.read_resource_directory(request, context).await
    }
}
