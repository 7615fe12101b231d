//! The `hello` example server: one UI tool, one data-only tool, and one tool that asks for
//! the arguments it was not given through a form (an input request on 2026-07-28 clients,
//! an elicitation on older ones).
use crate::users::{User, users};
use prefab::display::{DisplayOptions, ToolResult, display_error, display_with};
use prefab::forms::{FormField, FormSpec, missing_fields, parse_with_fields};
use prefab_mcp::{Answer, ask_form, form_errors_result};
use rmcp::handler::server::tool::InputResponses;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// How many users `show_users` shows.
pub const USER_COUNT: u32 = 300;

/// The server: `show_users` renders a table in the prefab viewer, `user_stats` returns
/// plain data, `invite_user` asks for what its caller left out.
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

    /// The tool that asks: every field of [`Invite`] the call leaves out is asked through a
    /// form, answered either in a retried call (2026-07-28) or in an elicitation.
    #[tool(
        description = "Invite a user by email with a role (admin, editor or viewer); asks the user for whatever is missing"
    )]
    pub async fn invite_user(
        &self,
        Parameters(args): Parameters<InviteArgs>,
        InputResponses(answers): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let fields = invite_fields()?;
        let mut given = match serde_json::to_value(&args) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        let missing = missing_fields(&fields, &Value::Object(given.clone()));
        if !missing.is_empty() {
            let message = "Who should be invited, and with which role?";
            match ask_form::<Map<String, Value>>(
                &context,
                answers.as_ref(),
                &missing,
                INVITE_FORM,
                message,
                None,
            )
            .await?
            {
                Answer::Accepted(answer) => given.extend(answer),
                Answer::Declined | Answer::Cancelled => return Ok(text("No invitation was sent.")),
                Answer::Invalid(errors) => return Ok(form_errors_result(&errors).into()),
                Answer::InputRequired(ask) => return Ok(CallToolResponse::InputRequired(*ask)),
            }
        }
        Ok(
            match parse_with_fields::<Invite>(&fields, &Value::Object(given)) {
                Ok(invite) => text(&format!(
                    "Invited {} as {}.",
                    invite.email,
                    invite.role.name()
                )),
                Err(errors) => form_errors_result(&errors).into(),
            },
        )
    }
}

/// The key of `invite_user`'s form among the call's input requests.
pub const INVITE_FORM: &str = "invite";

/// The arguments of `invite_user`: both may be left out.
#[derive(Debug, Clone, Default, Deserialize, Serialize, schemars::JsonSchema)]
pub struct InviteArgs {
    /// The address the invitation goes to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// `admin`, `editor` or `viewer`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
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

fn invite_fields() -> Result<Vec<FormField>, ErrorData> {
    FormSpec::for_type::<Invite>("invite_user")
        .map(|spec| spec.fields)
        .map_err(|e| ErrorData::internal_error(format!("the Invite form: {e}"), None))
}

fn text(text: &str) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
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
