//! Feature `rmcp`: [`ToolResult`] and [`ToolError`] as rmcp tool results.
//!
//! A `#[tool]` fn returns `ToolResult` or `Result<ToolResult, ToolError>` as it is
//! (`IntoCallToolResult`); an `Err` becomes the error view with `isError: true`. These impls
//! live here, in the crate that owns `ToolResult`, because the orphan rule allows an impl of
//! rmcp's trait only beside one of the two types.
use super::error::ToolError;
use super::result::{Content, ToolResult};
use rmcp::ErrorData;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, MetaObject};

/// Keeps the short text the model reads (rmcp's `CallToolResult::structured` would put the
/// whole envelope into the text).
///
/// ```
/// use rmcp::model::CallToolResult;
///
/// let result = CallToolResult::from(prefab::display::display(prefab::H1::new("Hi")));
/// assert_eq!(result.content[0].as_text().unwrap().text, "# Hi");
/// assert_eq!(result.structured_content.unwrap()["$prefab"]["version"], "0.3");
/// assert_eq!(result.is_error, Some(false));
/// ```
impl From<ToolResult> for CallToolResult {
    fn from(result: ToolResult) -> Self {
        let content: Vec<ContentBlock> = result.content.into_iter().map(content_block).collect();
        let mut converted = if result.is_error {
            CallToolResult::error(content)
        } else {
            CallToolResult::success(content)
        };
        converted.structured_content = result.structured_content;
        converted.meta = result.meta.map(MetaObject);
        converted
    }
}

/// For a tool that returns a `CallToolResponse` (a form tool: `FormInput::parse`'s answer is
/// one): `return display(view).into()`.
///
/// ```
/// use rmcp::model::CallToolResponse;
///
/// let response = CallToolResponse::from(prefab::display::display_success("Saved"));
/// assert!(matches!(response, CallToolResponse::Complete(_)));
/// ```
impl From<ToolResult> for CallToolResponse {
    fn from(result: ToolResult) -> Self {
        CallToolResult::from(result).into()
    }
}

/// A `#[tool]` fn returns a `ToolResult` as it is.
///
/// ```
/// use prefab::display::{ToolResult, display};
/// use rmcp::{handler::server::router::tool::ToolRouter, tool, tool_router};
///
/// struct Server;
/// #[tool_router]
/// impl Server {
///     #[tool(description = "Say hello")]
///     async fn hello(&self) -> ToolResult {
///         display(prefab::H1::new("Hello"))
///     }
/// }
/// assert!(Server::tool_router().has_route("hello"));
/// ```
impl IntoCallToolResult for ToolResult {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        Ok(self.into())
    }
}

/// The `Err` of a `#[tool]` fn's `Result<ToolResult, ToolError>`: the error view, with
/// `isError: true`.
///
/// ```
/// use prefab::display::ToolError;
/// use rmcp::handler::server::tool::IntoCallToolResult;
/// use rmcp::model::CallToolResponse;
///
/// let answer: Result<prefab::display::ToolResult, ToolError> = Err(ToolError::new("Not found"));
/// let Ok(CallToolResponse::Complete(result)) = answer.into_call_tool_result() else {
///     panic!("a complete result");
/// };
/// assert_eq!(result.is_error, Some(true));
/// assert_eq!(result.content[0].as_text().unwrap().text, "### Not found");
/// ```
impl IntoCallToolResult for ToolError {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        Ok(ToolResult::from(self).into())
    }
}

fn content_block(content: Content) -> ContentBlock {
    match content {
        Content::Text { text } => ContentBlock::text(text),
    }
}
