//! [`Catalog`]: one MCP server made of the tools of several example servers.
//!
//! Each example keeps its own `ToolRouter<S>` (from `#[tool_router]` or built by hand);
//! [`mount`] turns it into routes of the catalogue that call the example's own handlers
//! on its own state, so `prefab serve` can offer them all on one endpoint.
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::CallToolRequestParams;
use rmcp::{ServerHandler, tool_handler};
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
#[derive(Debug, Clone)]
pub struct Catalog {
    router: ToolRouter<Catalog>,
}

#[tool_handler(
    router = self.router,
    name = "prefab-serve",
    instructions = "Example tools of prefab-rs. UI tools render in the host's MCP Apps view."
)]
impl ServerHandler for Catalog {}

impl Catalog {
    /// A catalogue of the given mounts (see [`mount`]). A later tool of the same name
    /// replaces an earlier one.
    #[must_use]
    pub fn new(mounts: impl IntoIterator<Item = ToolRouter<Catalog>>) -> Self {
        let mut router = ToolRouter::new();
        for mounted in mounts {
            router.merge(mounted);
        }
        Catalog { router }
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

/// Every example server `prefab serve` offers. The mount point: add an example's
/// `mount(state, Example::tool_router())` here.
#[must_use]
pub fn examples() -> Vec<ToolRouter<Catalog>> {
    vec![mount(
        examples::hello::Hello,
        examples::hello::Hello::tool_router(),
    )]
}
