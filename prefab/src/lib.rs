//! # prefab
//!
//! Typed components, reactive expressions and display helpers for the `$prefab` JSON wire
//! format — the UI format created by [prefab-ui](https://pypi.org/project/prefab-ui/) and
//! rendered inside MCP Apps hosts.
//!
//! The crate is organised as a pipeline:
//!
//! * [`expr`] — the `{{ … }}` expression language: lexer → parser → AST → evaluator, with
//!   JavaScript value semantics. Always built (also for `wasm32`, without default features).
//! * [`rx`] — [`Rx`], typed reactive references that print as `{{ … }}` templates.
#![forbid(unsafe_code)]

#[cfg(feature = "model")]
pub mod display;
pub mod expr;
#[cfg(feature = "model")]
pub mod page;
pub mod rx;

pub use rx::Rx;
