//! Example servers and data shared by them.
//!
//! * `hello` (`src/bin/hello.rs`): one UI tool (`show_users`) and one data-only tool
//!   (`user_stats`), served over stdio or Streamable HTTP.
#![forbid(unsafe_code)]

pub mod hello;
pub mod users;
