//! The wire format's building blocks, shared by `components`, `actions` and the `App`
//! envelope, below all three:
//!
//! * [`Bind`], [`Number`] and [`Map`], the value types of props (public as
//!   `prefab::components::{Bind, Number, Map}`);
//! * [`FromJson`], building typed values by consuming JSON, and the key names of props
//!   ([`wire_key`], [`is_wire_key`], [`humanize`]);
//! * the `field_setters!` builder macro every generated wire type uses;
//! * what the generated prop tables name for validation ([`Check`], [`PropSpec`], the
//!   [`Walker`] and its [`Path`]), and the issues it collects ([`Report`], [`Issue`],
//!   [`ValidationErrors`], public as `prefab::validate::…`), with short descriptions of
//!   values and "did you mean" suggestions for messages.
//!
//! Nothing here knows a component or an action: the document grammar is `validate`'s, above.

mod bind;
mod from_json;
mod keys;
mod report;
mod setters;
mod suggest;
mod walker;

pub use bind::{Bind, Number};
pub(crate) use from_json::{FromJson, FromJsonError, from_json_by_serde};
pub use keys::humanize;
pub(crate) use keys::{is_wire_key, wire_key};
pub use report::{Issue, Report, ValidationErrors};
pub(crate) use setters::field_setters;
pub(crate) use suggest::{describe, did_you_mean, hint, quoted};
pub(crate) use walker::{Check, Path, PropSpec, RefSeen, Walker};

/// A JSON object (`let` bindings, `style`, data rows, action arguments, …).
pub type Map = serde_json::Map<String, serde_json::Value>;
