//! `ToolError`: a failed tool call, shown as the error view.
use super::notice::{Notice, display_error};
use super::result::ToolResult;
use std::fmt::Display;

/// A failed tool call: what a tool returns as `Err` so that the user sees the error view
/// ([`display_error`]) and the model reads its text.
///
/// `?` turns any error that implements [`Display`] into one (its message becomes the
/// headline), so an auto renderer's [`AutoError`](crate::auto::AutoError), an I/O error or an
/// `anyhow::Error` needs no `match`. For a richer view, build it from a [`Notice`]. With the
/// `rmcp` feature (on through prefab-mcp), a `#[tool]` fn returns
/// `Result<ToolResult, ToolError>` as it is.
///
/// `ToolError` does not implement `Display` itself: that is what lets every `Display` type
/// convert into it.
///
/// ```
/// use prefab::auto::auto_table;
/// use prefab::display::{Notice, ToolError, ToolResult, display};
///
/// fn show(rows: &[serde_json::Value]) -> Result<ToolResult, ToolError> {
///     if rows.is_empty() {
///         return Err(Notice::new("No rows yet").hint("Add one first.").into());
///     }
///     Ok(display(auto_table(&rows)?))
/// }
///
/// let failed = ToolResult::from(show(&[]).unwrap_err());
/// assert!(failed.is_error);
/// assert_eq!(failed.content[0], prefab::display::Content::text("### No rows yet\nAdd one first."));
/// assert!(show(&[serde_json::json!({"a": 1})]).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolError {
    /// What the error view shows.
    pub notice: Notice,
}

impl ToolError {
    /// An error shown with `notice` (a headline, or a [`Notice`] with message, detail and hint).
    ///
    /// ```
    /// let error = prefab::display::ToolError::new("Not found");
    /// assert_eq!(error.notice.title, "Not found");
    /// ```
    #[must_use]
    pub fn new(notice: impl Into<Notice>) -> Self {
        Self {
            notice: notice.into(),
        }
    }
}

impl<E: Display> From<E> for ToolError {
    fn from(error: E) -> Self {
        Self::new(error.to_string())
    }
}

impl From<Notice> for ToolError {
    fn from(notice: Notice) -> Self {
        Self { notice }
    }
}

impl From<ToolError> for ToolResult {
    fn from(error: ToolError) -> Self {
        display_error(error.notice)
    }
}
