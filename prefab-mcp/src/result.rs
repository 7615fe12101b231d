//! Converting prefab tool results into rmcp's `CallToolResult`.
use prefab::display::{Content, ToolResult};
use rmcp::model::{CallToolResult, ContentBlock, MetaObject};

/// Converts a [`ToolResult`] (what `prefab::display` produces) into rmcp's
/// [`CallToolResult`], keeping its short, readable text for the model.
///
/// Prefer this over `CallToolResult::structured(envelope)`: rmcp's helper puts the whole
/// JSON envelope into the text content, which the model then has to read.
///
/// ```
/// use prefab::display::{Content, ToolResult};
///
/// let result = ToolResult {
///     content: vec![Content::text("3 users (table shown in the UI)")],
///     structured_content: Some(serde_json::json!({"$prefab": {"version": "0.3"}})),
///     is_error: false,
///     meta: None,
/// };
/// let rmcp_result = prefab_mcp::call_tool_result(result);
/// let json = serde_json::to_value(&rmcp_result).unwrap();
/// assert_eq!(json["content"], serde_json::json!([{"type": "text", "text": "3 users (table shown in the UI)"}]));
/// assert_eq!(json["structuredContent"]["$prefab"]["version"], "0.3");
/// assert_eq!(json["isError"], false);
/// ```
#[must_use]
pub fn call_tool_result(result: ToolResult) -> CallToolResult {
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

fn content_block(content: Content) -> ContentBlock {
    match content {
        Content::Text { text } => ContentBlock::text(text),
    }
}
