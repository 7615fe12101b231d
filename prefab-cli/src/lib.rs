//! The `prefab` command's library side: [`serve`], the example MCP server with a preview
//! host (`prefab serve`), [`dev`], the preview host in front of any MCP server
//! (`prefab dev`), and [`check`], the linter of any MCP Apps server (`prefab check`).
#![forbid(unsafe_code)]

pub mod check;
pub mod dev;
pub mod serve;
