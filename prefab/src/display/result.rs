use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The result of an MCP tool call, as plain data (MCP's `CallToolResult`).
///
/// `structured_content` carries the `$prefab` envelope the host renders; `content` carries
/// the short text the model reads. `prefab-mcp` converts this into rmcp's type.
///
/// ```
/// use prefab::display::{Content, ToolResult};
///
/// let result = ToolResult {
///     content: vec![Content::text("3 users")],
///     structured_content: Some(serde_json::json!({"$prefab": {"version": "0.3"}})),
///     is_error: false,
///     meta: None,
/// };
/// let json = serde_json::to_value(&result).unwrap();
/// assert_eq!(json["content"][0]["type"], "text");
/// assert!(json.get("isError").is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult {
    /// What the model reads.
    pub content: Vec<Content>,
    /// What the host renders: the `$prefab` envelope (or an update).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<Value>,
    /// `true` when the tool failed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub is_error: bool,
    /// `_meta` of the result.
    #[serde(rename = "_meta", default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Map<String, Value>>,
}

/// One item of [`ToolResult::content`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Content {
    /// Plain text.
    Text {
        /// The text.
        text: String,
    },
}

impl Content {
    /// A text item.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Self {
        Content::Text { text: text.into() }
    }
}
