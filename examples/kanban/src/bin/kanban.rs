//! `kanban`: the Kanban example server.
//!
//! ```sh
//! cargo run -p prefab-kanban -- http --port 8932                 # SQLite under the data dir
//! cargo run -p prefab-kanban -- http --database-url postgres://user:pw@127.0.0.1/db
//! cargo run -p prefab-kanban -- stdio --data-dir ./data
//! ```
use clap::{Parser, Subcommand};
use kanban::Kanban;
use kanban::store::{PostgresStore, SqliteStore, StoreError};
use kanban::tools::KanbanServer;
use prefab_mcp::Viewer;
use prefab_mcp::transport::{HttpConfig, serve_http, serve_stdio};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(version, about = "The Kanban example MCP server (prefab)")]
struct Cli {
    #[command(subcommand)]
    transport: Transport,
    /// Where the SQLite database lives (default: the user's data directory, prefab/).
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    /// A PostgreSQL URL; several servers may share it. Replaces SQLite.
    #[arg(long, global = true, env = "KANBAN_DATABASE_URL")]
    database_url: Option<String>,
}

#[derive(Subcommand)]
enum Transport {
    /// Serve over standard input/output.
    Stdio,
    /// Serve Streamable HTTP on 127.0.0.1.
    Http {
        #[arg(long, default_value_t = 8932)]
        port: u16,
    },
}

/// `$XDG_DATA_HOME/prefab`, `~/.local/share/prefab`, or `%APPDATA%\prefab`.
fn default_data_dir() -> PathBuf {
    let env = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    env("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| env("APPDATA").map(PathBuf::from))
        .or_else(|| env("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("prefab")
}

/// Opens the store the flags ask for (blocking; runs before the runtime serves).
fn open(cli: &Cli) -> Result<Kanban, StoreError> {
    match &cli.database_url {
        Some(url) => {
            let url = url.clone();
            // The blocking postgres client must not run on an async worker.
            std::thread::spawn(move || PostgresStore::connect(&url).map(Kanban::new))
                .join()
                .unwrap_or_else(|_| Err(StoreError::Backend("connecting panicked".into())))
        }
        None => {
            let dir = cli.data_dir.clone().unwrap_or_else(default_data_dir);
            eprintln!("kanban: data in {}", dir.join("kanban.sqlite3").display());
            SqliteStore::open_in(dir).map(Kanban::new)
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let kanban = match open(&cli) {
        Ok(kanban) => kanban,
        Err(e) => {
            eprintln!("kanban: {e}");
            return ExitCode::FAILURE;
        }
    };
    let viewer = Viewer::new().prefers_border(true);
    let result = match cli.transport {
        Transport::Stdio => serve_stdio(viewer.attach(KanbanServer::new(kanban))).await,
        Transport::Http { port } => {
            let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
            eprintln!("kanban: serving MCP on http://{addr}/mcp");
            serve_http(
                move || viewer.attach(KanbanServer::new(kanban.clone())),
                addr,
                &HttpConfig::default(),
            )
            .await
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kanban: {e}");
            ExitCode::FAILURE
        }
    }
}
