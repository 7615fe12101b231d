//! A2UI in and out: `$prefab` documents ↔ [A2UI](https://a2ui.org) messages (feature `a2ui`).
//!
//! A2UI is Google's declarative agent-to-UI format: a surface is a flat list of components
//! (parents name their children by id, the root is `root`) plus a JSON data model that
//! components read through JSON Pointer bindings. Two versions are spoken:
//!
//! * [`Version::V0_9`] — the current stable A2UI specification (`specification/v0_9` of
//!   `google/A2UI`, basic catalog `https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json`);
//!   the default. Its `createSurface` carries no components, so both [`Form`]s give the
//!   stream of `createSurface`, `updateComponents`, `updateDataModel`.
//! * [`Version::V1_0`] — what the TypeScript port `@maxhealth.tech/prefab` 0.3.13 emits
//!   (`version: "v1.0"`, the draft `specification/v1_0` of `a2ui-project/a2ui`, checked
//!   against the schemas `@a2ui/web_core` 0.11.0 ships): the batch form is one
//!   `createSurface` holding the components and the data model. Function calls carry no
//!   `returnType`, and `Text` has no heading variants: a heading is Markdown in its text
//!   (`# Title` … `##### Title`), read back as the heading.
//!
//! The mapping is a table ([`mappings`]): each prefab type ↔ one basic-catalog component and
//! each prop ↔ one property. Everything that does not cross unchanged is named in
//! [`Diagnostic`]s by JSON path: `degraded` (shown with a simpler component or without a
//! prop), `unsupported` (dropped), `expression` (a `{{ }}` template richer than a data
//! binding, left as written), `action` (an action with no A2UI counterpart).
//!
//! ```
//! use prefab::a2ui::{self, Options};
//! use prefab::*;
//! use serde_json::json;
//!
//! // A control's A2UI `label` is the `Label` of a `Field` around it.
//! let name = Field::new()
//!     .child(Label::new("Your name"))
//!     .child(Input::new().name("name"));
//! let app = App::new(Column::new().child(H1::new("Hello, {{ name }}!")).child(name))
//!     .state("name", "world");
//! let out = a2ui::from_app(&app, &Options::default());
//! // createSurface, updateComponents, updateDataModel
//! assert_eq!(out.messages.len(), 3);
//! let components = &out.messages[1]["updateComponents"]["components"];
//! assert_eq!(components[0], json!({"id": "root", "component": "Column", "children": ["c1", "c2"]}));
//! assert_eq!(
//!     components[1]["text"],
//!     json!({"call": "formatString", "args": {"value": "Hello, ${/name}!"}, "returnType": "string"})
//! );
//! assert_eq!(components[2]["value"], json!({"path": "/name"}));
//! assert_eq!(components[2]["label"], json!("Your name"));
//! assert!(out.diagnostics.is_empty());
//!
//! // And back: the same document.
//! let back = a2ui::to_prefab(&out.messages);
//! assert_eq!(back.envelope, app.to_value());
//! ```

mod actions;
mod bind;
mod dialect;
mod emit;
mod read;
mod table;

pub use read::Reader;
pub use table::{Conv, Fidelity, Kids, Mapping, mappings};

use serde::Serialize;
use serde_json::{Value, json};

/// MIME type of an A2UI payload (`{"messages": [...]}`) in an MCP resource.
pub const MIME: &str = "application/a2ui+json";
/// URI of the resource item `display_a2ui` returns.
pub const RESOURCE_URI: &str = "a2ui://prefab/surface";
/// The id of every surface's root component.
pub const ROOT_ID: &str = "root";
/// Surface id used when [`Options::surface_id`] is not set.
pub const DEFAULT_SURFACE_ID: &str = "prefab";

/// The A2UI protocol version written on every message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Version {
    /// `v0.9`, the current stable specification.
    #[default]
    V0_9,
    /// `v1.0`, the draft the TypeScript port 0.3.13 emits.
    V1_0,
}

impl Version {
    /// The `version` field value (`"v0.9"`, `"v1.0"`).
    #[must_use]
    pub fn wire(self) -> &'static str {
        match self {
            Self::V0_9 => "v0.9",
            Self::V1_0 => "v1.0",
        }
    }

    /// The basic catalog's id for this version.
    #[must_use]
    pub fn basic_catalog(self) -> &'static str {
        match self {
            Self::V0_9 => "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
            Self::V1_0 => "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json",
        }
    }
}

