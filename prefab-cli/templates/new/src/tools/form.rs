//! The form tool: `add_contact` without arguments shows a form built from the type
//! [`Contact`]; the form sends what the user typed back to `add_contact`, which checks it
//! against `Contact` (types, required fields, bounds, email) and answers every wrong field
//! with an error, or adds the contact.
use crate::server::Server;
use prefab::display::{DisplayOptions, display_error, display_with};
use prefab::forms::{FormSubmission, auto_form};
use prefab::{Column, Muted};
use prefab_mcp::form_errors_result;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router};
use serde::Deserialize;
use serde_json::{Map, Value};

/// What the form asks for. The form's inputs and the checks come from this type's JSON
/// Schema: doc comments are the help texts, `Option` fields are optional.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Contact {
    /// Full name.
    #[schemars(length(min = 1, max = 100))]
    pub name: String,
    /// Where to write to.
    #[schemars(email)]
    pub email: String,
    /// Age in years.
    #[schemars(range(min = 18, max = 130))]
    pub age: u8,
    /// Anything else (a multi-line text field).
    #[schemars(extend("format" = "textarea"))]
    pub notes: Option<String>,
}

/// The arguments of `add_contact`: the form's fields as it sends them (text from the
/// inputs), checked against [`Contact`]; none to show the form.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ContactForm {
    /// Field name → submitted value.
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

#[tool_router(router = form_tools, vis = "pub(crate)")]
impl Server {
    /// The form tool.
    #[tool(
        description = "Add a contact: name, email, age (18-130), notes (optional). Without arguments, shows a form to fill in",
        meta = prefab_mcp::ui_tool_meta()
    )]
    async fn add_contact(&self, Parameters(form): Parameters<ContactForm>) -> CallToolResult {
        if form.fields.is_empty() {
            return prefab_mcp::call_tool_result(contact_form());
        }
        match FormSubmission::<Contact>::parse(&Value::Object(form.fields)) {
            Ok(contact) => {
                // Save the contact here.
                let Contact {
                    name,
                    email,
                    age,
                    notes,
                } = contact;
                let notes = notes.map_or_else(String::new, |n| format!(" Notes: {n}"));
                let text = format!("Added {name} <{email}>, {age} years old.{notes}");
                prefab_mcp::call_tool_result(display_with(
                    Muted::new(text),
                    &DisplayOptions::new().title("Contact added"),
                ))
            }
            Err(errors) => form_errors_result(&errors),
        }
    }
}

/// The form, submitting to `add_contact`.
fn contact_form() -> prefab::display::ToolResult {
    match auto_form::<Contact>("add_contact") {
        Ok(form) => display_with(
            Column::new().child(form),
            &DisplayOptions::new().title("Add a contact"),
        ),
        Err(e) => display_error(format!("the contact form: {e}")),
    }
}
