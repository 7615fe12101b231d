//! Asking the user through a form in the middle of a tool call, on both generations of MCP:
//! a 2026-07-28 client gets an `InputRequiredResult` (the tool returns, the client calls it
//! again with `inputResponses`), an older client gets an `elicitation/create` request.
use prefab::forms::{
    ElicitationRequest, Elicited, FieldError, FormErrors, FormField, parse_elicitation,
    parse_input_response,
};
use rmcp::model::{
    CallToolResult, ContentBlock, ElicitRequestParams, InputRequiredResult, InputResponses,
    ProtocolVersion,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// What came of asking.
#[derive(Debug, Clone)]
pub enum Answer<T> {
    /// The user answered and the answer passed every field check.
    Accepted(T),
    /// The user said no.
    Declined,
    /// The user dismissed the form.
    Cancelled,
    /// The answer failed the field checks; [`form_errors_result`] shows them.
    Invalid(FormErrors),
    /// A 2026-07-28 client: return this from the tool; the client calls again with the
    /// answer.
    InputRequired(Box<InputRequiredResult>),
}

/// Whether a client on `version` takes an `InputRequiredResult` (2026-07-28 and later).
///
/// ```
/// use rmcp::model::ProtocolVersion;
/// assert!(prefab_mcp::takes_input_required(&ProtocolVersion::V_2026_07_28));
/// assert!(!prefab_mcp::takes_input_required(&ProtocolVersion::V_2025_11_25));
/// ```
#[must_use]
pub fn takes_input_required(version: &ProtocolVersion) -> bool {
    *version >= ProtocolVersion::V_2026_07_28
}

/// Asks for `fields` under `key` in the way the caller's protocol version allows, and checks
/// the answer like a form submission (unknown keys dropped; types, bounds and options
/// checked; a missing required field named).
///
/// * the retried call already carries an answer under `key` in `input_responses`: it is
///   checked and returned;
/// * a 2026-07-28 client: [`Answer::InputRequired`] (return it as the tool's result, with
///   `request_state` if the tool needs to remember something — the client echoes it
///   unchanged and unverified);
/// * an older client: an `elicitation/create` request is sent now and its answer awaited
///   (at most 5 minutes, or the HTTP transport's
///   `HttpConfig::client_request_timeout`); over stateless HTTP, where such a client could
///   not answer, nothing is sent and [`Answer::Invalid`] names each required field as
///   missing.
///
/// Use this for a question in the *middle* of a call (a confirmation, a value the tool only
/// knows it needs halfway). When the form *is* the tool's arguments (the model may fill
/// them, the view submits them), take a [`FormInput<T>`](crate::FormInput) instead: it
/// never elicits, and shows the form again with an error under each field.
///
/// ```no_run
/// use prefab::forms::{FieldKind, FormField};
/// use prefab_mcp::{Answer, ask_form};
/// use rmcp::handler::server::tool::InputResponses;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// async fn confirm(
///     context: RequestContext<RoleServer>,
///     InputResponses(answers): InputResponses,
/// ) -> Result<CallToolResponse, ErrorData> {
///     let fields = [FormField::new("sure", FieldKind::Boolean).required(true)];
///     let answer: Answer<serde_json::Value> =
///         ask_form(&context, answers.as_ref(), &fields, "confirm", "Delete it?", None).await?;
///     Ok(match answer {
///         Answer::Accepted(v) => CallToolResult::success(vec![ContentBlock::text(v.to_string())]).into(),
///         Answer::InputRequired(ask) => CallToolResponse::InputRequired(*ask),
///         Answer::Invalid(errors) => prefab_mcp::form_errors_result(&errors).into(),
///         Answer::Declined | Answer::Cancelled => CallToolResult::success(vec![ContentBlock::text("Not deleted")]).into(),
///     })
/// }
/// ```
///
/// # Errors
/// The older client cannot be asked (no elicitation capability, transport failure), or the
/// request cannot be expressed in rmcp's elicitation schema; the error names the key.
pub async fn ask_form<T: DeserializeOwned>(
    context: &RequestContext<RoleServer>,
    input_responses: Option<&InputResponses>,
    fields: &[FormField],
    key: &str,
    message: &str,
    request_state: Option<String>,
) -> Result<Answer<T>, ErrorData> {
    if let Some(responses) = input_responses.filter(|r| r.contains_key(key)) {
        let responses = serde_json::to_value(responses).unwrap_or(Value::Null);
        return Ok(answer(parse_input_response(fields, &responses, key)));
    }
    let request = ElicitationRequest::new(message, fields);
    let modern = context
        .protocol_version()
        .is_some_and(|v| takes_input_required(&v));
    if modern {
        let asked = input_required_result(key, &request, request_state)?;
        return Ok(Answer::InputRequired(Box::new(asked)));
    }
    let params = elicit_params(key, &request)?;
    let asking = ClientRequests::of(context);
    if !asking.possible {
        return Ok(Answer::Invalid(unasked(fields)));
    }
    let what = format!("elicitation `{key}`");
    let result = ask_client(context, &what, context.peer.create_elicitation(params)).await?;
    let result = serde_json::to_value(result).unwrap_or(Value::Null);
    Ok(answer(parse_elicitation(fields, &result)))
}

/// Sends the client a request (`request`, such as `context.peer.create_message(…)` or
/// `context.peer.create_elicitation(…)`) and waits for its answer, at most the transport's
/// bound (5 minutes, or the HTTP transport's `HttpConfig::client_request_timeout`); the
/// wait ends early, with an error, when the call is cancelled (the client cancelled it,
/// or its session ended). Over stateless HTTP, where the client could not answer,
/// nothing is sent and the error says so.
///
/// ```no_run
/// use rmcp::model::{CreateMessageRequestParams, SamplingMessage};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// async fn summarize(context: RequestContext<RoleServer>) -> Result<String, ErrorData> {
///     let params = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Summarize")], 100);
///     let answer = prefab_mcp::ask_client(&context, "sampling", context.peer.create_message(params)).await?;
///     Ok(format!("{:?}", answer.message.content))
/// }
/// ```
///
/// # Errors
/// `what` with the reason: no answer in time, the call was cancelled, the client answered
/// with an error, or it cannot be sent requests over this transport.
pub async fn ask_client<T, E: std::fmt::Display>(
    context: &RequestContext<RoleServer>,
    what: &str,
    request: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, ErrorData> {
    let failed = |why: String| ErrorData::internal_error(format!("{what}: {why}"), None);
    let asking = ClientRequests::of(context);
    if !asking.possible {
        return Err(failed(NO_SESSION.into()));
    }
    let answer = tokio::time::timeout(asking.timeout, request);
    // The wait also ends with the call: its token is cancelled when the client cancels it
    // or its session ends.
    tokio::select! {
        answer = answer => answer
            .map_err(|_| failed(format!("no answer in {} s", asking.timeout.as_secs())))?
            .map_err(|e| failed(format!("failed: {e}"))),
        () = context.ct.cancelled() => Err(failed("the call was cancelled".into())),
    }
}

/// Why a stateless HTTP endpoint sends the client no requests.
const NO_SESSION: &str = "a stateless HTTP endpoint cannot send the client requests: the \
     answer the client posts back could only reach this call through a session (turn on \
     session mode with `HttpConfig::sessions`, or use a 2026-07-28 client)";

/// `request` in rmcp's elicitation type.
fn elicit_params(
    key: &str,
    request: &ElicitationRequest,
) -> Result<ElicitRequestParams, ErrorData> {
    serde_json::to_value(request)
        .and_then(serde_json::from_value)
        .map_err(|e| ErrorData::internal_error(format!("input request `{key}`: {e}"), None))
}

/// An `InputRequiredResult` asking `request` under `key`.
pub(crate) fn input_required_result(
    key: &str,
    request: &ElicitationRequest,
    request_state: Option<String>,
) -> Result<InputRequiredResult, ErrorData> {
    let params = elicit_params(key, request)?;
    let requests = serde_json::from_value(json!({
        key: { "method": prefab::forms::ELICITATION_METHOD, "params": params }
    }))
    .map_err(|e| ErrorData::internal_error(format!("input request `{key}`: {e}"), None))?;
    Ok(InputRequiredResult::new(Some(requests), request_state))
}

/// Whether a tool may send the client a request (an elicitation) and how long it waits for
/// the answer. The HTTP transport puts it into each request's extensions: a stateless
/// endpoint cannot carry the client's answer back (it refuses JSON-RPC responses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientRequests {
    pub(crate) possible: bool,
    pub(crate) timeout: std::time::Duration,
}

/// How long a server-to-client request waits for its answer unless the transport says.
pub(crate) const CLIENT_REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(300);

impl ClientRequests {
    fn of(context: &RequestContext<RoleServer>) -> ClientRequests {
        #[cfg(feature = "http")]
        if let Some(found) = context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<ClientRequests>())
        {
            return *found;
        }
        let _ = context;
        ClientRequests {
            possible: true,
            timeout: CLIENT_REQUEST_TIMEOUT,
        }
    }
}

