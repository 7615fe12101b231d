//! Validation with useful errors: every problem, each with its JSON path.
//!
//! [`validate`] walks a JSON document — an app envelope (`{"$prefab": …}`), a single
//! component node, or an action — and reports **every** problem it finds instead of
//! stopping at the first:
//!
//! ```
//! use serde_json::json;
//! let doc = json!({
//!     "$prefab": {"version": "0.3"},
//!     "view": {"type": "Column", "children": [
//!         {"type": "Buttn", "label": "Save"},
//!         {"type": "Button", "label": 5, "onClick": {"action": "setStat"}},
//!         {"type": "Text", "content": "hi", "colour": "red"}
//!     ]}
//! });
//! let report = prefab::validate(&doc);
//! let errors: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
//! assert_eq!(errors, [
//!     r#"view.children[0]: unknown component type "Buttn" (did you mean "Button"?)"#,
//!     r#"view.children[1].label: expected a string, got number 5"#,
//!     r#"view.children[1].onClick: unknown action "setStat" (did you mean "setState"?)"#,
//! ]);
//! // Unknown props on known components are kept, and reported as warnings.
//! assert_eq!(report.warnings[0].to_string(),
//!     r#"view.children[2].colour: unknown prop "colour" on Text (kept as is)"#);
//! ```
//!
//! Nesting is bounded: JSON text deeper than [`MAX_JSON_DEPTH`] arrays/objects and trees
//! deeper than [`MAX_DEPTH`] nodes/actions are errors (with the path where the limit was
//! hit), never a stack overflow. Validation never panics, and its time is linear in the
//! document's size: `$ref`s are checked without expanding them (a view that would
//! expand into more than [`MAX_EXPANDED_NODES`] nodes is an error, a cycle a warning), suggestions
//! have a fixed budget, and long names are cut in messages.
//!
//! The checks come from the same tables that generate the typed model (each component's
//! `PROPS`), so a document that validates also parses into [`crate::App`] / [`crate::Node`].

mod check;
mod depth;
pub(crate) mod enums;
mod refs;
mod rules;
mod tagged;
mod templates;
mod walk;

pub use crate::wire::{Issue, Report, ValidationErrors};
pub use refs::MAX_EXPANDED_NODES;

use crate::wire::Walker;
use crate::{Actions, App, Node};
use serde::Serialize;
use serde_json::Value;

/// The deepest node/action nesting accepted (counted in nodes and actions, not JSON levels).
pub const MAX_DEPTH: usize = 64;

/// The deepest JSON text accepted, in nested arrays and objects (serde_json's own limit).
pub const MAX_JSON_DEPTH: usize = 128;

/// Checks a JSON document (app envelope, component node or action) and returns every
/// error and warning with its path ([`Mode::Document`]).
#[must_use]
pub fn validate(value: &Value) -> Report {
    validate_with(value, Mode::Document)
}

/// Which problems make a document invalid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// A document (`prefab validate`): only what the renderer rejects is an error. Unknown
    /// props, `{{ }}` syntax errors, unknown pipes and values outside an open enum's usual
    /// set (`variant`) still render, so they are warnings.
    #[default]
    Document,
    /// A view a model wrote (`render_ui`): template syntax errors, unknown pipes and values
    /// outside an open enum's usual set are errors too, so that one retry fixes them all.
    /// Unknown props stay warnings.
    Generated,
}

/// Checks a JSON document like [`validate`], with the strictness of `mode`.
///
/// ```
/// use prefab::validate::{Mode, validate_with};
/// let view = serde_json::json!({"type": "Text", "content": "{{ name | uper }}"});
/// assert!(validate_with(&view, Mode::Document).is_valid());
/// let report = validate_with(&view, Mode::Generated);
/// assert!(report.errors[0].message.contains("did you mean \"upper\""));
/// assert_eq!(report.errors[0].path, "content");
/// ```
#[must_use]
pub fn validate_with(value: &Value, mode: Mode) -> Report {
    let mut walker = Walker::new();
    walker.strict = mode == Mode::Generated;
    walker.document(value);
    walker.finish()
}

