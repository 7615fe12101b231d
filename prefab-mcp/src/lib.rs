//! rmcp integration for prefab (placeholder: see issue 5).
#![forbid(unsafe_code)]