/// The answer for a client that cannot be asked: each required field named as missing.
fn unasked(fields: &[FormField]) -> FormErrors {
    let mut errors: Vec<FieldError> = fields
        .iter()
        .filter(|f| f.required)
        .map(|f| FieldError {
            field: f.name.clone(),
            message: "is required".into(),
        })
        .collect();
    if errors.is_empty() {
        errors.push(FieldError {
            field: String::new(),
            message: "this client cannot be asked for input here".into(),
        });
    }
    FormErrors { errors }
}

fn answer<T>(parsed: Result<Elicited<T>, FormErrors>) -> Answer<T> {
    match parsed {
        Ok(Elicited::Accepted(value)) => Answer::Accepted(value),
        Ok(Elicited::Declined) => Answer::Declined,
        Ok(Elicited::Cancelled) => Answer::Cancelled,
        Err(errors) => Answer::Invalid(errors),
    }
}

/// A tool error result listing every field error, for the model (text) and for programs
/// (`structuredContent.errors`: `[{"field", "message"}]`).
///
/// ```
/// use prefab::forms::{FieldError, FormErrors};
///
/// let errors = FormErrors { errors: vec![FieldError { field: "email".into(), message: "is required".into() }] };
/// let result = serde_json::to_value(prefab_mcp::form_errors_result(&errors)).unwrap();
/// assert_eq!(result["isError"], true);
/// assert_eq!(result["structuredContent"]["errors"][0]["field"], "email");
/// assert_eq!(result["content"][0]["text"], "The answer was not accepted: email: is required");
/// ```
#[must_use]
pub fn form_errors_result(errors: &FormErrors) -> CallToolResult {
    let text = format!("The answer was not accepted: {errors}");
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    let list: Vec<&FieldError> = errors.errors.iter().collect();
    result.structured_content = Some(json!({ "errors": list }));
    result
}
