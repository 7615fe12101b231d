//! # prefab-mcp
//!
//! The [rmcp](https://docs.rs/rmcp) integration of prefab: everything an MCP server needs
//! so that hosts speaking MCP Apps (`io.modelcontextprotocol/ui`) render its tool results.
//!
//! * [`Viewer`] — the UI resource (`ui://prefab/viewer`, MIME `text/html;profile=mcp-app`):
//!   a self-contained HTML page with the prefab renderer, its `_meta.ui` (CSP, permissions)
//!   and 24 h public cache hints. [`Viewer::attach`] adds it to any rmcp
//!   [`ServerHandler`](rmcp::ServerHandler) in one call, and declares the MCP Apps
//!   capability;
//! * [`ui_tool_meta`], [`mark_ui_tool`], [`set_ui_tools`] — mark the tools whose results the
//!   viewer renders, and keep every other tool data-only;
//! * a `#[tool]` fn returns a prefab [`ToolResult`](prefab::display::ToolResult), or
//!   `Result<ToolResult, ToolError>` (an `Err` is the error view; `?` converts any `Display`
//!   error), as it is: this crate turns on prefab's `rmcp` feature, which implements rmcp's
//!   `IntoCallToolResult` for them, keeping the short text the model reads.
//!   [`call_tool_result`] converts by hand;
//! * [`FormInput`] and [`form_schema`] — a tool that takes a typed form: the model sees
//!   `T`'s schema, the view submits raw strings, the tool gets a checked `T` or returns the
//!   form (asking for what is missing, or shown again with an error under each field);
//! * [`ask_form`] — ask the user through a form mid-call: an `InputRequiredResult` for
//!   2026-07-28 clients, `elicitation/create` for older ones;
//! * [`prelude`] — `use prefab_mcp::prelude::*;` for the names a UI server uses most;
//! * [`meta`] — typed MCP Apps metadata (rmcp has none);
//! * [`transport`] — stdio and Streamable HTTP (stateless, CORS) in one call each.
//!
//! ## Add a UI to your rmcp tool
//!
//! ```no_run
#![doc = include_str!("../examples/add_ui.rs")]
//! ```
#![forbid(unsafe_code)]

mod a2ui;
mod ask;
pub mod capability;
mod form_input;
mod html;
pub mod meta;
pub mod prelude;
mod result;
mod tools;
pub mod transport;
mod viewer;
mod with_viewer;

pub use a2ui::{A2UI_TTL_MS, a2ui_read_result, display_a2ui};
pub use ask::{Answer, ask_client, ask_form, form_errors_result, takes_input_required};
pub use form_input::{FORM_INPUT_KEY, FORM_SCHEMA_MARK, FormInput, form_schema};
pub use html::{ViewerError, remote_references};
pub use result::call_tool_result;
pub use tools::{UnknownTool, is_ui_tool, mark_ui_tool, set_ui_tools, ui_tool_meta};
pub use viewer::{VIEWER_TTL_MS, VIEWER_URI, Viewer, versioned_uri};
pub use with_viewer::WithViewer;
