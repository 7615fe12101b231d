//! `prefab serve`: the example MCP server over Streamable HTTP on 127.0.0.1 (stateless;
//! `--sessions` for session mode), with the preview host (an MCP Apps host page) at `/`.
//!
//! ```text
//! $ prefab serve
//! MCP endpoint:  http://127.0.0.1:8931/mcp
//! Preview host:  http://127.0.0.1:8931/
//! Renderer:      http://127.0.0.1:8931/renderer/renderer.js
//! ```
//!
//! The renderer bundle at `/renderer/` serves FastMCP servers too:
//! `PREFAB_RENDERER_URL=http://127.0.0.1:8931/renderer python server.py`.
mod bundle;
pub mod catalog;
pub mod network;
pub(crate) mod preview;
pub(crate) mod site;

use prefab_mcp::Viewer;
use prefab_mcp::transport::{HttpConfig, Sessions, http_router, serve_router};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The default port (`--port`).
pub const DEFAULT_PORT: u16 = 8931;

/// The arguments of `prefab serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The port (0 = any free port; the chosen one is printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Where to listen, which hosts to answer, OAuth and logs.
    #[command(flatten)]
    pub network: network::NetworkArgs,
    /// Where the example servers keep their SQLite data (default: `prefab` in the user's
    /// data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A PostgreSQL URL for the Kanban boards (several `prefab serve` instances can share
    /// it); default: SQLite in the data directory.
    #[arg(long, value_name = "URL")]
    pub database_url: Option<String>,
    /// Session mode for clients before protocol 2026-07-28: `initialize` opens a session
    /// (`Mcp-Session-Id`) in which tools can ask the user (elicitation) and the client can
    /// subscribe to resources and set the log level; under `--authorization-server` a
    /// session serves only the token subject that opened it. Sessions live in this
    /// process's memory: behind several instances use sticky routing, or leave this off
    /// (stateless, the default).
    #[arg(long)]
    pub sessions: bool,
    /// With `--sessions`: sessions open at once (further `initialize` calls get 503).
    #[arg(long, value_name = "N", default_value_t = 256, requires = "sessions")]
    pub max_sessions: usize,
    /// With `--sessions`: sessions one caller may hold (the token's subject, or without
    /// authorization the client's address); its next `initialize` ends its oldest. `0`: no
    /// per-caller cap (behind a reverse proxy without authorization, where every client
    /// has the proxy's address).
    #[arg(long, value_name = "N", default_value_t = 8, requires = "sessions")]
    pub max_sessions_per_caller: usize,
    /// With `--sessions`: seconds a session may sit idle before it ends.
    #[arg(
        long,
        value_name = "SECS",
        default_value_t = 600,
        requires = "sessions"
    )]
    pub session_idle_timeout: u64,
}

impl ServeArgs {
    /// The HTTP settings of these flags.
    fn http_config(&self) -> HttpConfig {
        let config = self.network.apply(HttpConfig::default());
        if !self.sessions {
            return config;
        }
        config.sessions(
            Sessions::default()
                .max_sessions(self.max_sessions)
                .max_sessions_per_caller(self.max_sessions_per_caller)
                .idle_timeout(Duration::from_secs(self.session_idle_timeout)),
        )
    }
}

/// Runs `prefab serve` until Ctrl-C.
///
/// # Errors
/// When the data directory cannot be created, the port cannot be bound, or `--bind` names
/// a non-loopback address without `--allowed-host`.
pub fn run(args: &ServeArgs) -> Result<ExitCode, String> {
    args.network.init_logs();
    let addr = args.network.address(args.port)?;
    let data_dir = match &args.data_dir {
        Some(dir) => dir.clone(),
        None => dirs::data_dir()
            .ok_or("no data directory for this user; pass --data-dir")?
            .join("prefab"),
    };
    std::fs::create_dir_all(&data_dir)
        .map_err(|e| format!("--data-dir {}: {e}", data_dir.display()))?;
    // The stores are blocking clients: opened here, outside the async runtime.
    let kanban = match &args.database_url {
        Some(url) => kanban::Kanban::new(
            kanban::store::PostgresStore::connect(url)
                .map_err(|e| format!("--database-url: {e}"))?,
        ),
        None => kanban::Kanban::new(
            kanban::store::SqliteStore::open_in(&data_dir)
                .map_err(|e| format!("--data-dir {}: {e}", data_dir.display()))?,
        ),
    };
    let signups = examples::gallery::Signups::open_in(&data_dir)?;
    let runtime = site::runtime()?;
    let config = args.http_config();
    runtime.block_on(serve(addr, config, data_dir, kanban, signups))
}

async fn serve(
    addr: std::net::SocketAddr,
    config: HttpConfig,
    data_dir: PathBuf,
    kanban: kanban::Kanban,
    signups: examples::gallery::Signups,
) -> Result<ExitCode, String> {
    let (listener, addr) = site::listen(addr).await?;
    let catalog = catalog::Catalog::new(catalog::examples(kanban, signups))
        .with_resources(catalog::resources());
    let viewer = Viewer::new().prefers_border(true);
    let app = http_router(move || viewer.attach(catalog.clone()), &config)
        .merge(site::pages(preview::routes(preview::INDEX), &config));
    let resource = config.authorization.as_ref().map(|auth| {
        (
            "Resource",
            format!("{} (tokens from {})", auth.resource, auth.issuer),
        )
    });
    let mut lines = site::urls(addr);
    lines.splice(1..1, resource);
    lines.push(site::renderer(addr));
    lines.push(("Data", data_dir.display().to_string()));
    site::print(&lines);
    serve_router(listener, app, &config, site::ctrl_c()).await;
    Ok(ExitCode::SUCCESS)
}
