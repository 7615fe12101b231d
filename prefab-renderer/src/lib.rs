//! The `$prefab` renderer (placeholder: see issue 6).
#![forbid(unsafe_code)]
