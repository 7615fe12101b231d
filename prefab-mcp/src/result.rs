//! Converting prefab tool results into rmcp's `CallToolResult`.
use prefab::display::ToolResult;
use rmcp::model::CallToolResult;

/// Converts a [`ToolResult`] (what `prefab::display` produces) into rmcp's
/// [`CallToolResult`], keeping its short, readable text for the model.
///
/// Prefer this over `CallToolResult::structured(envelope)`: rmcp's helper puts the whole
/// JSON envelope into the text content, which the model then has to read.
///
/// It is `CallToolResult::from(result)`. A `#[tool]` fn needs neither: it returns the
/// `ToolResult`, or `Result<ToolResult, ToolError>`, as it is (prefab's `rmcp` feature, which
/// this crate turns on).
///
/// ## What a result does to the view that called the tool
///
/// When the model calls a tool, the host shows its result in a new view (an envelope, an
/// update, or for an error result with no envelope, an error box). When the open view calls
/// a tool itself (a `toolCall` action, e.g. a form's submit), its result acts on that view:
///
/// ```
/// use prefab::display::{display, display_error, display_update};
/// use prefab_mcp::call_tool_result;
/// use serde_json::{Map, json};
///
/// // A whole envelope replaces the view (view, state, defs, settings): a page after saving,
/// // or a form shown again with its errors (what `FormInput::parse` returns).
/// let replace = call_tool_result(display(prefab::Text::new("Saved")));
/// assert!(replace.structured_content.as_ref().unwrap()["view"].is_object());
///
/// // An update merges its state into the view's and runs its actions; the view stays.
/// let count = Map::from_iter([("count".to_string(), json!(4))]);
/// let merge = call_tool_result(display_update(count, prefab::ShowToast::new("Saved")));
/// assert_eq!(merge.structured_content.as_ref().unwrap()["update"]["state"]["count"], 4);
///
/// // An error result changes nothing: the action fails, `$error` is its text and the
/// // action's `onError` chain runs (its envelope is shown only when the model called it).
/// let failed = call_tool_result(display_error("Not saved: the disk is full"));
/// assert_eq!(failed.is_error, Some(true));
///
/// // Plain data (no `$prefab`) leaves the view alone: it is `$result` in `onSuccess`.
/// let data = rmcp::model::CallToolResult::structured(json!({"id": 7}));
/// assert_eq!(data.structured_content.as_ref().unwrap()["id"], 7);
/// ```
///
/// Without structured content, `$result` is the text (parsed when it is JSON). A reply older
/// than one already applied for the same tool is dropped.
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
    CallToolResult::from(result)
}
