//! Forms from Rust types: `T` → JSON Schema → [`FormField`]s → a prefab `Form`, an MCP
//! elicitation request, or a 2026-07-28 input request ([`InputRequired`]), and the submitted
//! arguments or answers → `T` again.
//!
//! ```
//! use prefab::forms::{FormSubmission, auto_form};
//! use serde::Deserialize;
//! use serde_json::json;
//!
//! #[derive(Deserialize, schemars::JsonSchema, Debug, PartialEq)]
//! struct Invite {
//!     /// Who to invite.
//!     #[schemars(email)]
//!     email: String,
//!     admin: bool,
//! }
//!
//! let form = auto_form::<Invite>("invite_user").unwrap();
//! let form = serde_json::to_value(prefab::Node::from(form)).unwrap();
//! // The submit action sends every field, bound to its input.
//! assert_eq!(
//!     form["onSubmit"]["arguments"],
//!     json!({"email": "{{ email }}", "admin": "{{ admin }}"})
//! );
//! // What the host sends back when the user submits:
//! let args = json!({"email": "ada@example.com", "admin": true});
//! let invite: Invite = FormSubmission::parse(&args).unwrap();
//! assert_eq!(invite, Invite { email: "ada@example.com".into(), admin: true });
//! ```

mod coerce;
mod elicit;
mod field;
mod keywords;
mod mrtr;
mod prefill;
mod render;
mod schema;
mod schema_error;
mod submission;

pub use coerce::{FieldError, FormErrors, check_fields};
pub use elicit::{
    ELICITATION_METHOD, ElicitationRequest, Elicited, parse_elicitation, requested_schema,
};
pub use field::{ChoiceOption, FieldKind, FormField};
pub use mrtr::{INPUT_REQUIRED, InputRequired, missing_fields, parse_input_response};
pub use render::submit_arguments;
pub use schema::{LONG_TEXT, MULTILINE_KEY, fields_from_json_schema};
pub use schema_error::SchemaError;
pub use submission::{FormSubmission, parse_with_fields};

use crate::Form;
use crate::display::{DisplayOptions, ToolResult, display_with};
use serde_json::Value;

/// A form: fields, the tool its submit button calls, and its texts.
///
/// ```
/// use prefab::forms::{FieldKind, FormField, FormSpec};
///
/// let spec = FormSpec::new("create_user", vec![
///     FormField::new("name", FieldKind::Text).required(true),
/// ]).submit_label("Create");
/// let form = serde_json::to_value(prefab::Node::from(spec.view())).unwrap();
/// assert_eq!(form["type"], "Form");
/// assert_eq!(form["onSubmit"]["tool"], "create_user");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FormSpec {
    /// The fields, in order.
    pub fields: Vec<FormField>,
    /// The tool called on submit.
    pub tool: String,
    /// The submit button's label (default `Submit`).
    pub submit_label: String,
    /// The problems shown with the form: each under its field (matched by name, `address.zip`
    /// inside a group), the others (an empty field name, or one the form does not have) above
    /// the submit button.
    pub errors: Vec<FieldError>,
}

impl FormSpec {
    /// A form calling `tool` with `fields`.
    #[must_use]
    pub fn new(tool: impl Into<String>, fields: impl Into<Vec<FormField>>) -> Self {
        Self {
            fields: fields.into(),
            tool: tool.into(),
            submit_label: "Submit".into(),
            errors: Vec::new(),
        }
    }

