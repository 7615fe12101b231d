//! Marking tools as UI tools (`_meta.ui.resourceUri`) and keeping every other tool
//! data-only.
//!
//! With rmcp's `#[tool]` macro, put [`ui_tool_meta`] in the attribute:
//!
//! ```
//! use prefab_mcp::ui_tool_meta;
//! use rmcp::{model::CallToolResult, tool, tool_router, handler::server::router::tool::ToolRouter};
//!
//! struct Server;
//! #[tool_router]
//! impl Server {
//!     #[tool(description = "Show the users as a table", meta = ui_tool_meta())]
//!     async fn show_users(&self) -> CallToolResult {
//!         CallToolResult::success(vec![])
//!     }
//!     #[tool(description = "Count the users")]
//!     async fn count_users(&self) -> String {
//!         "3".into()
//!     }
//! }
//!
//! let tools = Server::tool_router().list_all();
//! let ui: Vec<_> = tools.iter().filter(|t| prefab_mcp::is_ui_tool(t)).map(|t| t.name.as_ref()).collect();
//! assert_eq!(ui, ["show_users"]);
//! ```
//!
//! With a router built by hand, [`set_ui_tools`] marks the named tools and removes UI
//! metadata from all others in one place.
use crate::meta::{LEGACY_RESOURCE_URI_KEY, UiToolMeta};
use crate::viewer::versioned_uri;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{MetaObject, Tool};
use std::fmt;

/// `_meta` of a tool rendered by the prefab viewer (its versioned URI), for
/// `#[tool(meta = prefab_mcp::ui_tool_meta())]`.
///
/// ```
/// let meta = prefab_mcp::ui_tool_meta();
/// assert_eq!(meta["ui"]["resourceUri"], prefab_mcp::versioned_uri());
/// ```
#[must_use]
pub fn ui_tool_meta() -> MetaObject {
    UiToolMeta::new(versioned_uri()).to_meta()
}

/// Returns `tool` marked as rendered by `meta.resource_uri`; other `_meta` keys stay.
///
/// ```
/// use prefab_mcp::meta::{UiToolMeta, Visibility};
/// use rmcp::model::Tool;
/// use std::sync::Arc;
///
/// let tool = Tool::new("refresh", "Reload the table", Arc::new(Default::default()));
/// let tool = prefab_mcp::mark_ui_tool(tool, &UiToolMeta::new("ui://prefab/viewer").visibility([Visibility::App]));
/// assert!(prefab_mcp::is_ui_tool(&tool));
/// assert_eq!(tool.meta.unwrap()["ui"]["visibility"], serde_json::json!(["app"]));
/// ```
#[must_use]
pub fn mark_ui_tool(mut tool: Tool, meta: &UiToolMeta) -> Tool {
    let mut merged = tool.meta.take().unwrap_or_default();
    merged.0.extend(meta.to_meta().0);
    tool.meta = Some(merged);
    tool
}

/// Whether `tool` declares a UI resource (nested `_meta.ui.resourceUri` or the flat
/// `_meta["ui/resourceUri"]`).
#[must_use]
pub fn is_ui_tool(tool: &Tool) -> bool {
    tool.meta.as_ref().is_some_and(|m| {
        m.get("ui").and_then(|ui| ui.get("resourceUri")).is_some()
            || m.contains_key(LEGACY_RESOURCE_URI_KEY)
    })
}

/// Marks exactly the tools named in `ui_tools` as UI tools (with `meta`) and strips UI
/// metadata from every other tool of `router`, so they stay data-only.
///
/// ```
/// use prefab_mcp::meta::UiToolMeta;
/// use rmcp::{handler::server::router::tool::ToolRouter, model::CallToolResult, tool, tool_router};
///
/// struct Server;
/// #[tool_router]
/// impl Server {
///     #[tool(description = "Show the users")]
///     async fn show_users(&self) -> CallToolResult { CallToolResult::success(vec![]) }
///     #[tool(description = "Count the users", meta = prefab_mcp::ui_tool_meta())]
///     async fn count_users(&self) -> String { "3".into() }
/// }
///
/// let mut router = Server::tool_router();
/// prefab_mcp::set_ui_tools(&mut router, &["show_users"], &UiToolMeta::new(prefab_mcp::versioned_uri())).unwrap();
/// assert!(prefab_mcp::is_ui_tool(router.get("show_users").unwrap()));
/// assert!(!prefab_mcp::is_ui_tool(router.get("count_users").unwrap()));
/// assert!(prefab_mcp::set_ui_tools(&mut router, &["nope"], &UiToolMeta::new("ui://x")).is_err());
/// ```
///
/// # Errors
/// When a name in `ui_tools` is not a tool of `router`; the router is then unchanged.
pub fn set_ui_tools<S>(
    router: &mut ToolRouter<S>,
    ui_tools: &[&str],
    meta: &UiToolMeta,
) -> Result<(), UnknownTool> {
    if let Some(missing) = ui_tools
        .iter()
        .find(|name| !router.map.contains_key(**name))
    {
        return Err(UnknownTool {
            name: (*missing).to_owned(),
        });
    }
    for (name, route) in &mut router.map {
        let mut tool = route.attr.clone();
        if let Some(m) = tool.meta.as_mut() {
            m.remove("ui");
            m.remove(LEGACY_RESOURCE_URI_KEY);
            if m.is_empty() {
                tool.meta = None;
            }
        }
        if ui_tools.contains(&name.as_ref()) {
            tool = mark_ui_tool(tool, meta);
        }
        route.attr = tool;
    }
    Ok(())
}

/// [`set_ui_tools`] was given a tool name the router does not have.
///
/// ```
/// let err = prefab_mcp::UnknownTool { name: "show".into() };
/// assert_eq!(err.to_string(), "no tool named \"show\" in the router");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTool {
    /// The name that was not found.
    pub name: String,
}

impl fmt::Display for UnknownTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no tool named {:?} in the router", self.name)
    }
}

impl std::error::Error for UnknownTool {}
