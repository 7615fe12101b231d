//! `hello`: the minimal prefab MCP server.
//!
//! ```sh
//! cargo run -p prefab-examples --bin hello -- stdio
//! cargo run -p prefab-examples --bin hello -- http --port 8931   # http://127.0.0.1:8931/mcp
//! ```
//!
//! Over HTTP it prints `hello: serving MCP on http://127.0.0.1:PORT/mcp` to standard error
//! with the port it got (`--port 0`: any free one).
use examples::hello::Hello;
use prefab_mcp::Viewer;
use prefab_mcp::transport::{HttpConfig, TransportError, http_router, serve_router, serve_stdio};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;

const USAGE: &str = "usage: hello stdio | hello http [--port PORT]";

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let viewer = Viewer::new().prefers_border(true);
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["stdio"] => serve_stdio(viewer.attach(Hello)).await,
        ["http", rest @ ..] => match port(rest) {
            Ok(port) => serve(viewer, port).await,
            Err(message) => {
                eprintln!("hello: {message}\n{USAGE}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hello: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Serves over HTTP on 127.0.0.1:`port`.
async fn serve(viewer: Viewer, port: u16) -> Result<(), TransportError> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| TransportError::new(format!("bind {addr}"), e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| TransportError::new(format!("bind {addr}"), e))?;
    eprintln!("hello: serving MCP on http://{addr}/mcp");
    let config = HttpConfig::default();
    let app = http_router(move || viewer.attach(Hello), &config);
    // Until killed (Ctrl-C ends the process).
    serve_router(listener, app, &config, std::future::pending()).await;
    Ok(())
}

/// `--port N` (default 8931).
fn port(args: &[&str]) -> Result<u16, String> {
    match args {
        [] => Ok(8931),
        ["--port", p] => p.parse().map_err(|e| format!("invalid port {p:?}: {e}")),
        other => Err(format!("unexpected arguments {other:?}")),
    }
}
