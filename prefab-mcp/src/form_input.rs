//! `FormInput<T>`: a tool that takes a typed form. The model sees `T`'s JSON Schema, the
//! view submits raw strings, and the tool body gets a checked `T` — or returns the form.
use crate::ask::{input_required_result, takes_input_required};
use crate::result::call_tool_result;
use prefab::display::{Content, DisplayOptions, display_with};
use prefab::forms::{
    FieldError, FormErrors, FormField, FormSpec, missing_fields, parse_with_fields,
};
use prefab::{Column, Form, Heading, Node};
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::{ToolCallContext, schema_for_input, schema_for_type};
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, InputResponses, JsonObject, ProtocolVersion,
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::marker::PhantomData;
use std::sync::Arc;

/// The key of a [`FormInput`]'s form among a 2026-07-28 call's input requests.
pub const FORM_INPUT_KEY: &str = "form";

/// The annotation [`form_schema`] adds at the top of the schema (`"x-prefab-form": true`): the
/// tool answers a call without arguments with its form. Models ignore it (an unknown JSON
/// Schema keyword is an annotation); the preview host reads it to offer **Open form**, which
/// calls the tool with no arguments instead of asking for the required fields first.
pub const FORM_SCHEMA_MARK: &str = "x-prefab-form";

/// The input schema of a tool taking a [`FormInput<T>`]: `T`'s JSON Schema, for
/// `#[tool(input_schema = prefab_mcp::form_schema::<T>())]`, so the model sees the typed
/// fields although the tool also accepts the strings a form sends.
///
/// ```
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Invite { email: String, seats: u32 }
///
/// let schema = prefab_mcp::form_schema::<Invite>();
/// assert_eq!(schema["type"], "object");
/// assert_eq!(schema["properties"]["seats"]["type"], "integer");
/// assert_eq!(schema[prefab_mcp::FORM_SCHEMA_MARK], true);
/// ```
///
/// # Panics
/// When `T` cannot be a form: a field with no form input, or a keyword its form would not
/// check (see the table in [`FormInput`]), naming the property. The tool attribute builds the
/// schema when the server builds its tool router, so this fails at start-up rather than
/// leaving a constraint that the model sees but the form does not check.
///
/// ```should_panic
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Tags {
///     #[schemars(extend("uniqueItems" = true))]
///     tags: Vec<String>,
/// }
/// // panics: "form_schema::<…Tags>(): schema at /properties/tags: `uniqueItems: true` is a
/// // constraint the form does not check …"
/// let _ = prefab_mcp::form_schema::<Tags>();
/// ```
#[must_use]
pub fn form_schema<T: rmcp::schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    if let Err(e) = FormSpec::for_type::<T>("") {
        panic!("form_schema::<{}>(): {e}", std::any::type_name::<T>());
    }
    let schema = schema_for_input::<T>().unwrap_or_else(|_| schema_for_type::<T>());
    let mut marked = JsonObject::clone(&schema);
    marked.insert(FORM_SCHEMA_MARK.into(), Value::Bool(true));
    Arc::new(marked)
}

