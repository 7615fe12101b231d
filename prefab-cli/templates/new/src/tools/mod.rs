//! Tools kept in files of their own.
pub mod form;
