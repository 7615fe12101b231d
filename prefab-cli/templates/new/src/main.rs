//! An MCP server whose tools answer with prefab UIs, rendered by the prefab viewer that
//! MCP Apps hosts show.
//!
//! ```sh
//! cargo run -- stdio              # for hosts that start the server themselves
//! cargo run -- http --port 8931   # Streamable HTTP at http://127.0.0.1:8931/mcp
//! ```
mod tools;

use clap::{Parser, Subcommand};
use prefab_mcp::Viewer;
use prefab_mcp::transport::{HttpConfig, serve_http, serve_stdio};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use tools::Server;

/// An MCP server with prefab UIs.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve MCP over standard input/output (one JSON-RPC message per line).
    Stdio,
    /// Serve MCP over Streamable HTTP at http://127.0.0.1:PORT/mcp.
    Http {
        /// The port to listen on (127.0.0.1 only).
        #[arg(long, default_value_t = 8931)]
        port: u16,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    // The viewer: the UI resource (one HTML page) that renders every UI tool's result.
    let viewer = Viewer::new();
    let server = Server::new();
    let result = match cli.command {
        Command::Stdio => serve_stdio(viewer.attach(server)).await,
        Command::Http { port } => {
            let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
            eprintln!("serving MCP on http://{addr}/mcp");
            serve_http(
                move || viewer.attach(server.clone()),
                addr,
                &HttpConfig::default(),
            )
            .await
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
