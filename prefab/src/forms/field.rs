//! Field descriptors: what a form asks for, independent of how it is shown (a prefab
//! `Form`, an MCP elicitation) or where it came from (a Rust type, a JSON Schema).
use serde::Serialize;
use serde_json::Value;

/// One field of a form.
///
/// ```
/// use prefab::forms::{FieldKind, FormField};
///
/// let email = FormField::new("email", FieldKind::Email).required(true);
/// assert_eq!(email.label, "Email");
/// assert_eq!(email.state_name(), "email");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FormField {
    /// The argument key (nested fields: `address.street`).
    pub name: String,
    /// The visible label.
    pub label: String,
    /// What kind of value it holds.
    pub kind: FieldKind,
    /// Whether a value must be given.
    pub required: bool,
    /// Help text under the input.
    pub description: Option<String>,
    /// The initial value.
    pub default: Option<Value>,
    /// Smallest number allowed (JSON Schema `minimum`).
    pub min: Option<f64>,
    /// Largest number allowed (JSON Schema `maximum`).
    pub max: Option<f64>,
    /// Numbers must be more than this (JSON Schema `exclusiveMinimum`). The browser gets it
    /// as `min` (it has no exclusive bound), so the bound itself is refused by the server.
    pub exclusive_min: Option<f64>,
    /// Numbers must be less than this (JSON Schema `exclusiveMaximum`); see `exclusive_min`.
    pub exclusive_max: Option<f64>,
    /// Numbers must be a multiple of this (JSON Schema `multipleOf`), the input's `step`.
    /// Without it a [`FieldKind::Number`] input has no `step` (it takes any number) and an
    /// integer one `step: 1`.
    pub step: Option<f64>,
    /// Shortest text allowed, in characters.
    pub min_length: Option<u64>,
    /// Longest text allowed, in characters.
    pub max_length: Option<u64>,
    /// A regular expression (JSON Schema `pattern`: it must match somewhere in the text,
    /// `^…$` anchors it), checked by the browser and again on the server.
    pub pattern: Option<String>,
}

/// The kinds of values a field can hold.
///
/// [`fields_from_json_schema`](super::fields_from_json_schema) picks the kind from the
/// schema's `type` and `format`:
///
/// ```
/// use prefab::forms::{FieldKind, fields_from_json_schema};
/// let schema: schemars::Schema = serde_json::from_value(serde_json::json!({
///     "type": "object",
///     "properties": {
///         "bio": {"type": "string", "format": "textarea"},
///         "due": {"type": "string", "format": "date"}
///     }
/// })).unwrap();
/// let fields = fields_from_json_schema(&schema).unwrap();
/// assert_eq!(fields[0].kind, FieldKind::Textarea);
/// assert_eq!(fields[1].kind, FieldKind::Date);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FieldKind {
    /// One line of text.
    Text,
    /// Several lines of text: a string whose schema has `"format": "textarea"` or
    /// `"x-prefab-multiline": true`, or a `maxLength` over 200 (see
    /// [`MULTILINE_KEY`](super::MULTILINE_KEY)).
    Textarea,
    /// An email address.
    Email,
    /// A URL.
    Url,
    /// A calendar date (`2024-01-15`).
    Date,
    /// A date and time (`2024-01-15T14:30:00Z`).
    DateTime,
    /// A time of day (`14:30`).
    Time,
    /// Any number.
    Number,
    /// A whole number.
    Integer,
    /// Yes / no.
    Boolean,
    /// One of fixed options.
    Choice {
        /// The options, in order.
        options: Vec<ChoiceOption>,
    },
    /// Several values of one kind, typed one per line.
    List {
        /// The kind of each item (a scalar kind).
        item: Box<FieldKind>,
    },
    /// A nested object: its own fields.
    Group {
        /// The nested fields, with full dotted names.
        fields: Vec<FormField>,
    },
}

/// One option of a [`FieldKind::Choice`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoiceOption {
    /// The value sent (as in the schema's `enum`/`const`).
    pub value: Value,
    /// What the user sees.
    pub label: String,
}

impl FormField {
    /// A field with a label derived from its name (`created_at` → `Created at`).
    #[must_use]
    pub fn new(name: impl Into<String>, kind: FieldKind) -> Self {
        let name = name.into();
        let last = name.rsplit('.').next().unwrap_or(&name);
        Self {
            label: crate::wire::humanize(last),
            name,
            kind,
            required: false,
            description: None,
            default: None,
            min: None,
            max: None,
            exclusive_min: None,
            exclusive_max: None,
            step: None,
            min_length: None,
            max_length: None,
            pattern: None,
        }
    }

