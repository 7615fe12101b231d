//! The subcommands that work on documents, one file each.
pub mod a2ui;
pub mod eval;
pub mod export;
pub mod fallback;
pub mod input;
pub mod roundtrip;
pub mod schema;
pub mod validate;