    /// A form for the type `T` (its JSON Schema's fields).
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormSpec};
    /// #[derive(schemars::JsonSchema)]
    /// struct Signup { name: String, age: u8 }
    /// let spec = FormSpec::for_type::<Signup>("signup").unwrap();
    /// assert_eq!(spec.fields[1].kind, FieldKind::Integer);
    /// ```
    ///
    /// # Errors
    /// A field of `T` that has no form input (see [`fields_from_json_schema`]).
    pub fn for_type<T: schemars::JsonSchema>(tool: impl Into<String>) -> Result<Self, SchemaError> {
        let schema = schemars::schema_for!(T);
        Ok(Self::new(tool, fields_from_json_schema(&schema)?))
    }

    /// Sets the submit button's label.
    #[must_use]
    pub fn submit_label(mut self, label: impl Into<String>) -> Self {
        self.submit_label = label.into();
        self
    }

    /// Fills the form with submitted values: each field starts with its value from `values`
    /// (an object of the form's arguments: nested like the fields, or with dotted keys), so a
    /// form shown again keeps what the user typed. Values are kept as sent (raw strings
    /// too); blank ones and unresolved `{{ … }}` templates leave their field empty, and a
    /// checkbox reads `"on"`/`"true"`/`true` as checked. Keys of no field are ignored.
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormField, FormSpec};
    /// use serde_json::json;
    ///
    /// let spec = FormSpec::new("signup", vec![
    ///     FormField::new("email", FieldKind::Email),
    ///     FormField::new("seats", FieldKind::Integer),
    ///     FormField::new("newsletter", FieldKind::Boolean),
    /// ])
    /// .values(json!({"email": "ada@", "seats": "{{ seats }}", "newsletter": "on"}));
    /// assert_eq!(spec.fields[0].default, Some(json!("ada@")));
    /// assert_eq!(spec.fields[1].default, None);
    /// assert_eq!(spec.fields[2].default, Some(json!(true)));
    /// ```
    #[must_use]
    pub fn values(mut self, values: impl Into<Value>) -> Self {
        prefill::fill(&mut self.fields, &values.into());
        self
    }

    /// Fills one field (a dotted `name` reaches into a group); a name the form does not have
    /// is ignored. See [`FormSpec::values`].
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormField, FormSpec};
    ///
    /// let spec = FormSpec::new("invite", vec![FormField::new("email", FieldKind::Email)])
    ///     .value("email", "ada@example.com");
    /// assert_eq!(spec.fields[0].default, Some("ada@example.com".into()));
    /// ```
    #[must_use]
    pub fn value(mut self, name: impl AsRef<str>, value: impl Into<Value>) -> Self {
        prefill::fill_one(&mut self.fields, name.as_ref(), &value.into());
        self
    }

    /// Shows `errors` with the form: a `FieldError` under the control of the field each one
    /// names (its `Field` marked invalid), and those of no field above the submit button.
    ///
    /// ```
    /// use prefab::forms::{FieldError, FieldKind, FormErrors, FormField, FormSpec};
    ///
    /// let errors = FormErrors { errors: vec![
    ///     FieldError { field: "email".into(), message: "must be an email address".into() },
    ///     FieldError { field: String::new(), message: "try again later".into() },
    /// ]};
    /// let spec = FormSpec::new("invite", vec![FormField::new("email", FieldKind::Email)]).errors(&errors);
    /// let form = serde_json::to_value(prefab::Node::from(spec.view())).unwrap();
    /// let field = &form["children"][0];
    /// assert_eq!(field["invalid"], true);
    /// assert_eq!(field["children"][2]["type"], "FieldError"); // Label, Input, FieldError
    /// assert_eq!(field["children"][2]["content"], "must be an email address");
    /// assert_eq!(form["children"][1]["content"], "try again later"); // above the button
    /// ```
    #[must_use]
    pub fn errors(mut self, errors: &FormErrors) -> Self {
        self.errors.clone_from(&errors.errors);
        self
    }

    /// The `Form` component tree.
    #[must_use]
    pub fn view(&self) -> Form {
        render::form_node(self)
    }

    /// The same fields as an MCP elicitation request.
    #[must_use]
    pub fn elicitation(&self, message: impl Into<String>) -> ElicitationRequest {
        ElicitationRequest::new(message, &self.fields)
    }

    /// The same fields as a 2026-07-28 input request under `key` (see [`InputRequired`]);
    /// read the answer with [`parse_input_response`].
    #[must_use]
    pub fn input_required(
        &self,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> InputRequired {
        InputRequired::form(key, &self.elicitation(message))
    }
}

/// The `Form` for `T`, submitting to `submit_tool`.
///
/// ```
/// #[derive(schemars::JsonSchema)]
/// struct Search { query: String }
/// let form = prefab::forms::auto_form::<Search>("search").unwrap();
/// let json = serde_json::to_value(prefab::Node::from(form)).unwrap();
/// assert_eq!(json["onSubmit"]["tool"], "search");
/// ```
///
/// # Errors
/// A field of `T` that has no form input.
pub fn auto_form<T: schemars::JsonSchema>(
    submit_tool: impl Into<String>,
) -> Result<Form, SchemaError> {
    Ok(FormSpec::for_type::<T>(submit_tool)?.view())
}

/// Shows a form as a tool result.
///
/// ```
/// use prefab::forms::{FieldKind, FormField, FormSpec, display_form};
///
/// let spec = FormSpec::new("subscribe", vec![FormField::new("email", FieldKind::Email).required(true)]);
/// let result = display_form(&spec, "Subscribe");
/// let prefab::display::Content::Text { text } = &result.content[0];
/// assert!(text.contains("email: email, required"));
/// ```
#[must_use]
pub fn display_form(spec: &FormSpec, title: impl Into<String>) -> ToolResult {
    display_with(spec.view(), &DisplayOptions::new().title(title))
}
