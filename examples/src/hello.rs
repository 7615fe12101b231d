//! The `hello` example server: one UI tool and one data-only tool.
use crate::users::{User, users};
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
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

#[tool_router(vis = "pub")]
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

/// The `show_users` result: an auto table (`$prefab` envelope) for the host, a short text
/// for the model.
#[must_use]
pub fn show_users_result(users: &[User]) -> ToolResult {
    match prefab::auto::auto_table(&users) {
        Ok(table) => display_with(table, &DisplayOptions::new().title(summary(users))),
        Err(e) => display_error(format!("cannot show the users: {e}")),
    }
}

fn summary(users: &[User]) -> String {
    let count = |role: &str| users.iter().filter(|u| u.role == role).count();
    let active = users.iter().filter(|u| u.active).count();
    format!(
        "{} users ({} admins, {} editors, {} viewers; {active} active)",
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
