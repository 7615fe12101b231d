//! Tool results that show a UI: the `$prefab` envelope for the host plus a short text for
//! the model.

mod result;

pub use result::{Content, ToolResult};