    /// Sets the label.
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Marks the field as required (or not).
    #[must_use]
    pub fn required(mut self, required: bool) -> Self {
        self.required = required;
        self
    }

    /// Sets the help text.
    #[must_use]
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// Sets the initial value.
    #[must_use]
    pub fn default_value(mut self, value: impl Into<Value>) -> Self {
        self.default = Some(value.into());
        self
    }

    /// Sets the number range.
    #[must_use]
    pub fn range(mut self, min: Option<f64>, max: Option<f64>) -> Self {
        self.min = min;
        self.max = max;
        self
    }

    /// Sets the exclusive number range: values must be more than `min` and less than `max`.
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormField, check_fields};
    /// let amount = FormField::new("amount", FieldKind::Number).exclusive_range(Some(0.0), None);
    /// let errors = check_fields(&[amount], &serde_json::json!({"amount": "0"})).unwrap_err();
    /// assert_eq!(errors.get("amount"), Some("must be more than 0"));
    /// ```
    #[must_use]
    pub fn exclusive_range(mut self, min: Option<f64>, max: Option<f64>) -> Self {
        self.exclusive_min = min;
        self.exclusive_max = max;
        self
    }

    /// Sets the step: values must be a multiple of `step` (JSON Schema `multipleOf`),
    /// and the input's arrows move by it. A number field without a step takes any number.
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormField, check_fields};
    /// let price = FormField::new("price", FieldKind::Number).step(0.25);
    /// assert!(check_fields(std::slice::from_ref(&price), &serde_json::json!({"price": "4.75"})).is_ok());
    /// let errors = check_fields(&[price], &serde_json::json!({"price": "4.8"})).unwrap_err();
    /// assert_eq!(errors.get("price"), Some("must be a multiple of 0.25"));
    /// ```
    #[must_use]
    pub fn step(mut self, step: impl Into<f64>) -> Self {
        self.step = Some(step.into());
        self
    }

    /// Sets the text length range.
    #[must_use]
    pub fn length(mut self, min: Option<u64>, max: Option<u64>) -> Self {
        self.min_length = min;
        self.max_length = max;
        self
    }

    /// Sets the pattern (a regular expression that must match somewhere in the text, as
    /// JSON Schema's `pattern`; write `^…$` to match all of it), checked by the browser and
    /// by [`check_fields`](super::check_fields).
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormField, check_fields};
    /// let code = FormField::new("code", FieldKind::Text).pattern("^[A-Z]{3}$");
    /// let errors = check_fields(&[code], &serde_json::json!({"code": "abc"})).unwrap_err();
    /// assert_eq!(errors.get("code"), Some("must match the requested format: ^[A-Z]{3}$"));
    /// ```
    #[must_use]
    pub fn pattern(mut self, pattern: impl Into<String>) -> Self {
        self.pattern = Some(pattern.into());
        self
    }

    /// The state key the input binds to: a top-level key, never a path. A nested field's
    /// dots become `__` (`address.zip` → `address__zip`): a renderer cannot set the path
    /// `address.zip` while the state has no `address` object (prefab-ui's warns and leaves
    /// the input unbound, as does ours), so what the user typed would never reach the
    /// submit. Every other character the renderer does not accept in a state name
    /// (`^[a-zA-Z_$][a-zA-Z0-9_.$]*$`) becomes `_`.
    ///
    /// ```
    /// use prefab::forms::{FieldKind, FormField};
    /// assert_eq!(FormField::new("address.zip", FieldKind::Text).state_name(), "address__zip");
    /// assert_eq!(FormField::new("e-mail", FieldKind::Email).state_name(), "e_mail");
    /// ```
    #[must_use]
    pub fn state_name(&self) -> String {
        state_name(&self.name)
    }

    /// The leaf fields (groups flattened), in order.
    #[must_use]
    pub fn leaves(fields: &[FormField]) -> Vec<&FormField> {
        let mut out = Vec::new();
        for field in fields {
            match &field.kind {
                FieldKind::Group { fields } => out.extend(Self::leaves(fields)),
                _ => out.push(field),
            }
        }
        out
    }
}

pub(crate) fn state_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '.' => out.push_str("__"),
            c if c.is_ascii_alphanumeric() || matches!(c, '_' | '$') => out.push(c),
            _ => out.push('_'),
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}
