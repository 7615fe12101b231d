//! Starting the servers under test, waiting until they answer, and checking once that each
//! serves the same data (300 users in the table, the same counts in the stats).
use crate::client::{Connection, Target};
use crate::protocol::{Call, Protocol};
use serde_json::Value;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// How long a server may take to answer its first `ping` (FastMCP takes ~10 s on 2 cores).
const STARTUP: Duration = Duration::from_secs(90);

/// A server to start: its name in the table, its command line (the port is appended) and
/// the request form it speaks.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The column name.
    pub name: String,
    /// The program.
    pub program: PathBuf,
    /// Its arguments before the port.
    pub args: Vec<String>,
    /// Arguments after the port.
    pub trailing: Vec<String>,
    /// How it is called.
    pub protocol: Protocol,
}

/// A started server (killed when dropped).
pub struct Server {
    /// Its spec.
    pub spec: Spec,
    /// Where it listens.
    pub addr: SocketAddr,
    _child: Child,
}

impl Server {
    /// The target for `call` on this server.
    pub fn target(&self, call: Call) -> Target {
        Target {
            addr: self.addr,
            protocol: self.spec.protocol,
            call,
        }
    }
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .map_err(|e| format!("finding a free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("finding a free port: {e}"))
}

/// Starts `spec` on a free port (standard output and error discarded, as a log collector
/// would take them away) and waits until it answers `ping`, then checks its data.
pub async fn start(spec: Spec) -> Result<Server, String> {
    let port = free_port()?;
    let child = Command::new(&spec.program)
        .args(&spec.args)
        .arg(port.to_string())
        .args(&spec.trailing)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("{}: starting {}: {e}", spec.name, spec.program.display()))?;
    let server = Server {
        addr: SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
        spec,
        _child: child,
    };
    let deadline = Instant::now() + STARTUP;
    let mut last = String::new();
    while Instant::now() < deadline {
        match answer(&server, Call::Ping).await {
            Ok(_) => {
                same_data(&server).await?;
                return Ok(server);
            }
            Err(e) => last = e,
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Err(format!(
        "{} did not answer ping within {} s: {last}",
        server.spec.name,
        STARTUP.as_secs()
    ))
}

async fn answer(server: &Server, call: Call) -> Result<Value, String> {
    let mut connection = Connection::open(server.addr).await?;
    let body = connection.send(&server.target(call), 1).await?;
    serde_json::from_slice(&body).map_err(|e| format!("{}: {e}", server.spec.name))
}

/// The expected stats of the 300 users (examples::hello's `user_stats`).
const STATS: &str = r#"{"total":300,"active":258,"byRole":{"admin":30,"editor":120,"viewer":150}}"#;

/// Checks that `server`'s table has the 300 rows and its stats the expected counts.
async fn same_data(server: &Server) -> Result<(), String> {
    let name = &server.spec.name;
    let table = answer(server, Call::Table).await?;
    let rows = table_rows(&table["result"]["structuredContent"]);
    if rows.map(Vec::len) != Some(300) || rows.and_then(|r| r[0].get("email")).is_none() {
        return Err(format!("{name}: show_users has no DataTable of 300 users"));
    }
    let stats = answer(server, Call::Stats).await?;
    let expected: Value = serde_json::from_str(STATS).map_err(|e| e.to_string())?;
    if stats["result"]["structuredContent"] != expected {
        return Err(format!(
            "{name}: user_stats answered {}, not {STATS}",
            stats["result"]["structuredContent"]
        ));
    }
    Ok(())
}

/// The `rows` of the first `DataTable` in `node`, depth first.
fn table_rows(node: &Value) -> Option<&Vec<Value>> {
    match node {
        Value::Object(map) => {
            if map.get("type").and_then(Value::as_str) == Some("DataTable") {
                return map.get("rows").and_then(Value::as_array);
            }
            map.values().find_map(table_rows)
        }
        Value::Array(items) => items.iter().find_map(table_rows),
        _ => None,
    }
}
