//! `cargo xtask scale [--short]`: three `prefab serve` instances on one PostgreSQL behind
//! HAProxy, with writers creating and moving Kanban cards through the proxy while one
//! instance is killed (SIGKILL) and started again, then PostgreSQL itself is restarted.
//!
//! The run makes everything it uses in a temporary folder: its own PostgreSQL cluster
//! (`initdb`, a free loopback port; never the machine's clusters), the instances (debug
//! `prefab`, each on its own port and `--database-url` the cluster) and HAProxy (round robin,
//! health checks, retries only before a request reached an instance: see `scale/proxy.rs`).
//! Six writers, two boards: each writer creates cards with titles of its own and moves its
//! acknowledged cards to random columns, one call at a time, each call on a new connection
//! with a 10 s limit.
//!
//! Each call ends acknowledged (a JSON-RPC result), refused cleanly (a tool or JSON-RPC
//! error, `503` from the proxy), unknown (`502` from the proxy, a reset connection) or
//! hanging (no answer in 10 s). At the end the boards are read back:
//!
//! * every acknowledged create is on its board exactly once, and no card is there twice;
//! * a card is in the column of its last acknowledged move (its create's without one) or of
//!   a move after it that was not acknowledged (its outcome is unknown to the writer); a
//!   hanging move may land after a later acknowledged one, so its target is allowed too;
//! * no call hung; unknown outcomes only for calls the killed instance had taken; writes went
//!   on through the other instances and the restarted one serves again;
//! * while PostgreSQL was down every call was refused cleanly (the report gives the longest
//!   wait), and a write was acknowledged within 5 s of PostgreSQL being back.
//!
//! The long form (about 75 s) is run by hand for `benches/README.md`; `--short` (about 30 s)
//! runs in `cargo xtask test`.
mod cluster;
mod fleet;
mod mcp;
mod proxy;
mod report;
mod verify;
mod writers;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long each phase lasts.
#[derive(Debug, Clone, Copy)]
struct Plan {
    /// Writing before the instance is killed.
    warm_up: Duration,
    /// The instance down.
    instance_down: Duration,
    /// Writing between its restart and PostgreSQL's.
    between: Duration,
    /// PostgreSQL down.
    database_down: Duration,
    /// Writing after PostgreSQL is back.
    tail: Duration,
}

const LONG: Plan = Plan {
    warm_up: Duration::from_secs(15),
    instance_down: Duration::from_secs(15),
    between: Duration::from_secs(10),
    database_down: Duration::from_secs(10),
    tail: Duration::from_secs(20),
};

const SHORT: Plan = Plan {
    warm_up: Duration::from_secs(4),
    instance_down: Duration::from_secs(5),
    between: Duration::from_secs(4),
    database_down: Duration::from_secs(4),
    tail: Duration::from_secs(5),
};

const INSTANCES: usize = 3;
const WRITERS: usize = 6;
const BOARDS: usize = 2;
/// The instance that is killed.
const VICTIM: usize = 1;

/// `cargo xtask scale [--short]`: installs HAProxy (and PostgreSQL) when missing, builds
/// `prefab` and runs the test.
pub fn cli(args: &[String]) -> Result<(), String> {
    let plan = match args {
        [] => LONG,
        [flag] if flag == "--short" => SHORT,
        _ => return Err("usage: cargo xtask scale [--short]".into()),
    };
    crate::install::haproxy()?;
    crate::sh::run(std::process::Command::new("cargo").args([
        "build",
        "-p",
        "prefab-cli",
        "--bin",
        "prefab",
    ]))?;
    run(plan)
}

/// The short form with the `prefab` that `cargo test --workspace` built (`cargo xtask test`).
pub fn short() -> Result<(), String> {
    run(SHORT)
}

fn run(plan: Plan) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("prefab-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let outcome = run_in(&dir, plan);
    match &outcome {
        Ok(()) => {
            let _ = std::fs::remove_dir_all(&dir);
        }
        Err(_) => eprintln!("scale: logs kept in {}", dir.display()),
    }
    outcome
}

fn run_in(dir: &std::path::Path, plan: Plan) -> Result<(), String> {
    let bin = crate::sh::target_dir()
        .join("debug")
        .join(format!("prefab{}", std::env::consts::EXE_SUFFIX));
    let cluster = cluster::Cluster::create(dir)?;
    let mut fleet = fleet::Fleet::start(&bin, &cluster.url(), dir, INSTANCES)?;
    let proxy = proxy::Proxy::start(dir, &fleet.ports)?;
    let targets = boards(proxy.port)?;
    let clock = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let handles = writers::start(proxy.port, &targets, WRITERS, clock, &stop);
    let faults = faults(plan, clock, &cluster, &mut fleet);
    stop.store(true, Ordering::Relaxed);
    let mut calls = Vec::new();
    for handle in handles {
        calls.extend(handle.join().map_err(|_| "a writer panicked")?);
    }
    let events = faults?;
    let boards = verify::read(proxy.port, &targets)?;
    let tally = verify::tally(&calls, &boards);
    println!(
        "scale: {INSTANCES} instances, {WRITERS} writers, {BOARDS} boards, {:.0} s of writes",
        clock.elapsed().as_secs_f64()
    );
    match report::print(&calls, &events, &tally, &fleet::Fleet::name(VICTIM)) {
        0 => Ok(()),
        failed => Err(format!("scale: {failed} checks failed")),
    }
}

/// Creates the boards through the proxy (once every instance can answer) and returns their
/// columns.
fn boards(port: u16) -> Result<Vec<writers::Target>, String> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (0..BOARDS)
        .map(|b| {
            let id = format!("scale-{nanos}-{b}");
            let args = serde_json::json!({"title": format!("Scale {b}"), "id": id});
            let answer = mcp::structured(port, "create_board", &args, 100)?;
            let columns = answer["board"]["columns"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c["id"].as_str().map(str::to_owned))
                .collect::<Vec<_>>();
            if columns.is_empty() {
                return Err(format!("create_board answered without columns: {answer}"));
            }
            Ok(writers::Target { board: id, columns })
        })
        .collect()
}

/// The faults on schedule while the writers write: kill and restart an instance, stop and
/// start PostgreSQL.
fn faults(
    plan: Plan,
    clock: Instant,
    cluster: &cluster::Cluster,
    fleet: &mut fleet::Fleet,
) -> Result<report::Events, String> {
    let mut events = report::Events::default();
    std::thread::sleep(plan.warm_up);
    events.kill = clock.elapsed();
    fleet.kill(VICTIM)?;
    std::thread::sleep(plan.instance_down);
    fleet.restart(VICTIM)?;
    events.restarted = clock.elapsed();
    std::thread::sleep(plan.between);
    events.pg_stop = clock.elapsed();
    cluster.stop()?;
    events.pg_down = clock.elapsed();
    std::thread::sleep(plan.database_down);
    events.pg_start = clock.elapsed();
    cluster.start()?;
    events.pg_back = clock.elapsed();
    std::thread::sleep(plan.tail);
    Ok(events)
}
