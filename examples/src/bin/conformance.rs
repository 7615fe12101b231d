//! `conformance`: the server the official MCP conformance suite is run against
//! (`cargo xtask mcp-conformance` does it, once stateless and once with `--sessions`; see
//! `examples::conformance`).
//!
//! ```sh
//! cargo run -p prefab-examples --bin conformance -- --port 8932   # http://127.0.0.1:8932/mcp
//! cargo run -p prefab-examples --bin conformance -- --port 8932 --sessions
//! ```
use examples::conformance::Conformance;
use prefab_mcp::transport::{HttpConfig, Sessions, serve_http};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;

const USAGE: &str = "usage: conformance [--port PORT] [--sessions]   (port 0 picks a free one)";

/// The port and whether to serve in session mode, from the command line.
fn parse(args: &[String]) -> Result<(u16, bool), String> {
    let mut port = 8932;
    let mut sessions = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sessions" => sessions = true,
            "--port" => {
                let p = args.next().ok_or("--port needs a value")?;
                port = p.parse().map_err(|e| format!("invalid port {p:?}: {e}"))?;
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok((port, sessions))
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (port, sessions) = match parse(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("conformance: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let served = if sessions {
        let config = HttpConfig::default().sessions(Sessions::default());
        serve_http(Conformance::in_session, addr, &config).await
    } else {
        serve_http(Conformance::default, addr, &HttpConfig::default()).await
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("conformance: {e}");
            ExitCode::FAILURE
        }
    }
}