/// Batch (everything in as few messages as the version allows) or stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Form {
    /// v1.0: one `createSurface` with `components` and `dataModel`; v0.9: as [`Form::Stream`].
    #[default]
    Batch,
    /// `createSurface`, then `updateComponents`, then `updateDataModel` (when there is state).
    Stream,
}

/// How [`from_app`] / [`from_prefab`] write messages.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Protocol version.
    pub version: Version,
    /// Message form.
    pub form: Form,
    /// Surface id (default [`DEFAULT_SURFACE_ID`]).
    pub surface_id: Option<String>,
}

impl Options {
    /// Sets the protocol version.
    #[must_use]
    pub fn version(mut self, version: Version) -> Self {
        self.version = version;
        self
    }

    /// Sets the message form.
    #[must_use]
    pub fn form(mut self, form: Form) -> Self {
        self.form = form;
        self
    }

    /// Sets the surface id.
    #[must_use]
    pub fn surface_id(mut self, id: impl Into<String>) -> Self {
        self.surface_id = Some(id.into());
        self
    }
}

/// What kind of loss a [`Diagnostic`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DiagnosticKind {
    /// Shown with a simpler component, or without a prop.
    Degraded,
    /// Dropped: no counterpart.
    Unsupported,
    /// A `{{ }}` template or A2UI function richer than the other side's bindings.
    Expression,
    /// An action with no counterpart.
    Action,
}

/// One lossy mapping, named by the JSON path of what was lost in the input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The kind of loss.
    pub kind: DiagnosticKind,
    /// JSON path in the input (`view.children[0].cssClass`, `messages[1]…`).
    pub path: String,
    /// The component type, prop, action or function concerned.
    pub subject: String,
    /// What was done instead.
    pub detail: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = serde_json::to_value(self.kind).unwrap_or_default();
        let kind = kind.as_str().unwrap_or_default();
        write!(
            f,
            "{kind}: {}: {}: {}",
            self.path, self.subject, self.detail
        )
    }
}

/// The diagnostics collected by one conversion.
#[derive(Clone, Debug, Default)]
pub(crate) struct Notes(pub(crate) Vec<Diagnostic>);

impl Notes {
    pub(crate) fn note(
        &mut self,
        kind: DiagnosticKind,
        path: impl Into<String>,
        subject: &str,
        detail: impl Into<String>,
    ) {
        self.0.push(Diagnostic {
            kind,
            path: path.into(),
            subject: subject.to_owned(),
            detail: detail.into(),
        });
    }
}

/// A2UI messages written from a `$prefab` document.
#[derive(Clone, Debug, Default)]
pub struct Messages {
    /// The messages, in order.
    pub messages: Vec<Value>,
    /// Everything that did not cross unchanged.
    pub diagnostics: Vec<Diagnostic>,
}

impl Messages {
    /// The list wrapper `{"messages": [...]}` (the body of an `application/a2ui+json` resource).
    #[must_use]
    pub fn payload(&self) -> Value {
        json!({ "messages": self.messages })
    }
}

/// A `$prefab` envelope read from A2UI messages.
#[derive(Clone, Debug, Default)]
pub struct Envelope {
    /// `{"$prefab": {"version": "0.3"}, "view": …, "state": …}`.
    pub envelope: Value,
    /// Everything that did not cross unchanged.
    pub diagnostics: Vec<Diagnostic>,
}

/// A2UI messages for an [`App`](crate::App).
#[must_use]
pub fn from_app(app: &crate::App, options: &Options) -> Messages {
    from_prefab(&app.to_value(), options)
}

/// A2UI messages for a `$prefab` JSON document: an envelope, or a single component node.
#[must_use]
pub fn from_prefab(document: &Value, options: &Options) -> Messages {
    emit::emit(document, options)
}

/// The `$prefab` envelope for a sequence of A2UI messages (applied in order; also accepts
/// a list wrapper `{"messages": [...]}` as the single element).
#[must_use]
pub fn to_prefab(messages: &[Value]) -> Envelope {
    let mut reader = Reader::new();
    for message in messages {
        reader.apply(message);
    }
    reader.envelope()
}
