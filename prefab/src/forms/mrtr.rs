//! Forms as input requests of the 2026-07-28 MCP revision (multi round-trip requests,
//! SEP-2322): instead of sending `elicitation/create` to the client, a tool returns an
//! `InputRequiredResult` naming the forms it needs, and the client calls the tool again with
//! the answers in `inputResponses`.
//!
//! The types here are plain data (the wire shape, for any MCP library);
//! `prefab_mcp::ask_form` turns them into rmcp's types and picks the old or the new path
//! from the negotiated protocol version.
use super::coerce::{FieldError, FormErrors, is_blank, leaf_key, unflatten};
use super::elicit::{ELICITATION_METHOD, ElicitationRequest, Elicited, parse_elicitation};
use super::field::{FieldKind, FormField};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The `resultType` of an input-required result.
pub const INPUT_REQUIRED: &str = "input_required";

/// A tool result that asks the client for input before the call can complete
/// (`{"resultType": "input_required", "inputRequests": {…}, "requestState": …}`).
///
/// ```
/// use prefab::forms::{FieldKind, FormField, FormSpec};
///
/// let spec = FormSpec::new("invite", vec![FormField::new("email", FieldKind::Email).required(true)]);
/// let asked = spec.input_required("invite", "Who should we invite?").request_state("step-1");
/// let wire = serde_json::to_value(&asked).unwrap();
/// assert_eq!(wire["resultType"], "input_required");
/// assert_eq!(wire["inputRequests"]["invite"]["method"], "elicitation/create");
/// assert_eq!(wire["inputRequests"]["invite"]["params"]["mode"], "form");
/// assert_eq!(wire["inputRequests"]["invite"]["params"]["requestedSchema"]["required"][0], "email");
/// assert_eq!(wire["requestState"], "step-1");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InputRequired {
    /// Always [`INPUT_REQUIRED`].
    pub result_type: String,
    /// The requests the client answers, by a key of the server's choosing.
    pub input_requests: BTreeMap<String, Value>,
    /// Opaque state the client echoes on the retried call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_state: Option<String>,
}

impl InputRequired {
    /// A result asking one form-mode elicitation under `key`.
    #[must_use]
    pub fn form(key: impl Into<String>, request: &ElicitationRequest) -> Self {
        Self {
            result_type: INPUT_REQUIRED.into(),
            input_requests: BTreeMap::new(),
            request_state: None,
        }
        .and_form(key, request)
    }

    /// Adds another form-mode elicitation under `key`.
    #[must_use]
    pub fn and_form(mut self, key: impl Into<String>, request: &ElicitationRequest) -> Self {
        self.input_requests.insert(
            key.into(),
            json!({ "method": ELICITATION_METHOD, "params": request }),
        );
        self
    }

    /// Sets the state the client echoes back (it is not trusted: verify it).
    #[must_use]
    pub fn request_state(mut self, state: impl Into<String>) -> Self {
        self.request_state = Some(state.into());
        self
    }
}

/// Reads the answer to the input request `key` from a retried call's `inputResponses`
/// (`{"<key>": {"action": "accept", "content": {…}}}`), with the checks of a form
/// submission: unknown keys are dropped, types, bounds and options are checked, and a
/// missing required field is reported by name.
///
/// ```
/// use prefab::forms::{Elicited, FieldKind, FormField, parse_input_response};
/// use serde_json::json;
///
/// let fields = vec![FormField::new("seats", FieldKind::Integer).required(true).range(None, Some(10.0))];
/// let ok = json!({"plan": {"action": "accept", "content": {"seats": "3", "extra": 1}}});
/// let got: Elicited<serde_json::Value> = parse_input_response(&fields, &ok, "plan").unwrap();
/// assert_eq!(got, Elicited::Accepted(json!({"seats": 3})));
///
/// let bad = json!({"plan": {"action": "accept", "content": {"seats": 30}}});
/// let err = parse_input_response::<serde_json::Value>(&fields, &bad, "plan").unwrap_err();
/// assert_eq!(err.get("seats"), Some("must be at most 10"));
/// ```
///
/// # Errors
/// Per-field errors of an accepted answer; no answer under `key`, or an unknown `action`,
/// as one error with an empty field name.
pub fn parse_input_response<T: DeserializeOwned>(
    fields: &[FormField],
    input_responses: &Value,
    key: &str,
) -> Result<Elicited<T>, FormErrors> {
    match input_responses.get(key) {
        Some(answer) => parse_elicitation(fields, answer),
        None => Err(FormErrors {
            errors: vec![FieldError {
                field: String::new(),
                message: format!("no answer to the input request `{key}`"),
            }],
        }),
    }
}

/// The fields of `fields` that `arguments` leaves empty (absent, `null`, blank or an
/// unresolved `{{ … }}` template; nested objects or dotted keys), so that a tool asks only
/// for what the caller did not give. Groups keep their empty members.
///
/// ```
/// use prefab::forms::{FieldKind, FormField, missing_fields};
/// use serde_json::json;
///
/// let fields = vec![
///     FormField::new("email", FieldKind::Email).required(true),
///     FormField::new("role", FieldKind::Text).required(true),
/// ];
/// let missing = missing_fields(&fields, &json!({"email": "ada@example.com", "role": ""}));
/// assert_eq!(missing.len(), 1);
/// assert_eq!(missing[0].name, "role");
/// ```
#[must_use]
pub fn missing_fields(fields: &[FormField], arguments: &Value) -> Vec<FormField> {
    missing_in(fields, &unflatten(arguments))
}

fn missing_in(fields: &[FormField], given: &Map<String, Value>) -> Vec<FormField> {
    let mut out = Vec::new();
    for field in fields {
        let key = leaf_key(&field.name);
        let value = given.get(key);
        if let FieldKind::Group { fields: inner } = &field.kind {
            let empty = Map::new();
            let inner_given = value.and_then(Value::as_object).unwrap_or(&empty);
            let inner_missing = missing_in(inner, inner_given);
            if !inner_missing.is_empty() {
                let mut group = field.clone();
                group.kind = FieldKind::Group {
                    fields: inner_missing,
                };
                out.push(group);
            }
            continue;
        }
        if value.is_none_or(is_blank) {
            out.push(field.clone());
        }
    }
    out
}
