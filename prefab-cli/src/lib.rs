//! The `prefab` command's library side: [`serve`], the example MCP server with a preview
//! host (`prefab serve`), and [`dev`], the preview host in front of any MCP server
//! (`prefab dev`).
#![forbid(unsafe_code)]

pub mod dev;
pub mod serve;
