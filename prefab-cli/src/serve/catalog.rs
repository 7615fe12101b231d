//! [`Catalog`]: one MCP server made of the tools of several example servers.
//!
//! Each example keeps its own `ToolRouter<S>` (from `#[tool_router]` or built by hand);
//! [`mount`] turns it into routes of the catalogue that call the example's own handlers
//! on its own state, so `prefab serve` can offer them all on one endpoint.
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, ListResourcesResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, tool_handler};
use std::sync::Arc;

/// The server `prefab serve` runs: every mounted tool on one endpoint.
///
/// ```
/// use rmcp::ServerHandler;
/// use prefab_cli::serve::catalog::{Catalog, mount};
/// let catalog = Catalog::new([mount(examples::hello::Hello, examples::hello::Hello::tool_router())]);
/// assert!(catalog.tool_names().contains(&"show_users".to_string()));
/// assert!(catalog.get_info().capabilities.tools.is_some());
/// ```
/// Cloned for every request (a stateless endpoint builds its handler per request): the
/// routes and resources are shared, not copied.
#[derive(Debug, Clone)]
pub struct Catalog {
    router: Arc<ToolRouter<Catalog>>,
    resources: Arc<Vec<TextResource>>,
}

/// A text resource the catalogue serves besides the viewer (which `Viewer::attach` adds).
#[derive(Debug, Clone)]
pub struct TextResource {
    /// Its URI.
    pub uri: String,
    /// Its name in `resources/list`.
    pub name: String,
    /// Its MIME type.
    pub mime_type: String,
    /// Its text.
    pub text: String,
}

#[tool_handler(
    router = self.router,
    name = "prefab-serve",
    instructions = "Example tools of prefab-rs. UI tools render in the host's MCP Apps view."
)]
impl ServerHandler for Catalog {
    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let list = self
            .resources
            .iter()
            .map(|r| {
                Resource::new(r.uri.clone(), r.name.clone()).with_mime_type(r.mime_type.clone())
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(list))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let found = self.resources.iter().find(|r| r.uri == request.uri);
        let Some(resource) = found else {
            return Err(McpError::resource_not_found(
                format!("no resource {:?}", request.uri),
                None,
            ));
        };
        let content = ResourceContents::text(resource.text.as_str(), resource.uri.as_str())
            .with_mime_type(resource.mime_type.clone());
        Ok(ReadResourceResult::new(vec![content]).into())
    }
}

impl Catalog {
    /// A catalogue of the given mounts (see [`mount`]). A later tool of the same name
    /// replaces an earlier one.
    #[must_use]
    pub fn new(mounts: impl IntoIterator<Item = ToolRouter<Catalog>>) -> Self {
        let mut router = ToolRouter::new();
        for mounted in mounts {
            router.merge(mounted);
        }
        Catalog {
            router: Arc::new(router),
            resources: Arc::new(Vec::new()),
        }
    }

    /// The catalogue serving `resources` too.
    #[must_use]
    pub fn with_resources(mut self, resources: impl IntoIterator<Item = TextResource>) -> Self {
        self.resources = Arc::new(resources.into_iter().collect());
        self
    }

    /// The names of the tools, sorted.
    #[must_use]
    pub fn tool_names(&self) -> Vec<String> {
        self.router
            .list_all()
            .into_iter()
            .map(|tool| tool.name.into_owned())
            .collect()
    }
}

/// The routes of `tools` as catalogue routes: each call runs the example's handler with
/// `service` (shared by every call) as its `self`.
#[must_use]
pub fn mount<S: Send + Sync + 'static>(service: S, tools: ToolRouter<S>) -> ToolRouter<Catalog> {
    let service = Arc::new(service);
    let mut out = ToolRouter::new();
    for route in tools {
        let service = Arc::clone(&service);
        let call = Arc::clone(&route.call);
        out.add_route(ToolRoute::new_dyn(
            route.attr,
            move |cx: ToolCallContext<'_, Catalog>| {
                let service = Arc::clone(&service);
                let call = Arc::clone(&call);
                let mut params = CallToolRequestParams::new(cx.name);
                params.arguments = cx.arguments;
                params.input_responses = cx.input_responses;
                params.request_state = cx.request_state;
                let request_context = cx.request_context;
                Box::pin(async move {
                    call(ToolCallContext::new(&*service, params, request_context)).await
                })
            },
        ));
    }
    out
}