/// The arguments of a tool call, read as a typed form `T`: take it as a tool parameter,
/// advertise `T` with [`form_schema`], and call [`parse`](FormInput::parse). This is the way
/// for a tool whose arguments come from the model **or** from a prefab form in the view
/// (the view's submit calls the same tool).
///
/// [`parse`](FormInput::parse) checks the raw arguments against `T`'s fields (strings from
/// inputs become numbers and booleans, `"on"` is a checked box, an unresolved `{{ x }}` is
/// an untouched input) and answers:
///
/// * **valid** → `Ok(T)`;
/// * **missing** (only required fields are empty) → `Err(response)` asking for them: an
///   `InputRequiredResult` to a 2026-07-28 client (it calls again with the answer, which is
///   merged into the arguments), otherwise the form as a UI result (the view, pre-filled with
///   what was given; the text names the missing fields for clients without UI). Never an
///   elicitation: a stateless HTTP client older than 2026-07-28 cannot answer one;
/// * **invalid** → `Err(response)`: the same form with every submitted value kept and each
///   problem as a `FieldError` under its field, and a text listing every problem for the
///   model. It is *not* an error result (`isError` stays false): the view that submitted
///   the form only replaces itself with a result's envelope when the call succeeded (see
///   [`call_tool_result`] for what each result does to the open view).
///
/// # What the form checks
///
/// Every JSON Schema keyword `T`'s schema can carry (from schemars attributes, types, or
/// `extend(…)`) is either checked in the browser **and** by [`parse`](FormInput::parse) on the
/// server, or refused by [`form_schema`] (a panic at start-up) and [`parse`](FormInput::parse)
/// (an error result) with the JSON Pointer of the property. The server's check is the one
/// that counts: a model's call has no browser, and a browser may skip its own checks.
///
/// | keyword (schemars source) | in the browser | on the server |
/// | --- | --- | --- |
/// | `type` (the Rust type) | the input: number, checkbox, text, … | converted, or "must be a number" … |
/// | `required` (not `Option`) | `required` | "is required" |
/// | `minimum`/`maximum` (`range(min, max)`) | `min`/`max` | "must be at least N" / "at most N" |
/// | `exclusiveMinimum`/`exclusiveMaximum` (`extend(…)`) | `min`/`max` (the bound itself passes the browser) | "must be more than N" / "less than N" |
/// | `multipleOf` (`extend("multipleOf" = 0.01)`) | `step` (a number); without it none for a number (our renderer takes any number), `1` for an integer | "must be a multiple of N" |
/// | `format` int8 … uint32 (`i8` … `u32`) | `min`/`max` of the type's range | "must be at least/at most N" |
/// | `format` int64, uint64, float, double | `min=0` for unsigned | the range, by deserializing `T` |
/// | `minLength`/`maxLength` (`length(…)`, `char`) | `minlength`/`maxlength` | "must have at least/at most N characters" |
/// | `minItems`/`maxItems` (`length(…)` on a `Vec`, arrays) | — (a list is one text area) | "must have at least/at most N items" |
/// | `pattern` (`regex(pattern = …)`) | `pattern` (anchored by HTML; written `.*(?:p).*` unless `^…$`) | "must match the requested format: p" |
/// | `format` email, uri, date, date-time, time (`email`, `url`, chrono types) | the input type | "must be an email address", "an http(s) URL", "a date (YYYY-MM-DD)", … |
/// | `format` uuid (`uuid::Uuid`) | a `pattern` | "must match the requested format" |
/// | `enum`, `const`, `oneOf`/`anyOf` of consts (unit enums) | radios or a select | "must be one of: …" |
/// | `properties` (nested structs) | a group of fields | each field |
/// | `additionalProperties: false` (`deny_unknown_fields`) | — | keys of no field are dropped |
/// | `title`, `description`, `default`, `examples`, `deprecated`, `readOnly`, `writeOnly`, `x-…` | label, help text, initial value; the rest ignored | ignored |
/// | anything else: `uniqueItems` (sets), `not` (`NonZeroI32`), `prefixItems` (tuples), other `format`s (`ipv4`, `ipv6`, `hostname`, `duration`, …), constraints on list items other than a numeric format's range, `minProperties`, `if`/`then`, … | refused | refused |
///
/// Notes: the browser's `step` counts from `min`, the server's `multipleOf` from 0 (they agree
/// when the minimum is a multiple of the step). Patterns are ECMA-262 in the browser (with
/// the `v` flag) and the `regex` crate's syntax on the server: look-around and
/// back-references are refused at `form_schema()`; `\d`, `\w` and `\b` match non-ASCII
/// letters and digits on the server, not in the browser; a pattern the browser
/// cannot compile under `v` (e.g. an unescaped `-` or `(` inside `[…]`) is ignored by the
/// browser and still checked by the server.
///
/// Mark the tool as a UI tool (`meta = prefab_mcp::ui_tool_meta()`) so hosts show the form.
/// To ask the user something *in the middle* of a call (a confirmation, a value the tool
/// only knows it needs halfway), use [`ask_form`](crate::ask_form) instead.
///
/// ```
/// use prefab_mcp::{FormInput, form_schema};
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::{tool, tool_router};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Invite {
///     /// Who to invite.
///     #[schemars(email)]
///     email: String,
///     #[schemars(range(min = 1, max = 50))]
///     seats: u32,
/// }
///
/// struct Server;
///
/// #[tool_router]
/// impl Server {
///     #[tool(description = "Invite someone", input_schema = form_schema::<Invite>(), meta = prefab_mcp::ui_tool_meta())]
///     async fn invite(&self, form: FormInput<Invite>) -> CallToolResponse {
///         let invite = match form.title("Invite someone").parse() {
///             Ok(invite) => invite,
///             Err(form) => return form,
///         };
///         let text = format!("Invited {} with {} seats.", invite.email, invite.seats);
///         CallToolResult::success(vec![ContentBlock::text(text)]).into()
///     }
/// }
///
/// // Without the macro (or in a test): the same extractor, built by hand.
/// let args = serde_json::json!({"email": "ada@", "seats": "90"});
/// let Err(CallToolResponse::Complete(shown)) = FormInput::<Invite>::new("invite", args).parse() else { panic!() };
/// let text = shown.content[0].as_text().unwrap().text.clone();
/// assert!(text.contains("email: must be an email address") && text.contains("seats: must be at most 50"));
/// ```
#[derive(Debug, Clone)]
pub struct FormInput<T> {
    arguments: JsonObject,
    tool: String,
    protocol_version: Option<ProtocolVersion>,
    input_responses: Option<Value>,
    title: Option<String>,
    submit_label: Option<String>,
    submit_tool: Option<String>,
    target: PhantomData<fn() -> T>,
}

impl<S, T> FromContextPart<ToolCallContext<'_, S>> for FormInput<T> {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, rmcp::ErrorData> {
        let mut input = Self::new(
            context.name.to_string(),
            Value::Object(context.arguments.take().unwrap_or_default()),
        );
        input.protocol_version = context.request_context.protocol_version();
        if let Some(responses) = context.input_responses.take() {
            input = input.input_responses(&responses);
        }
        Ok(input)
    }
}

