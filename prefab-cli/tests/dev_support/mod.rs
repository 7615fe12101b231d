//! Helpers of the `prefab dev` and `prefab check` tests: the `hello` example server (and
//! other binaries built for them), `prefab dev` started in front of it, and the processes
//! it started.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

/// The `hello` example server (package `prefab-examples`), built once per test binary with
/// the cargo that runs the tests (a binary of another package has no `CARGO_BIN_EXE_`).
pub fn hello() -> &'static Path {
    static HELLO: OnceLock<PathBuf> = OnceLock::new();
    HELLO.get_or_init(|| built("bin", "hello"))
}

/// The executable of the workspace's `kind` target `name` (`"bin"` or `"example"`), as
/// `cargo test --workspace` builds it: asking for the same build as the run that started
/// the tests finds it already built (a `cargo build -p …` resolves features for fewer
/// packages and built a second copy of the dependency graph: 50 to 90 s each on CI).
pub fn built(kind: &str, name: &str) -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args([
            "test",
            "--workspace",
            "--no-run",
            "--message-format",
            "json",
        ])
        .stderr(Stdio::inherit())
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "building {name} failed");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| {
            m["target"]["name"] == name
                && m["target"]["kind"][0] == kind
                && m["profile"]["test"] == false
        })
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| panic!("cargo names {kind} {name}'s executable"))
}

/// A running process, killed on drop.
pub struct Running {
    pub child: Child,
    /// Where its standard error goes.
    pub log: PathBuf,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Running {
    /// What it wrote to standard error so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

/// A running `prefab dev`.
pub struct Dev {
    pub process: Running,
    /// `127.0.0.1:<port>`.
    pub addr: String,
    /// The `Target:` line.
    pub target: String,
}

/// Starts `prefab dev --port 0 <args…>` and reads the lines it prints.
pub fn dev(name: &str, args: &[&str]) -> Dev {
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("dev-{name}.stderr"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(["dev", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .take(3)
        .map_while(Result::ok)
        .collect();
    let process = Running { child, log };
    let value = |label: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(label))
            .map(|v| v.trim().to_string())
            .unwrap_or_else(|| panic!("no {label} line in {lines:?}: {}", process.log()))
    };
    let endpoint = value("MCP endpoint:");
    let addr = endpoint
        .strip_prefix("http://")
        .and_then(|e| e.strip_suffix("/mcp"))
        .unwrap()
        .to_string();
    assert_eq!(value("Preview host:"), format!("http://{addr}/"));
    let target = value("Target:");
    Dev {
        process,
        addr,
        target,
    }
}

/// Starts `hello http --port 0`; returns it and its MCP endpoint's `host:port`.
pub fn hello_http(name: &str) -> (Running, String) {
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hello-{name}.stderr"));
    let mut child = Command::new(hello())
        .args(["http", "--port", "0"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("hello: serving MCP on http://")
        .and_then(|rest| rest.strip_suffix("/mcp"))
        .unwrap_or_else(|| panic!("hello printed {line:?}"))
        .to_string();
    (Running { child, log }, addr)
}

/// The processes `pid` started (Linux: `/proc/<pid>/task/*/children`).
pub fn children(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap() {
        let list =
            std::fs::read_to_string(task.unwrap().path().join("children")).unwrap_or_default();
        found.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<u32>().ok()),
        );
    }
    found
}
