//! The `io.modelcontextprotocol/ui` capability a server declares to say it serves MCP Apps.
//!
//! [`WithViewer`](crate::WithViewer) calls [`declare_ui`] for you; use it directly only when
//! you build the capabilities of a server without a viewer wrapper.
//!
//! ```
//! use rmcp::model::ServerCapabilities;
//!
//! let mut caps = ServerCapabilities::builder().enable_tools().build();
//! prefab_mcp::capability::declare_ui(&mut caps);
//! assert_eq!(
//!     serde_json::to_value(&caps).unwrap(),
//!     serde_json::json!({
//!         "extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}},
//!         "resources": {},
//!         "tools": {}
//!     }),
//! );
//! ```
use crate::meta::{UI_EXTENSION, UI_MIME_TYPE};
use rmcp::model::{ResourcesCapability, ServerCapabilities};
use serde_json::{Map, Value};

/// Adds the `io.modelcontextprotocol/ui` extension (with the MCP Apps MIME type) and the
/// `resources` capability, keeping every other capability as it is.
pub fn declare_ui(capabilities: &mut ServerCapabilities) {
    let mut ui = Map::new();
    ui.insert(
        "mimeTypes".into(),
        Value::Array(vec![Value::String(UI_MIME_TYPE.into())]),
    );
    capabilities
        .extensions
        .get_or_insert_with(Default::default)
        .insert(UI_EXTENSION.into(), ui);
    if capabilities.resources.is_none() {
        capabilities.resources = Some(ResourcesCapability::default());
    }
}
