//! The `hello` example server: one UI tool, one data-only tool, and one tool that takes a
//! typed form (`FormInput<Invite>`): what its caller leaves out is asked (an input request on
//! 2026-07-28 clients, the form in the view on older ones).
use crate::users::{User, users};
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
use prefab_mcp::FormInput;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Value, json};

/// How many users `show_users` shows.
pub const USER_COUNT: u32 = 300;

/// The server: `show_users` renders a table in the prefab viewer, `user_stats` returns
/// plain data, `invite_user` takes a typed form.
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

    /// The tool that takes a typed form: the model sees [`Invite`]'s schema; what it leaves
    /// out is asked (an input request on 2026-07-28 clients, the form in the view on older
    /// ones), and a form submitted with mistakes comes back with each under its field.
    #[tool(
        description = "Invite a user by email with a role (admin, editor or viewer); shows a form for whatever is missing",
        input_schema = prefab_mcp::form_schema::<Invite>(),
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn invite_user(&self, form: FormInput<Invite>) -> CallToolResponse {
        let invite = match form.title("Invite a user").submit_label("Invite").parse() {
            Ok(invite) => invite,
            Err(form) => return form,
        };
        let text = format!("Invited {} as {}.", invite.email, invite.role.name());
        CallToolResult::success(vec![ContentBlock::text(text)]).into()
    }
}

/// A complete invitation: what `invite_user` asks for.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
pub struct Invite {
    /// The address the invitation goes to.
    #[schemars(email)]
    pub email: String,
    /// What the new user may do.
    pub role: Role,
}

/// The roles a user can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Administrator
    Admin,
    /// Editor
    Editor,
    /// Viewer (read only)
    Viewer,
}

impl Role {
    /// The wire name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Editor => "editor",
            Self::Viewer => "viewer",
        }
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
