//! # prefab
//!
//! Typed components, reactive expressions and display helpers for the `$prefab` JSON wire
//! format — the UI format created by [prefab-ui](https://pypi.org/project/prefab-ui/) and
//! rendered inside MCP Apps hosts.
//!
//! ```
//! use prefab::*;
//! let app = App::new(
//!     Column::new()
//!         .gap(4)
//!         .child(H1::new("Hello, {{ name }}!"))
//!         .child(Input::new().name("name").placeholder("Your name"))
//!         .child(Button::new("Greet").on_click(ShowToast::new("Hi {{ name }}"))),
//! )
//! .state("name", "world");
//! let text = app.to_json();
//! assert!(prefab::validate_str(&text).is_valid());
//! ```
//!
//! The crate is organised as a pipeline:
//!
//! * [`expr`] — the `{{ … }}` expression language: lexer → parser → AST → evaluator, with
//!   JavaScript value semantics. Always built (also for `wasm32`, without default features).
//! * [`style`] — a Tailwind CSS v4-compatible class compiler: `cssClass` names → CSS rules.
//!   Always built (also for `wasm32`), like `expr`.
//! * [`rx`] — [`Rx`], typed reactive references that print as `{{ … }}` templates.
//! * [`components`] and [`actions`] — the typed wire model: one struct per component type
//!   and per action, with builders. [`App`] is the envelope.
//! * [`validate`](mod@validate) — every problem of a JSON document, each with its JSON path.
//! * [`schema`] — the JSON Schema of the wire format.
//! * [`display`] — tool results: `display(view)` → the envelope for the host plus the
//!   [`fallback`] text for the model (bounded, minijinja templates), `display_update`,
//!   `display_error`, `display_success`.
//! * [`auto`] — data → component trees (`auto_table`, `auto_chart`, `auto_metrics`, …).
//! * [`forms`] — typed forms: `auto_form::<T>` from `T`'s JSON Schema, `FormSubmission<T>`
//!   to parse what comes back, and MCP elicitation from the same fields.
//! * [`a2ui`] (feature `a2ui`) — `$prefab` ↔ A2UI messages, both directions, with diagnostics.
#![forbid(unsafe_code)]

#[cfg(feature = "a2ui")]
pub mod a2ui;
#[cfg(feature = "model")]
pub mod actions;
#[cfg(feature = "model")]
mod app;
#[cfg(feature = "model")]
pub mod auto;
#[cfg(feature = "model")]
pub mod components;
#[cfg(feature = "model")]
pub mod display;
pub mod expr;
#[cfg(feature = "model")]
pub mod fallback;
#[cfg(feature = "model")]
pub mod forms;
#[cfg(feature = "model")]
pub mod page;
pub mod rx;
#[cfg(feature = "model")]
pub mod schema;
pub mod style;
#[cfg(feature = "model")]
pub mod validate;
#[cfg(feature = "model")]
mod wire;

#[cfg(feature = "model")]
pub use actions::*;
#[cfg(feature = "model")]
pub use app::{App, AppTool, Header, PROTOCOL_VERSION};
#[cfg(feature = "model")]
pub use components::{
    Bind, Component, Map, Node, Number, RefUse, Rows, TextStyle, card::*, charts::*,
    control_flow::*, data::*, form::*, interactive::*, layout::*, media::*, select::*, sortable::*,
    typography::*,
};
pub use rx::Rx;
#[cfg(feature = "model")]
pub use validate::{Document, Report, ValidationErrors, validate, validate_str};