impl<T> FormInput<T> {
    /// The call of `tool` with `arguments` (what the extractor reads from a `tools/call`);
    /// the form submits to `tool` again. The protocol is taken as older than 2026-07-28
    /// until [`protocol_version`](Self::protocol_version) says otherwise.
    #[must_use]
    pub fn new(tool: impl Into<String>, arguments: impl Into<Value>) -> Self {
        let arguments = match arguments.into() {
            Value::Object(map) => map,
            _ => JsonObject::new(),
        };
        Self {
            arguments,
            tool: tool.into(),
            protocol_version: None,
            input_responses: None,
            title: None,
            submit_label: None,
            submit_tool: None,
            target: PhantomData,
        }
    }

    /// Sets the caller's protocol version (2026-07-28 and later are asked for missing
    /// fields with an `InputRequiredResult`).
    #[must_use]
    pub fn protocol_version(mut self, version: impl Into<ProtocolVersion>) -> Self {
        self.protocol_version = Some(version.into());
        self
    }

    /// Sets the answers of a retried 2026-07-28 call (`inputResponses`); the answer under
    /// [`FORM_INPUT_KEY`] is merged into the arguments.
    #[must_use]
    pub fn input_responses(mut self, responses: &InputResponses) -> Self {
        self.input_responses = serde_json::to_value(responses).ok();
        self
    }

    /// Sets the form's heading (and the title of its text for the model).
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Sets the submit button's label (default `Submit`).
    #[must_use]
    pub fn submit_label(mut self, label: impl Into<String>) -> Self {
        self.submit_label = Some(label.into());
        self
    }

    /// Sets the tool the form submits to (default: the tool that was called).
    #[must_use]
    pub fn submit_tool(mut self, tool: impl Into<String>) -> Self {
        self.submit_tool = Some(tool.into());
        self
    }

    /// The raw arguments, as the caller sent them.
    #[must_use]
    pub fn arguments(&self) -> &JsonObject {
        &self.arguments
    }
}