/// Parses JSON text and validates it. Syntax errors (and too deep nesting, with its path)
/// are reported like any other error.
#[must_use]
pub fn validate_str(text: &str) -> Report {
    match parse_json(text) {
        Ok(value) => validate(&value),
        Err(issue) => Report {
            errors: vec![issue],
            warnings: Vec::new(),
        },
    }
}

/// Parses JSON text into a `Value`, turning serde_json's recursion-limit error into an
/// issue that names the JSON path where nesting got too deep.
pub(crate) fn parse_json(text: &str) -> Result<Value, Issue> {
    serde_json::from_str(text).map_err(|e| {
        if e.to_string().starts_with("recursion limit exceeded") {
            let path = depth::path_at_depth(text, MAX_JSON_DEPTH).unwrap_or_default();
            Issue::new(
                path,
                format!(
                    "nesting deeper than {MAX_JSON_DEPTH} JSON levels (line {}, column {})",
                    e.line(),
                    e.column()
                ),
            )
        } else {
            Issue::new("", format!("invalid JSON: {e}"))
        }
    })
}

/// A parsed document: what `prefab validate` and `prefab roundtrip` accept.
///
/// ```
/// use prefab::validate::Document;
/// let doc = Document::from_json(r#"{"type": "Text", "content": "hi"}"#).unwrap();
/// assert!(matches!(doc, Document::Node(_)));
/// assert_eq!(doc.to_value().unwrap()["content"], "hi");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Document {
    /// A full app envelope (`{"$prefab": …}`).
    App(Box<App>),
    /// A single component or `$ref` node.
    Node(Node),
    /// An action or a list of actions.
    Actions(Actions),
}

impl Document {
    /// Parses and validates JSON text, then builds the typed document.
    ///
    /// # Errors
    /// Every validation error, each with its path.
    pub fn from_json(text: &str) -> Result<Self, ValidationErrors> {
        let value = parse_json(text).map_err(|i| ValidationErrors(vec![i]))?;
        Self::from_value(value)
    }

    /// Validates a JSON value, then builds the typed document.
    ///
    /// # Errors
    /// Every validation error, each with its path.
    pub fn from_value(value: Value) -> Result<Self, ValidationErrors> {
        let report = validate(&value);
        if !report.errors.is_empty() {
            return Err(ValidationErrors(report.errors));
        }
        let typed = match kind_of(&value) {
            Kind::App => App::from_value(value).map(|a| Document::App(Box::new(a))),
            Kind::Actions => Actions::from_value(value).map(Document::Actions),
            Kind::Node => Node::from_value(value).map(Document::Node),
        };
        typed.map_err(|e| ValidationErrors(vec![Issue::new("", e.to_string())]))
    }

    /// Serializes the typed document back to JSON.
    ///
    /// # Errors
    /// Only if a map key is not a string (never for parsed documents).
    pub fn to_value(&self) -> Result<Value, serde_json::Error> {
        serde_json::to_value(self)
    }
}

/// [`App::from_json`] is here, above the app: it parses through [`Document`].
impl App {
    /// Parses and validates JSON text. Every error comes with its JSON path.
    ///
    /// # Errors
    /// Every validation error; also when the document is a bare node, not an app.
    pub fn from_json(text: &str) -> Result<Self, ValidationErrors> {
        match Document::from_json(text)? {
            Document::App(app) => Ok(*app),
            _ => Err(ValidationErrors(vec![Issue::new(
                "",
                "expected an app envelope ({\"$prefab\": …, \"view\": …})",
            )])),
        }
    }
}

pub(crate) enum Kind {
    App,
    Node,
    Actions,
}

/// What a top-level JSON value is meant to be.
pub(crate) fn kind_of(value: &Value) -> Kind {
    match value {
        Value::Object(m) if m.contains_key("$prefab") || m.contains_key("view") => Kind::App,
        Value::Object(m) if m.contains_key("action") && !m.contains_key("type") => Kind::Actions,
        Value::Array(items) if items.first().is_some_and(|i| i.get("action").is_some()) => {
            Kind::Actions
        }
        _ => Kind::Node,
    }
}
