//! `conformance`: the server the official MCP conformance suite is run against
//! (`cargo xtask test` does it; see `examples::conformance`).
//!
//! ```sh
//! cargo run -p prefab-examples --bin conformance -- --port 8932   # http://127.0.0.1:8932/mcp
//! ```
use examples::conformance::Conformance;
use prefab_mcp::transport::{HttpConfig, serve_http};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;

const USAGE: &str = "usage: conformance [--port PORT]   (0 picks a free port)";

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let port = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => 8932,
        ["--port", p] => match p.parse::<u16>() {
            Ok(port) => port,
            Err(e) => {
                eprintln!("conformance: invalid port {p:?}: {e}\n{USAGE}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    match serve_http(|| Conformance, addr, &HttpConfig::default()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("conformance: {e}");
            ExitCode::FAILURE
        }
    }
}
