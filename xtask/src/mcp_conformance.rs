//! The official MCP conformance suite (npm `@modelcontextprotocol/conformance`, pinned in
//! `xtask/mcp-conformance/`) against the conformance server (`examples/src/bin/conformance.rs`),
//! every server scenario in both modes of `prefab-mcp`'s Streamable HTTP transport:
//! stateless, with the scenarios a stateless server cannot serve listed, each with the spec
//! rule, in `xtask/mcp-conformance/expected-failures.yml`; and session mode (`--sessions`),
//! where every scenario must pass. The suite itself fails on an unexpected failure and on a
//! listed scenario that passes; this adds a summary line per mode and a floor on the number
//! of scenarios run, so a suite that ran nothing cannot pass.
//!
//! (`crate::conformance` is another thing: it regenerates the wire-format test data.)
use crate::install::{mcp_conformance_dir, mcp_conformance_node};
use crate::sh::root;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The suite's command-line entry point inside its install folder.
const CLI: &str = "node_modules/@modelcontextprotocol/conformance/dist/index.js";
/// Server scenarios in `--suite all` of conformance 0.1.16 (`conformance list --server`).
const SCENARIOS: usize = 32;
/// How long the freshly started server may take to accept connections.
const STARTUP: Duration = Duration::from_secs(30);

/// The two ways the conformance server is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The default transport; the expected failures are listed.
    Stateless,
    /// `--sessions`: no failure expected.
    Sessions,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Stateless => "stateless",
            Mode::Sessions => "sessions",
        }
    }
}

