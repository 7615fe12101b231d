//! `prefab check`: finds each problem planted in `examples/check_broken.rs` (and nothing on
//! its good tool), calls tools that may have side effects only with `--call`, passes our
//! example servers and the README's command, and checks a FastMCP server of the FastMCP
//! suite.
#![allow(clippy::unwrap_used)]

mod dev_support;
mod serve_support;

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The deliberately broken server, built once per test binary.
fn broken() -> &'static str {
    static BROKEN: OnceLock<PathBuf> = OnceLock::new();
    BROKEN
        .get_or_init(|| dev_support::built("example", "check_broken"))
        .to_str()
        .unwrap()
}

fn prefab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(args)
        .output()
        .unwrap()
}

/// `prefab check --json ARGS`: the exit code and the report.
fn check_json(args: &[&str]) -> (Option<i32>, Value) {
    let out = prefab(&[&["check", "--json"], args].concat());
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code(), report)
}

/// `(subject, rule)` of every finding.
fn found(report: &Value) -> BTreeSet<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["subject"].as_str().unwrap().into(),
                f["rule"].as_str().unwrap().into(),
            )
        })
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    expected
        .iter()
        .map(|(s, r)| ((*s).to_owned(), (*r).to_owned()))
        .collect()
}

/// Every planted problem, and no other finding (the tool `good` has none).
const PLANTED: [(&str, &str); 19] = [
    ("tool flat_missing", "ui-resource-uri-flat-missing"),
    ("tool nested_missing", "ui-resource-uri-missing"),
    ("tool uri_mismatch", "ui-resource-uri-mismatch"),
    ("resource ui://broken/missing", "resource-unreadable"),
    ("resource ui://broken/missing", "resource-not-listed"),
    ("resource ui://broken/wrong-mime", "resource-mime"),
    ("resource ui://broken/wrong-mime", "resource-list-mime"),
    ("resource ui://broken/csp-list-only", "csp-in-one-place"),
    ("resource ui://broken/big", "resource-size"),
    ("resource ui://broken/near", "resource-size-near-cap"),
    ("tool placeholder", "fallback-placeholder"),
    ("tool no_text", "fallback-missing"),
    ("tool bad_prefab", "prefab-invalid"),
    ("tool app_only", "visibility-app-only"),
    ("tool oneof_root", "input-schema-composed-root"),
    ("tool string_root", "input-schema-not-object"),
    ("tool nested_args", "input-schema-complex-property"),
    ("tool side_effect", "call-skipped"),
    ("tool needs_args", "call-skipped"),
];

#[test]
fn finds_every_planted_problem_and_nothing_else() {
    let (code, report) = check_json(&["--", broken()]);
    assert_eq!(code, Some(1), "errors exit 1: {report}");
    assert_eq!(found(&report), pairs(&PLANTED), "{report:#}");
    assert_eq!(report["summary"]["errors"], 8, "{report:#}");
    assert_eq!(report["checked"]["uiTools"], 15);
    for finding in report["findings"].as_array().unwrap() {
        assert!(
            finding["why"].as_str().is_some_and(|w| w.len() > 20),
            "{finding}"
        );
    }
}

#[test]
fn the_text_report_has_one_line_per_finding_and_a_summary() {
    let out = prefab(&["check", "--", broken()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), PLANTED.len() + 1, "{text}");
    let line = lines
        .iter()
        .find(|l| l.contains("[ui-resource-uri-flat-missing]"))
        .unwrap();
    assert!(line.starts_with("warning: tool flat_missing: "), "{line}");
    assert!(line.contains(" why: "), "{line}");
    let summary = lines.last().unwrap();
    assert!(
        summary.ends_with(": 8 error(s), 9 warning(s), 2 note(s)"),
        "{summary}"
    );
}