/// The `_meta` key of each tool `prefab serve` offers that names its example:
/// `{"name": "Gallery", "order": 0}`. The preview host lists the tools grouped by it, in
/// that order.
pub const EXAMPLE_META: &str = "prefab/example";
/// The `_meta` key (`true`) of the tool the preview host selects when it opens (its form
/// filled, not called: the user clicks "Call tool"): something to look at first.
pub const START_META: &str = "prefab/start";
/// The tool the preview host opens with: the gallery's sales dashboard.
pub const START_TOOL: &str = "gallery_sales_dashboard";

/// `tools` labelled as the example `name`, `order`-th in the preview host's list (see
/// [`EXAMPLE_META`]); [`START_TOOL`] also gets [`START_META`].
///
/// ```
/// use prefab_cli::serve::catalog::{EXAMPLE_META, example, mount};
/// let tools = example("Hello", 3, mount(examples::hello::Hello, examples::hello::Hello::tool_router()));
/// let tool = tools.list_all().into_iter().find(|t| t.name == "show_users").unwrap();
/// assert_eq!(tool.meta.unwrap()[EXAMPLE_META]["name"], "Hello");
/// ```
#[must_use]
pub fn example(name: &str, order: usize, tools: ToolRouter<Catalog>) -> ToolRouter<Catalog> {
    let mut out = ToolRouter::new();
    for mut route in tools {
        let meta = route.attr.meta.get_or_insert_with(Default::default);
        meta.0.insert(
            EXAMPLE_META.to_owned(),
            serde_json::json!({"name": name, "order": order}),
        );
        if route.attr.name == START_TOOL {
            meta.0
                .insert(START_META.to_owned(), serde_json::Value::Bool(true));
        }
        out.add_route(route);
    }
    out
}

/// Every example server `prefab serve` offers, each labelled with its example (see
/// [`example`]): the gallery first, then generative UI, the Kanban board and hello. The
/// mount point: add an example's `mount(state, Example::tool_router())` here. `kanban` is
/// the Kanban service over the store `prefab serve` opened (SQLite in the data directory, or
/// `--database-url`); `signups` the gallery form's SQLite file in the data directory.
#[must_use]
pub fn examples(
    kanban: kanban::Kanban,
    signups: examples::gallery::Signups,
) -> Vec<ToolRouter<Catalog>> {
    let gallery = [
        mount(
            examples::gallery::Gallery,
            examples::gallery::Gallery::tool_router(),
        ),
        mount(signups, examples::gallery::Signups::tool_router()),
    ];
    let generative = mount(
        examples::generative::Generative,
        examples::generative::Generative::tool_router(),
    );
    let kanban = mount(
        kanban::tools::KanbanServer::new(kanban),
        kanban::tools::KanbanServer::tool_router(),
    );
    let hello = mount(
        examples::hello::Hello,
        examples::hello::Hello::tool_router(),
    );
    let meetings = mount(
        examples::meetings::Meetings,
        examples::meetings::Meetings::tool_router(),
    );
    let whoami = mount(
        examples::whoami::Whoami,
        examples::whoami::Whoami::tool_router(),
    );
    let groups: [(&str, Vec<ToolRouter<Catalog>>); 4] = [
        ("Gallery", gallery.into()),
        ("Generative UI", vec![generative]),
        ("Kanban", vec![kanban]),
        ("Hello", vec![hello, meetings, whoami]),
    ];
    groups
        .into_iter()
        .enumerate()
        .flat_map(|(order, (name, routers))| {
            routers.into_iter().map(move |r| example(name, order, r))
        })
        .collect()
}

/// The resources `prefab serve` offers besides the viewer: the wire JSON Schema that
/// `render_ui`'s description points to.
#[must_use]
pub fn resources() -> Vec<TextResource> {
    vec![TextResource {
        uri: examples::generative::SCHEMA_URI.to_owned(),
        name: "prefab-wire-schema".to_owned(),
        mime_type: "application/schema+json".to_owned(),
        text: examples::generative::schema_text(),
    }]
}
