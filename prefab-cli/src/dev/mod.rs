//! `prefab dev`: the preview host in front of any MCP server. The page at `/` talks to
//! this process's own `/mcp`, which relays every request to the target: a server reached
//! over Streamable HTTP (`--url`) or a stdio server started as a child process (`-- CMD`),
//! restarted when it exits, when the page asks, and on changes under `--watch` paths.
//!
//! ```text
//! $ prefab dev -- cargo run -p my-server -- stdio
//! MCP endpoint:  http://127.0.0.1:8931/mcp
//! Preview host:  http://127.0.0.1:8931/
//! Target:        cargo run -p my-server -- stdio (stdio)
//! Renderer:      http://127.0.0.1:8931/renderer/renderer.js (PREFAB_RENDERER_URL=http://127.0.0.1:8931/renderer), set for the server (--renderer theirs: not set)
//! ```
//!
//! A command is started with `PREFAB_RENDERER_URL` set to this host's renderer bundle, so a
//! FastMCP server's prefab-ui apps load it from here and render offline (prefab-ui's own
//! default is a CDN); `--renderer theirs` leaves the variable as `prefab dev` found it.
//!
//! The endpoint is the one `prefab serve` has ([`http_router`]: loopback `Host` names and
//! origins only, CORS, body limits), so the browser never needs the target's CORS; and
//! browsers are answered only on the dev host's own origin (`http://127.0.0.1:<port>`,
//! `http://localhost:<port>`), so no other local page can restart the target or read it.
mod origin;
mod page;
pub(crate) mod paging;
mod relay;
mod target;
mod upstream;
mod watch;

pub use target::Target;

use crate::serve::{DEFAULT_PORT, network, site};
use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `prefab dev`.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     dev: prefab_cli::dev::DevArgs,
/// }
/// let cli = Cli::parse_from(["prefab", "--watch", "src", "--", "cargo", "run", "--", "stdio"]);
/// assert_eq!(cli.dev.command, ["cargo", "run", "--", "stdio"]);
/// assert!(cli.dev.target().unwrap().is_command());
/// ```
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("server").required(true).args(["url", "command"])))]
pub struct DevArgs {
    /// The port (0 = any free port; the chosen one is printed). Loopback only.
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The server's Streamable HTTP endpoint, e.g. `http://127.0.0.1:8000/mcp`.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// A header sent with every request to `--url`, as `'Name: value'` (repeatable), e.g.
    /// `--header 'Authorization: Bearer …'`.
    #[arg(long = "header", value_name = "HEADER", conflicts_with = "command")]
    pub headers: Vec<String>,
    /// Restart the command when a file under PATH changes (repeatable; `target/` and `.git/`
    /// below it are ignored). The open page then reloads its tools and view.
    #[arg(long, value_name = "PATH", conflicts_with = "url")]
    pub watch: Vec<PathBuf>,
    /// The stdio server to start, after `--`: `prefab dev -- cargo run -p my-server -- stdio`.
    /// It is started again when it exits and when the page's Restart button is pressed.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
    /// The renderer a FastMCP server's prefab-ui apps load: `ours` sets `PREFAB_RENDERER_URL`
    /// in the command's environment to this host's bundle (they render offline); `theirs`
    /// leaves the environment alone (prefab-ui's default loads its renderer from a CDN).
    #[arg(long, value_enum, default_value_t = Renderer::Ours, conflicts_with = "url")]
    pub renderer: Renderer,
}

/// Which renderer the previewed command's prefab-ui apps load (`--renderer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Renderer {
    /// This host's bundle, through `PREFAB_RENDERER_URL`.
    Ours,
    /// The server's own choice (its environment untouched).
    Theirs,
}

impl DevArgs {
    /// The server these arguments name.
    ///
    /// # Errors
    /// When a header is not `Name: value`, the URL is not HTTP, or no server was named.
    pub fn target(&self) -> Result<Target, String> {
        Target::from_args(self.url.as_deref(), &self.headers, &self.command)
    }
}

/// Runs `prefab dev` until Ctrl-C.
///
/// # Errors
/// When the arguments name no valid target, a `--watch` path cannot be watched, or the
/// port cannot be bound.
pub fn run(args: &DevArgs) -> Result<ExitCode, String> {
    network::init_logs(network::LogFormat::Text);
    let target = args.target()?;
    let runtime = site::runtime()?;
    runtime.block_on(serve(args, target))
}

async fn serve(args: &DevArgs, target: Target) -> Result<ExitCode, String> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
    let (listener, addr) = site::listen(addr).await?;
    let target = match args.renderer {
        Renderer::Ours => target.with_env(RENDERER_VARIABLE, site::renderer_base(addr)),
        Renderer::Theirs => target,
    };
    let renderer = renderer_line(addr, &target, args.renderer);
    let upstream = upstream::Upstream::new(target);
    let _watching = if args.watch.is_empty() {
        None
    } else {
        Some(watch::watch(&args.watch, &upstream)?)
    };
    let supervisor = tokio::spawn(upstream.clone().supervise());
    let config = HttpConfig::default();
    let relay = relay::Relay::new(upstream.clone());
    // Browsers are answered on this host's own origin only (see `origin`).
    let own = origin::OwnOrigin::new(addr.port());
    let app = own
        .guard(http_router(move || relay.clone(), &config))
        .merge(page::routes(&config, &own));
    let mut lines = site::urls(addr);
    lines.push(("Target", upstream.target().to_string()));
    for path in &args.watch {
        lines.push(("Watching", path.display().to_string()));
    }
    lines.push(renderer);
    site::print(&lines);
    let shutdown = async {
        site::ctrl_c().await;
        // Open pages waiting for a status change get their answer now, not after 25 s.
        upstream.stop();
    };
    serve_router(listener, app, &config, shutdown).await;
    // Stops the target: the child process is killed when its connection is dropped.
    supervisor.abort();
    let _ = supervisor.await;
    Ok(ExitCode::SUCCESS)
}

/// The variable prefab-ui reads for its renderer's base URL.
const RENDERER_VARIABLE: &str = "PREFAB_RENDERER_URL";

/// The `Renderer` line: the bundle, and for a command whether the variable was set for it.
fn renderer_line(addr: SocketAddr, target: &Target, renderer: Renderer) -> (&'static str, String) {
    let (label, mut line) = site::renderer(addr);
    if target.is_command() {
        line.push_str(match renderer {
            Renderer::Ours => ", set for the server (--renderer theirs: not set)",
            Renderer::Theirs => ", not set for the server (--renderer theirs)",
        });
    }
    (label, line)
}

#[cfg(test)]
mod tests {
    use super::DevArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        dev: DevArgs,
    }

    #[test]
    fn headers_go_with_url_and_watch_with_a_command() {
        let parse = |args: &[&str]| Cli::try_parse_from([&["prefab"], args].concat());
        assert!(parse(&["--url", "http://127.0.0.1:1/mcp", "--header", "A: b"]).is_ok());
        assert!(parse(&["--watch", "src", "--", "server"]).is_ok());
        assert!(parse(&["--renderer", "theirs", "--", "server"]).is_ok());
        for bad in [
            &["--header", "A: b", "--", "server"][..],
            &["--url", "http://127.0.0.1:1/mcp", "--watch", "src"],
            &["--url", "http://127.0.0.1:1/mcp", "--", "server"],
            &["--url", "http://127.0.0.1:1/mcp", "--renderer", "theirs"],
            &["--renderer", "mine", "--", "server"],
            &[],
        ] {
            assert!(parse(bad).is_err(), "{bad:?} is refused");
        }
    }
}
