//! The `prefab` command's library side: [`serve`], the example MCP server with a preview
//! host (`prefab serve`).
#![forbid(unsafe_code)]

pub mod serve;
