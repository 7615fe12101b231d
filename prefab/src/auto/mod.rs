//! Auto renderers: data in, an ordinary component tree out.
//!
//! Each takes anything `Serialize` (slices of structs, maps, `serde_json::Value`) and
//! returns a tree you can keep editing before you [`display`](crate::display::display) it.
//! All return `Result<C, AutoError>`: one error type, and a component `C` that is
//! `Into<Node>` (the `DataTable`, `Card`, `Grid`… itself, so its builders still apply; a
//! chart is a `Node` because its kind is chosen from the data). In a tool that returns
//! `Result<ToolResult, ToolError>`, `?` turns an [`AutoError`] into the error view:
//!
//! ```
//! use prefab::display::{ToolError, ToolResult, display};
//!
//! fn show(rows: &serde_json::Value) -> Result<ToolResult, ToolError> {
//!     Ok(display(prefab::auto::auto_table(rows)?.search(false)))
//! }
//! assert!(!show(&serde_json::json!([{"a": 1}])).unwrap().is_error);
//! ```
//! Data keys are never renamed: a `created_at` column is still `created_at` in the rows,
//! only its header reads "Created at".
//!
//! | renderer | input | output |
//! | --- | --- | --- |
//! | [`auto_table`] | records | sortable, searchable, paginated `DataTable` |
//! | [`auto_chart`] | records | bar / line / area / pie / scatter chart |
//! | [`auto_metrics`] | record of numbers, or `{label, value, delta}` list | `Grid` of `Metric`s |
//! | [`auto_detail`] | one record | `Card` of label / value rows |
//! | [`auto_comparison`] | several records | one column per record |
//! | [`auto_progress`] | named amounts | labelled `Progress` bars |
//! | [`auto_timeline`] | dated events | badge + title + description rows |
//! | [`auto_form`] | a type `T: JsonSchema` | `Form` submitting to a tool |
//!
//! ```
//! use serde::Serialize;
//!
//! #[derive(Serialize)]
//! struct Sale { region: String, amount: f64 }
//!
//! let sales = vec![
//!     Sale { region: "North".into(), amount: 10.5 },
//!     Sale { region: "South".into(), amount: 7.25 },
//! ];
//! let result = prefab::display::display(prefab::auto::auto_table(&sales).unwrap());
//! assert!(result.structured_content.is_some());
//! ```

mod chart;
mod common;
mod comparison;
mod detail;
mod metrics;
mod progress;
mod records;
mod table;
mod timeline;

pub use crate::forms::auto_form;
pub use crate::wire::humanize;
pub use chart::{ChartKind, auto_chart};
pub use common::AutoError;
pub use comparison::auto_comparison;
pub use detail::auto_detail;
pub use metrics::auto_metrics;
pub use progress::auto_progress;
pub use table::{PAGE_SIZE, auto_table};
pub use timeline::auto_timeline;