/// Installs the suite when missing, builds the conformance server, and runs every server
/// scenario against it in each [`Mode`]; prints one `passed / failed / expected failures`
/// line per mode with its time.
pub fn run_suite() -> Result<(), String> {
    crate::install::mcp_conformance()?;
    let started = Instant::now();
    crate::sh::run(Command::new("cargo").args([
        "build",
        "-p",
        "prefab-examples",
        "--bin",
        "conformance",
    ]))?;
    eprintln!(
        "mcp conformance: server built in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let mut failures = Vec::new();
    for mode in [Mode::Stateless, Mode::Sessions] {
        if let Err(e) = run_mode(mode) {
            failures.push(e);
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Serves the conformance server in `mode` on a free loopback port and runs the suite.
fn run_mode(mode: Mode) -> Result<(), String> {
    let started = Instant::now();
    let port = crate::sh::free_port()?;
    let bin = crate::sh::target_dir()
        .join("debug")
        .join(format!("conformance{}", std::env::consts::EXE_SUFFIX));
    let mut cmd = Command::new(&bin);
    cmd.args(["--port", &port.to_string()]);
    if mode == Mode::Sessions {
        cmd.arg("--sessions");
    }
    let mut server = cmd.spawn().map_err(|e| format!("{}: {e}", bin.display()))?;
    let outcome =
        crate::sh::wait_until_listening(&mut server, port, "the conformance server", STARTUP)
            .and_then(|()| run_scenarios(port, mode));
    // Only the server this run started is stopped.
    let _ = server.kill();
    let _ = server.wait();
    let (suite_ok, tally) = outcome?;
    let name = mode.name();
    eprintln!(
        "mcp conformance ({name}): {} passed, {} failed, {} expected failures; {:.1} s",
        tally.passed,
        tally.failed,
        tally.expected,
        started.elapsed().as_secs_f64(),
    );
    if tally.total() < SCENARIOS {
        return Err(format!(
            "mcp conformance ({name}): only {} of {SCENARIOS} server scenarios left results",
            tally.total()
        ));
    }
    if suite_ok && tally.failed == 0 {
        Ok(())
    } else {
        Err(format!(
            "mcp conformance ({name}): unexpected results (see the summary above; \
             xtask/mcp-conformance/expected-failures.yml lists the expected ones of the \
             stateless mode, session mode expects none)"
        ))
    }
}

/// Runs `conformance server --suite all` against the server on `port` (with the
/// expected-failures file when stateless); whether the suite exited 0, and the results it
/// wrote.
fn run_scenarios(port: u16, mode: Mode) -> Result<(bool, Tally), String> {
    let results = mcp_conformance_dir().join(format!("results-{}", mode.name()));
    if results.exists() {
        std::fs::remove_dir_all(&results).map_err(|e| format!("{}: {e}", results.display()))?;
    }
    let expected_file = root().join("xtask/mcp-conformance/expected-failures.yml");
    let mut cmd = Command::new(mcp_conformance_node());
    cmd.current_dir(mcp_conformance_dir())
        .arg(CLI)
        .args(["server", "--url", &format!("http://127.0.0.1:{port}/mcp")])
        .args(["--suite", "all", "-o"])
        .arg(&results);
    if mode == Mode::Stateless {
        cmd.arg("--expected-failures").arg(&expected_file);
    }
    eprintln!("$ {cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("{}: {e}", mcp_conformance_node().display()))?;
    let listed = match mode {
        Mode::Stateless => read_expected(&expected_file)?,
        Mode::Sessions => Vec::new(),
    };
    Ok((status.success(), tally(&results, &listed)?))
}

/// Scenario outcomes read from the suite's results folder.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    passed: usize,
    failed: usize,
    expected: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.passed + self.failed + self.expected
    }
}

/// Counts `results/server-<scenario>-<timestamp>/checks.json`: a scenario with a
/// `FAILURE` or `WARNING` check failed (as the suite counts it with a baseline file;
/// expectedly when it is in `listed`), otherwise it passed.
fn tally(results: &Path, listed: &[String]) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let entries = std::fs::read_dir(results).map_err(|e| format!("{}: {e}", results.display()))?;
    for entry in entries {
        let dir = entry
            .map_err(|e| format!("{}: {e}", results.display()))?
            .path();
        let name = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let checks_file = dir.join("checks.json");
        let text = std::fs::read_to_string(&checks_file)
            .map_err(|e| format!("{}: {e}", checks_file.display()))?;
        let checks: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", checks_file.display()))?;
        let has = |status: &str| {
            checks
                .as_array()
                .is_some_and(|a| a.iter().any(|c| c["status"] == status))
        };
        if has("FAILURE") || has("WARNING") {
            if listed
                .iter()
                .any(|s| scenario_of(&name) == Some(s.as_str()))
            {
                tally.expected += 1;
            } else {
                tally.failed += 1;
                eprintln!("mcp conformance: {name} failed");
            }
        } else {
            tally.passed += 1;
        }
    }
    Ok(tally)
}

/// `tools-call-error` from `server-tools-call-error-2026-12-02T06-57-10-673Z`.
fn scenario_of(dir_name: &str) -> Option<&str> {
    let rest = dir_name.strip_prefix("server-")?;
    // The timestamp has five `-` of its date and time plus the one before it.
    let cut = rest.match_indices('-').rev().nth(5)?.0;
    Some(&rest[..cut])
}

/// The scenario names of the expected-failures file (its `- name` lines).
fn read_expected(file: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .map(|s| s.trim().to_string())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_names_come_from_result_folders() {
        let name = "server-tools-call-error-2026-12-02T06-57-10-673Z";
        assert_eq!(scenario_of(name), Some("tools-call-error"));
        assert_eq!(
            scenario_of("server-ping-2026-12-02T06-57-10-673Z"),
            Some("ping")
        );
        assert_eq!(scenario_of("client-ping"), None);
    }

    #[test]
    fn a_failure_counts_as_expected_only_when_listed() {
        let dir =
            std::env::temp_dir().join(format!("mcp-conformance-tally-{}", std::process::id()));
        let write = |name: &str, statuses: &[&str]| {
            let sub = dir.join(name);
            std::fs::create_dir_all(&sub).expect("create a results folder");
            let checks: Vec<_> = statuses
                .iter()
                .map(|s| serde_json::json!({"status": s}))
                .collect();
            std::fs::write(
                sub.join("checks.json"),
                serde_json::to_string(&checks).expect("JSON"),
            )
            .expect("write checks.json");
        };
        let stamp = "2026-12-02T06-57-10-673Z";
        write(&format!("server-ping-{stamp}"), &["SUCCESS"]);
        write(
            &format!("server-server-sse-polling-{stamp}"),
            &["WARNING", "INFO"],
        );
        write(&format!("server-tools-call-sampling-{stamp}"), &["FAILURE"]);
        write(
            &format!("server-tools-list-{stamp}"),
            &["SUCCESS", "FAILURE"],
        );
        let listed = [
            "tools-call-sampling".to_string(),
            "server-sse-polling".to_string(),
        ];
        let got = tally(&dir, &listed);
        std::fs::remove_dir_all(&dir).expect("remove the results folder");
        let expected = Tally {
            passed: 1,
            failed: 1,
            expected: 2,
        };
        assert_eq!(got, Ok(expected));
    }
}
