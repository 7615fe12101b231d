//! What a server with UI tools names most, in one import: `use prefab_mcp::prelude::*;`
//! (the auto renderers, `display` and its results, typed forms, the viewer, rmcp's tool
//! macros and `ServerHandler`). Components stay explicit (`use prefab::{Button, Column};`):
//! there are many, and their names (`Text`, `Form`, `Image`) are common words.
//!
//! ```
//! use prefab_mcp::prelude::*;
//!
//! struct Shop;
//!
//! #[tool_router]
//! impl Shop {
//!     #[tool(description = "The stock", meta = ui_tool_meta())]
//!     async fn stock(&self) -> Result<ToolResult, ToolError> {
//!         Ok(display(auto_table(&serde_json::json!([{"item": "Pen", "count": 3}]))?))
//!     }
//! }
//!
//! #[tool_handler]
//! impl ServerHandler for Shop {}
//!
//! let _server = Viewer::new().attach(Shop);
//! ```
pub use crate::{FormInput, Viewer, form_schema, ui_tool_meta};
pub use prefab::App;
pub use prefab::auto::{
    AutoError, ChartKind, auto_chart, auto_comparison, auto_detail, auto_form, auto_metrics,
    auto_progress, auto_table, auto_timeline,
};
pub use prefab::display::{
    DisplayOptions, Notice, ToolError, ToolResult, display, display_error, display_success,
    display_update, display_with,
};
pub use rmcp::model::CallToolResponse;
pub use rmcp::{ServerHandler, tool, tool_handler, tool_router};
