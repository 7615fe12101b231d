//! The `hello` example server: one UI tool and one data-only tool.
use crate::users::{User, users};
use prefab::display::{Content, ToolResult};
use rmcp::{ServerHandler, model::CallToolResult, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// How many users `show_users` shows.
pub const USER_COUNT: u32 = 300;

/// The server: `show_users` renders a table in the prefab viewer, `user_stats` returns
/// plain data.
///
/// ```
/// use rmcp::ServerHandler;
/// let server = prefab_mcp::Viewer::new().attach(examples::hello::Hello);
/// assert!(server.get_info().capabilities.tools.is_some());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Hello;

#[tool_router]
impl Hello {
    /// The UI tool.
    #[tool(description = "Show the users of the system as a table", meta = prefab_mcp::ui_tool_meta())]
    pub async fn show_users(&self) -> CallToolResult {
        prefab_mcp::call_tool_result(show_users_result(&users(USER_COUNT)))
    }

    /// The data-only tool.
    #[tool(description = "Count the users of the system by role")]
    pub async fn user_stats(&self) -> CallToolResult {
        CallToolResult::structured(stats(&users(USER_COUNT)))
    }
}

#[tool_handler(
    name = "prefab-hello",
    instructions = "Call show_users to see the users in a table."
)]
impl ServerHandler for Hello {}

/// The `show_users` result: a `$prefab` table for the host, one sentence for the model.
#[must_use]
pub fn show_users_result(users: &[User]) -> ToolResult {
    let rows = serde_json::to_value(users).unwrap_or(Value::Null);
    let column = |key: &str, header: &str| json!({"key": key, "header": header, "sortable": true});
    let envelope = json!({
        "$prefab": {"version": "0.3"},
        "view": {
            "type": "Div",
            "cssClass": "pf-app-root",
            "children": [{
                "type": "DataTable",
                "columns": [
                    column("id", "Id"),
                    column("name", "Name"),
                    column("email", "Email"),
                    column("role", "Role"),
                    column("active", "Active"),
                ],
                "rows": rows,
                "paginated": true,
                "pageSize": 20
            }]
        }
    });
    ToolResult {
        content: vec![Content::text(summary(users))],
        structured_content: Some(envelope),
        is_error: false,
        meta: None,
    }
}

fn summary(users: &[User]) -> String {
    let count = |role: &str| users.iter().filter(|u| u.role == role).count();
    let active = users.iter().filter(|u| u.active).count();
    format!(
        "Showing {} users in a table ({} admins, {} editors, {} viewers; {active} active).",
        users.len(),
        count("admin"),
        count("editor"),
        count("viewer"),
    )
}

fn stats(users: &[User]) -> Value {
    let count = |role: &str| users.iter().filter(|u| u.role == role).count();
    json!({
        "total": users.len(),
        "active": users.iter().filter(|u| u.active).count(),
        "byRole": {"admin": count("admin"), "editor": count("editor"), "viewer": count("viewer")}
    })
}
