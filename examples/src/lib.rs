//! Example servers and data shared by them.
//!
//! * `hello` (`src/bin/hello.rs`): one UI tool (`show_users`), one data-only tool
//!   (`user_stats`) and one that asks for its missing arguments through a form
//!   (`invite_user`), served over stdio or Streamable HTTP.
//! * `gallery`: a UI tool per component family and the auto renderers on realistic data;
//!   mounted by `prefab serve`.
//! * `generative`: `render_ui` (a view the model writes, validated and rendered) and
//!   `prefab_components` (one component's documentation); mounted by `prefab serve`.
//! * `conformance` (`src/bin/conformance.rs`): the fixtures of the official MCP conformance
//!   suite, served statelessly over Streamable HTTP; `cargo xtask test` runs every server
//!   scenario against it.
//! * `meetings`: `book_meeting`, a data-only tool whose arguments use dates, enums, a
//!   nested struct and optional fields (the preview host's form is tested on it); mounted by
//!   `prefab serve`.
//! * `whoami`: a tool that reads the caller's validated identity from the request context
//!   (OAuth on the HTTP transport); mounted by `prefab serve`.
#![forbid(unsafe_code)]

pub mod conformance;
pub mod gallery;
pub mod generative;
pub mod hello;
pub mod meetings;
pub mod users;
pub mod whoami;
