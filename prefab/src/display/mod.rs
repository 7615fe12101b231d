//! Tool results that show a UI: the `$prefab` envelope for the host plus a short text for
//! the model.
//!
//! * [`display`] / [`display_with`] — a view (or envelope) → [`ToolResult`]; the text is
//!   the bounded [text fallback](crate::fallback).
//! * [`display_update`] — a state patch (`update`) for the UI already on screen.
//! * [`display_error`] / [`display_success`] — an Alert with optional detail and hint.
//! * `forms::display_form` lives with the forms (above `display`).
//! * [`ToolError`] — what a tool returns as `Err`: `?` turns any `Display` error into the
//!   error view. With the `rmcp` feature, a `#[tool]` fn returns [`ToolResult`] or
//!   `Result<ToolResult, ToolError>` as it is.
//!
//! ```
//! use prefab::display::{DisplayOptions, display_with};
//! use serde_json::json;
//!
//! let view = json!({"type": "Metric", "label": "Revenue", "value": "$1.2M", "delta": "+4%"});
//! let result = display_with(view, &DisplayOptions::new().title("Q3"));
//! assert_eq!(
//!     result.content[0],
//!     prefab::display::Content::text("# Q3\n\nRevenue: $1.2M (+4%)")
//! );
//! ```

mod error;
mod notice;
mod options;
mod result;
#[cfg(feature = "rmcp")]
mod rmcp;
mod show;
mod update;

pub use error::ToolError;
pub use notice::{Notice, display_error, display_success};
pub use options::DisplayOptions;
pub use result::{Content, ToolResult};
pub use show::{
    Displayable, PROTOCOL_VERSION, ROOT_CLASS, display, display_with, envelope, wrap_root,
};
pub use update::display_update;