impl<T: rmcp::schemars::JsonSchema + DeserializeOwned> FormInput<T> {
    /// The checked `T`, or the response that shows the form (see [`FormInput`]).
    ///
    /// # Errors
    /// The form to return from the tool: an input request, or the form view with what was
    /// given and every problem; a declined input request; `T` has a field no form input
    /// can hold (an error result naming it).
    #[allow(
        clippy::result_large_err,
        reason = "the Err is the tool's response itself, returned once as it is"
    )]
    pub fn parse(self) -> Result<T, CallToolResponse> {
        self.parse_in(|form| form)
    }

    /// [`parse`](Self::parse), with the form shown inside a page of your own: `page` gets
    /// the `Form` (values and errors in place) and returns the view.
    ///
    /// ```
    /// # #[derive(serde::Deserialize, schemars::JsonSchema)] struct Signup { email: String }
    /// let form = prefab_mcp::FormInput::<Signup>::new("save_signup", serde_json::json!({}));
    /// let shown = form.parse_in(|form| prefab::Column::new().child(form).child(prefab::Muted::new("3 saved")));
    /// assert!(shown.is_err());
    /// ```
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    #[allow(
        clippy::result_large_err,
        reason = "the Err is the tool's response itself, returned once as it is"
    )]
    pub fn parse_in<N: Into<Node>>(
        mut self,
        page: impl FnOnce(Form) -> N,
    ) -> Result<T, CallToolResponse> {
        let submit_tool = self
            .submit_tool
            .clone()
            .unwrap_or_else(|| self.tool.clone());
        let mut spec = FormSpec::for_type::<T>(submit_tool).map_err(|e| {
            let text = format!("{}: the form for its arguments: {e}", self.tool);
            CallToolResponse::from(CallToolResult::error(vec![ContentBlock::text(text)]))
        })?;
        if let Some(label) = &self.submit_label {
            spec = spec.submit_label(label.clone());
        }
        match self.take_answer() {
            Answer::Declined => {
                let text = format!("{}: the form was declined; nothing was done.", self.tool);
                return Err(CallToolResult::success(vec![ContentBlock::text(text)]).into());
            }
            Answer::Given(content) => self.arguments.extend(content),
            Answer::None => {}
        }
        let arguments = Value::Object(self.arguments.clone());
        let errors = match parse_with_fields::<T>(&spec.fields, &arguments) {
            Ok(value) => return Ok(value),
            Err(errors) => errors,
        };
        let missing = missing_fields(&spec.fields, &arguments);
        let missing_names: Vec<&str> = FormField::leaves(&missing)
            .into_iter()
            .map(|f| f.name.as_str())
            .collect();
        let only_missing = errors
            .errors
            .iter()
            .all(|e| missing_names.contains(&e.field.as_str()));
        let modern = self
            .protocol_version
            .as_ref()
            .is_some_and(takes_input_required);
        if only_missing && modern {
            return Err(self.ask(&spec, &missing));
        }
        let nothing_given = missing_names.len() == FormField::leaves(&spec.fields).len();
        let text = if only_missing {
            missing_text(&errors)
        } else {
            format!("Not accepted; the form is shown again with the problems: {errors}.")
        };
        spec = spec.values(arguments);
        if !(only_missing && nothing_given) {
            spec = spec.errors(&errors);
        }
        Err(self.shown(page(spec.view()).into(), text))
    }

    /// The answer of a retried 2026-07-28 call.
    fn take_answer(&mut self) -> Answer {
        let Some(answer) = self
            .input_responses
            .take()
            .and_then(|mut r| r.get_mut(FORM_INPUT_KEY).map(Value::take))
        else {
            return Answer::None;
        };
        match answer.get("action").and_then(Value::as_str) {
            Some("accept") => match answer.get("content") {
                Some(Value::Object(content)) => Answer::Given(content.clone()),
                _ => Answer::None,
            },
            _ => Answer::Declined,
        }
    }

    /// An input request for the `missing` fields.
    fn ask(&self, spec: &FormSpec, missing: &[FormField]) -> CallToolResponse {
        let message = self
            .title
            .clone()
            .unwrap_or_else(|| format!("{}: fill in the missing fields", self.tool));
        let request = FormSpec {
            fields: missing.to_vec(),
            ..spec.clone()
        }
        .elicitation(message);
        match input_required_result(FORM_INPUT_KEY, &request, None) {
            Ok(asked) => CallToolResponse::InputRequired(asked),
            Err(e) => CallToolResult::error(vec![ContentBlock::text(e.message.to_string())]).into(),
        }
    }

    /// The form view as a UI result, with `text` first for the model.
    fn shown(&self, form: Node, text: String) -> CallToolResponse {
        let mut options = DisplayOptions::new();
        let mut view = Column::new().css_class("gap-4");
        if let Some(title) = &self.title {
            options = options.title(title.clone());
            view = view.child(Heading::new(title.clone()));
        }
        let mut result = display_with(view.child(form), &options);
        result.content.insert(0, Content::text(text));
        call_tool_result(result).into()
    }
}

enum Answer {
    None,
    Given(JsonObject),
    Declined,
}

fn missing_text(errors: &FormErrors) -> String {
    let names: Vec<&str> = errors
        .errors
        .iter()
        .map(|e: &FieldError| e.field.as_str())
        .collect();
    format!(
        "The form is shown for the user to fill in. Missing: {}.",
        names.join(", ")
    )
}
