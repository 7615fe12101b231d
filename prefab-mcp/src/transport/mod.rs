//! Running a server: over standard input/output ([`serve_stdio`], feature `stdio`) or
//! over Streamable HTTP with axum ([`serve_http`] / [`http_router`], feature `http`),
//! stateless by default as in the 2026-07-28 protocol revision, with an opt-in session mode
//! ([`HttpConfig::sessions`]) for single-process deployments.
use std::fmt;

#[cfg(feature = "auth")]
pub mod auth;
#[cfg(feature = "http")]
mod bounds;
#[cfg(feature = "http")]
mod cors;
#[cfg(feature = "http")]
mod host;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "http")]
mod jsonrpc;
#[cfg(feature = "http")]
mod layers;
#[cfg(feature = "http")]
mod origin;
#[cfg(feature = "http")]
mod peer;
#[cfg(any(feature = "http", feature = "stdio"))]
mod rpc_error;
#[cfg(feature = "http")]
mod serve;
#[cfg(feature = "http")]
mod sessions;
#[cfg(feature = "http")]
mod stall;
#[cfg(feature = "stdio")]
mod stdio;
#[cfg(feature = "http")]
mod telemetry;

#[cfg(feature = "http")]
pub use http::{HttpConfig, guarded, http_router, serve_http};
#[cfg(feature = "http")]
pub use serve::serve_router;
#[cfg(feature = "http")]
pub use sessions::Sessions;
#[cfg(feature = "stdio")]
pub use stdio::{MAX_LINE_BYTES, serve_lines, serve_stdio};
#[cfg(feature = "http")]
pub use telemetry::{OnRequest, RequestRecord};

/// A server could not be started or stopped with an error.
///
/// ```
/// let err = prefab_mcp::transport::TransportError::new("bind 127.0.0.1:1", "permission denied");
/// assert_eq!(err.to_string(), "bind 127.0.0.1:1: permission denied");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportError {
    /// What was being done.
    pub context: String,
    /// What went wrong.
    pub message: String,
}

impl TransportError {
    /// An error while doing `context`.
    #[must_use]
    pub fn new(context: impl Into<String>, message: impl fmt::Display) -> Self {
        TransportError {
            context: context.into(),
            message: message.to_string(),
        }
    }
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.context, self.message)
    }
}

impl std::error::Error for TransportError {}
