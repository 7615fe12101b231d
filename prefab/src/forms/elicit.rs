//! MCP elicitation (`elicitation/create`, form mode) from the same fields, so a server can
//! ask through the host's native form when no UI can be shown.
use super::coerce::FormErrors;
use super::field::{FieldKind, FormField};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

/// The method name of the request.
pub const ELICITATION_METHOD: &str = "elicitation/create";

/// The `params` of an `elicitation/create` request in form mode.
///
/// MCP restricts `requestedSchema` to a flat object of primitive properties, so nested
/// groups are flattened to dotted names (`address.zip`); [`parse_elicitation`] nests them
/// again.
///
/// ```
/// use prefab::forms::{ElicitationRequest, FieldKind, FormField};
///
/// let fields = vec![FormField::new("email", FieldKind::Email).required(true)];
/// let request = ElicitationRequest::new("Who should we invite?", &fields);
/// let params = serde_json::to_value(&request).unwrap();
/// assert_eq!(params["mode"], "form");
/// assert_eq!(params["requestedSchema"]["properties"]["email"]["format"], "email");
/// assert_eq!(params["requestedSchema"]["required"][0], "email");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElicitationRequest {
    /// Always `form`.
    pub mode: String,
    /// What the user is asked.
    pub message: String,
    /// The flat object schema of the answer.
    pub requested_schema: Value,
}

impl ElicitationRequest {
    /// A form-mode request for `fields`.
    #[must_use]
    pub fn new(message: impl Into<String>, fields: &[FormField]) -> Self {
        Self {
            mode: "form".into(),
            message: message.into(),
            requested_schema: requested_schema(fields),
        }
    }

    /// The whole JSON-RPC request body (`{"method": "elicitation/create", "params": …}`).
    #[must_use]
    pub fn to_request(&self) -> Value {
        json!({ "method": ELICITATION_METHOD, "params": self })
    }
}

/// The restricted flat schema MCP allows for elicitation.
#[must_use]
pub fn requested_schema(fields: &[FormField]) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    flatten(fields, true, &mut properties, &mut required);
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), Value::from(required));
    }
    Value::Object(schema)
}

fn flatten(
    fields: &[FormField],
    parent_required: bool,
    out: &mut Map<String, Value>,
    required: &mut Vec<String>,
) {
    for field in fields {
        if let FieldKind::Group { fields } = &field.kind {
            flatten(fields, parent_required && field.required, out, required);
            continue;
        }
        if parent_required && field.required {
            required.push(field.name.clone());
        }
        out.insert(field.name.clone(), primitive(field));
    }
}

fn primitive(field: &FormField) -> Value {
    let mut p = Map::new();
    let mut put = |k: &str, v: Option<Value>| {
        if let Some(v) = v {
            p.insert(k.into(), v);
        }
    };
    put("title", Some(field.label.clone().into()));
    put("description", field.description.clone().map(Value::from));
    let (ty, format) = match &field.kind {
        FieldKind::Email => ("string", Some("email")),
        FieldKind::Url => ("string", Some("uri")),
        FieldKind::Date => ("string", Some("date")),
        FieldKind::DateTime => ("string", Some("date-time")),
        FieldKind::Number => ("number", None),
        FieldKind::Integer => ("integer", None),
        FieldKind::Boolean => ("boolean", None),
        _ => ("string", None),
    };
    put("type", Some(ty.into()));
    put("format", format.map(Value::from));
    if let FieldKind::Choice { options } = &field.kind {
        let plain = options.iter().all(|o| {
            o.value
                .as_str()
                .is_some_and(|v| crate::wire::humanize(v) == o.label)
        });
        if plain {
            put(
                "enum",
                Some(options.iter().map(|o| o.value.clone()).collect()),
            );
        } else {
            put(
                "oneOf",
                Some(
                    options
                        .iter()
                        .map(|o| json!({"const": o.value, "title": o.label}))
                        .collect(),
                ),
            );
        }
    }
    if let FieldKind::List { .. } = &field.kind {
        put(
            "description",
            Some(
                field
                    .description
                    .clone()
                    .map_or_else(
                        || "Comma-separated".to_string(),
                        |d| format!("{d} (comma-separated)"),
                    )
                    .into(),
            ),
        );
    }
    if matches!(field.kind, FieldKind::Number | FieldKind::Integer) {
        let integer = matches!(field.kind, FieldKind::Integer);
        put("minimum", field.min.map(|v| bound(v, integer)));
        put("maximum", field.max.map(|v| bound(v, integer)));
    } else if !matches!(
        field.kind,
        FieldKind::Boolean | FieldKind::Choice { .. } | FieldKind::List { .. }
    ) {
        put("minLength", field.min_length.map(Value::from));
        put("maxLength", field.max_length.map(Value::from));
    }
    put("default", field.default.clone());
    Value::Object(p)
}

/// An integer field's bound is written as an integer (`9`, not `9.0`): clients that read
/// the schema into typed integer bounds (rmcp among them) reject a float there.
fn bound(value: f64, integer: bool) -> Value {
    if integer && value.fract() == 0.0 && value.abs() < 9.0e15 {
        #[allow(clippy::cast_possible_truncation)]
        Value::from(value as i64)
    } else {
        Value::from(value)
    }
}

/// What the user did with an elicitation.
#[derive(Debug, Clone, PartialEq)]
pub enum Elicited<T> {
    /// They answered; the answer passed the field checks.
    Accepted(T),
    /// They said no.
    Declined,
    /// They dismissed the request.
    Cancelled,
}

/// Parses an `elicitation/create` result (`{"action": "accept", "content": {…}}`) with the
/// same checks as a form submission.
///
/// ```
/// use prefab::forms::{Elicited, FieldKind, FormField, parse_elicitation};
/// use serde_json::json;
///
/// let fields = vec![FormField::new("age", FieldKind::Integer).required(true)];
/// let answer = json!({"action": "accept", "content": {"age": 30}});
/// let got: Elicited<serde_json::Value> = parse_elicitation(&fields, &answer).unwrap();
/// assert_eq!(got, Elicited::Accepted(json!({"age": 30})));
/// ```
///
/// # Errors
/// Per-field errors of an accepted answer, or an unknown `action`.
pub fn parse_elicitation<T: DeserializeOwned>(
    fields: &[FormField],
    result: &Value,
) -> Result<Elicited<T>, FormErrors> {
    match result.get("action").and_then(Value::as_str) {
        Some("accept") => {
            let content = result.get("content").cloned().unwrap_or_else(|| json!({}));
            super::submission::parse_with_fields(fields, &content).map(Elicited::Accepted)
        }
        Some("decline") => Ok(Elicited::Declined),
        Some("cancel") => Ok(Elicited::Cancelled),
        other => Err(FormErrors {
            errors: vec![super::coerce::FieldError {
                field: String::new(),
                message: format!("unknown elicitation action {other:?}"),
            }],
        }),
    }
}
