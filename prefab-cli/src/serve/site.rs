//! What `prefab serve` and `prefab dev` share: the runtime, the listener, the preview host's
//! page and the renderer bundle next to the MCP endpoint, the printed URLs, and Ctrl-C.
use super::bundle;
use axum::Router;
use prefab_mcp::transport::{HttpConfig, guarded};
use std::io::Write;
use std::net::SocketAddr;
use tokio::net::TcpListener;

/// The multi-threaded runtime both commands run on.
pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))
}

/// Binds `addr`; returns the listener and the address it got (the port chosen for 0).
pub(crate) async fn listen(addr: SocketAddr) -> Result<(TcpListener, SocketAddr), String> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| format!("--port {}: cannot listen on {addr}: {e}", addr.port()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("listening on {addr}: {e}"))?;
    Ok((listener, addr))
}

/// The preview host's `page` routes behind the MCP endpoint's `Host` and `Origin` checks, and
/// the renderer bundle (outside them: views load it from an opaque origin, `Origin: null`).
pub(crate) fn pages(page: Router, config: &HttpConfig) -> Router {
    guarded(page, config).merge(bundle::routes())
}

/// The first lines both commands print: the MCP endpoint and the preview host.
pub(crate) fn urls(addr: SocketAddr) -> Vec<(&'static str, String)> {
    vec![
        ("MCP endpoint", format!("http://{addr}/mcp")),
        ("Preview host", format!("http://{addr}/")),
    ]
}

/// The renderer bundle's base URL: what a FastMCP server's `PREFAB_RENDERER_URL` names.
pub(crate) fn renderer_base(addr: SocketAddr) -> String {
    format!("http://{addr}{}", bundle::PREFIX)
}

/// The renderer bundle's line: its script and the `PREFAB_RENDERER_URL` that names it.
pub(crate) fn renderer(addr: SocketAddr) -> (&'static str, String) {
    let base = renderer_base(addr);
    (
        "Renderer",
        format!("{base}/renderer.js (PREFAB_RENDERER_URL={base})"),
    )
}

/// Prints `Label:  value` lines with the values aligned.
///
/// A closed standard output (a parent that read the URLs and left) must not stop the
/// server, so write errors are ignored rather than panicking as `println!` would.
pub(crate) fn print(lines: &[(&str, String)]) {
    let mut out = std::io::stdout().lock();
    for (label, value) in lines {
        let _ = writeln!(out, "{:<15}{value}", format!("{label}:"));
    }
    let _ = out.flush();
}

/// Resolves on Ctrl-C (never, where no signal handler can be installed: then the server
/// runs until killed).
pub(crate) async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}
