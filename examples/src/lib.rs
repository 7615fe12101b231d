//! Example servers and data shared by them.
#![forbid(unsafe_code)]