#[test]
fn tools_not_marked_read_only_are_called_only_with_call() {
    let side_effect = |report: &Value| -> BTreeSet<String> {
        found(report)
            .into_iter()
            .filter(|(subject, _)| subject == "tool side_effect" || subject == "tool needs_args")
            .map(|(subject, rule)| format!("{subject} {rule}"))
            .collect()
    };
    let (_, default) = check_json(&["--", broken()]);
    let (code, called) = check_json(&["--call", "--", broken()]);
    assert_eq!(code, Some(1));
    assert_eq!(
        side_effect(&default),
        BTreeSet::from([
            "tool side_effect call-skipped".to_owned(),
            "tool needs_args call-skipped".to_owned()
        ])
    );
    assert_eq!(
        side_effect(&called),
        BTreeSet::from([
            "tool side_effect fallback-placeholder".to_owned(),
            "tool needs_args call-skipped".to_owned()
        ]),
        "--call calls side_effect; a tool needing arguments is never called"
    );
    let calls = |r: &Value| r["checked"]["calls"].as_u64().unwrap();
    assert_eq!(calls(&called), calls(&default) + 1);
}

#[test]
fn our_example_servers_pass() {
    let hello = dev_support::hello().to_str().unwrap();
    let (code, report) = check_json(&["--call", "--", hello, "stdio"]);
    assert_eq!(code, Some(0), "{report:#}");
    assert_eq!(report["summary"]["errors"], 0);
    assert!(
        report["checked"]["calls"].as_u64().unwrap() >= 1,
        "{report}"
    );

    // Every example `prefab serve` serves (gallery, generative UI, forms, …), over HTTP.
    let server = serve_support::start("check-serve", &[]);
    let url = format!("http://{}/mcp", server.addr);
    let (code, report) = check_json(&["--call", "--url", &url]);
    assert_eq!(code, Some(0), "{report:#}");
    assert!(
        report["checked"]["uiTools"].as_u64().unwrap() >= 10,
        "{report}"
    );
    assert!(
        report["checked"]["calls"].as_u64().unwrap() >= 10,
        "{report}"
    );
}

/// The README's command, as written (`prefab` and `cargo` are this build's).
#[test]
fn the_readme_command_passes() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let section = readme.split_once("## Check your server").unwrap().1;
    let block = section.split_once("```sh\n").unwrap().1;
    let line = block.lines().next().unwrap();
    assert!(line.starts_with("prefab check -- cargo run"), "{line}");
    // Built first, so that `cargo run` starts it within the default timeout on a cold CI.
    dev_support::hello();
    let words: Vec<&str> = line.split_whitespace().collect();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let args: Vec<&str> = words[1..]
        .iter()
        .map(|w| if *w == "cargo" { cargo.as_str() } else { w })
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .current_dir(workspace())
        .args(&args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(": 0 error(s), "), "{text}");
}

/// A server of the FastMCP suite (`xtask/fastmcp/servers/suite.py`) over stdio, with the
/// venv `cargo xtask install` makes (required under `CI`).
#[test]
fn a_fastmcp_suite_server() {
    let python = workspace().join("target/fastmcp/venv/bin/python");
    if !python.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing under CI (cargo xtask install makes it)",
            python.display()
        );
        eprintln!(
            "skipped: no FastMCP venv at {} (cargo xtask install)",
            python.display()
        );
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .current_dir(workspace().join("xtask/fastmcp/servers"))
        .args(["check", "--json", "--call", "--"])
        .arg(&python)
        .args(["-c", "import suite; suite.mcp.run(show_banner=False)"])
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    assert_eq!(out.status.code(), Some(0), "{report:#}");
    let ui_tools = report["checked"]["uiTools"].as_u64().unwrap();
    assert!(ui_tools >= 5, "{report}");
    let count = |rule: &str| found(&report).iter().filter(|(_, r)| r == rule).count();
    // FastMCP writes only `_meta.ui.resourceUri` and answers with a placeholder text.
    assert_eq!(count("ui-resource-uri-flat-missing") as u64, ui_tools);
    assert!(count("fallback-placeholder") >= 5, "{report}");
    assert_eq!(
        count("prefab-invalid"),
        0,
        "prefab-ui's documents are valid"
    );
}

#[test]
fn a_server_that_cannot_be_checked_exits_2() {
    let out = prefab(&["check", "--", "/nonexistent/server"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start"));
    // `sleep` reads no request: the handshake times out.
    let started = std::time::Instant::now();
    let out = prefab(&["check", "--timeout", "1", "--", "sleep", "30"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no answer within 1 s"), "{stderr}");
    assert!(started.elapsed().as_secs() < 20, "the timeout holds");
    let out = prefab(&["check", "--header", "A: b", "--", "server"]);
    assert_eq!(out.status.code(), Some(2), "--header goes with --url only");
}
