//! The subcommands, one file each (`serve` lives in the library).
pub mod a2ui;
pub mod eval;
pub mod export;
pub mod fallback;
pub mod input;
pub mod new;
pub mod roundtrip;
pub mod schema;
pub mod validate;
