//! `FormSubmission<T>`: submitted tool arguments → `T`, with per-field errors.
use super::coerce::{FieldError, FormErrors, check_fields};
use super::field::FormField;
use super::schema::fields_from_json_schema;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::marker::PhantomData;

/// Parses the arguments a form (or an elicitation answer) submitted into `T`.
///
/// The fields come from `T`'s JSON Schema, so the checks match the form `auto_form::<T>`
/// built: strings from inputs become numbers and booleans, unresolved `{{ … }}` templates
/// count as empty, bounds and options are checked, and every problem names its field.
///
/// ```
/// use prefab::forms::FormSubmission;
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Deserialize, schemars::JsonSchema, Debug, PartialEq)]
/// struct Signup {
///     email: String,
///     #[schemars(range(min = 18))]
///     age: u32,
/// }
///
/// let ok: Signup = FormSubmission::parse(&json!({"email": "a@b.co", "age": "42"})).unwrap();
/// assert_eq!(ok, Signup { email: "a@b.co".into(), age: 42 });
///
/// let err = FormSubmission::<Signup>::parse(&json!({"email": "", "age": "12"})).unwrap_err();
/// assert_eq!(err.get("email"), Some("is required"));
/// assert_eq!(err.get("age"), Some("must be at least 18"));
/// ```
#[derive(Debug)]
pub struct FormSubmission<T>(PhantomData<T>);

impl<T: schemars::JsonSchema + DeserializeOwned> FormSubmission<T> {
    /// Checks `arguments` against `T`'s fields and deserializes them.
    ///
    /// # Errors
    /// Per-field errors; a schema `T` cannot be turned into fields is reported as one error
    /// with an empty field name.
    pub fn parse(arguments: &Value) -> Result<T, FormErrors> {
        let schema = schemars::schema_for!(T);
        let fields = fields_from_json_schema(&schema).map_err(|e| FormErrors {
            errors: vec![FieldError {
                field: String::new(),
                message: e.to_string(),
            }],
        })?;
        parse_with_fields(&fields, arguments)
    }
}

/// Checks `arguments` against `fields` and deserializes them into `T`.
///
/// # Errors
/// Per-field errors, then any error serde reports (attributed to the field it names).
pub fn parse_with_fields<T: DeserializeOwned>(
    fields: &[FormField],
    arguments: &Value,
) -> Result<T, FormErrors> {
    let values = check_fields(fields, arguments)?;
    serde_json::from_value(Value::Object(values)).map_err(|e| {
        let message = e.to_string();
        let field = message
            .split('`')
            .nth(1)
            .filter(|_| message.contains("field `"))
            .unwrap_or("")
            .to_string();
        FormErrors {
            errors: vec![FieldError { field, message }],
        }
    })
}
