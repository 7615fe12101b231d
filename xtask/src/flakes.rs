//! `cargo xtask flakes [--runs N] [--load K] [--only SUITE,…]`: runs the browser suites N
//! times (default 5) and reports how often each suite and each of its tests failed, with the
//! first failure's message, to tell a flaky test (fails sometimes) from a broken one (fails
//! every time). `--load K` keeps K busy-loop processes (`sh -c 'while :; do :; done'`) running
//! meanwhile, competing with Chromium for the cores, as on a busy CI machine; they are killed
//! when the runs end, failed or not.
//!
//! The suites are the test host's self-test (`node xtask/testhost/test/selftest.mjs`) and the
//! scripts of `prefab-renderer/tests` that `cargo xtask test` runs on the pages folder alone
//! ([`crate::suites::PAGES_SUITES`]). Each prints `FAIL name — detail` for a failed check, or
//! `FAIL name` then its stack for a failed test (`tally` in `xtask/testhost`), and ends with
//! `N passed, N failed`; a run without that line, or that exits non-zero with no `FAIL` line,
//! counts as a crash. The output of every failed run is kept in `target/flakes/`. Needs
//! `cargo xtask install` first (node packages, Chromium); not part of `cargo xtask test`.
use crate::sh::root;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug)]
struct Options {
    runs: u32,
    load: u32,
    only: Vec<String>,
}

/// One suite: its short name (the script's, without `.mjs`) and the arguments of `node`.
struct Suite {
    name: String,
    args: Vec<OsString>,
}

/// What one suite did over the runs.
#[derive(Default)]
struct Record {
    runs: u32,
    failed_runs: u32,
    time: Duration,
    /// Runs that ended without a summary line, or non-zero without a `FAIL` line: how many,
    /// and the first one's message.
    crashes: u32,
    first_crash: Option<String>,
    /// By failing test: how many runs it failed in, and its first message.
    tests: BTreeMap<String, (u32, String)>,
}

/// What one run of a suite printed, read.
struct Outcome {
    /// `FAIL` lines: (test name, message).
    failures: Vec<(String, String)>,
    /// `(passed, failed)` of the summary line.
    summary: Option<(u32, u32)>,
}

pub fn cli(args: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    crate::install::node()?;
    crate::install::host_harness()?;
    let pages = root().join("target/pages");
    crate::pages::write(&pages)?;
    let suites: Vec<Suite> = all_suites(&pages)
        .into_iter()
        .filter(|s| options.only.is_empty() || options.only.contains(&s.name))
        .collect();
    let logs = root().join("target/flakes");
    // Only this invocation's failed runs are kept there.
    let _ = std::fs::remove_dir_all(&logs);
    std::fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    // Dropped (the busy loops killed) however this function ends.
    let load = Load::start(options.load)?;
    let mut records: BTreeMap<String, Record> = BTreeMap::new();
    for run in 1..=options.runs {
        for suite in &suites {
            let record = records.entry(suite.name.clone()).or_default();
            let said = run_once(suite, run, &logs, record)?;
            eprintln!("flakes: run {run}/{} {}: {said}", options.runs, suite.name);
        }
    }
    drop(load);
    report(&options, &records, &logs)
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        runs: 5,
        load: 0,
        only: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} takes a value"));
        match arg.as_str() {
            "--runs" => options.runs = number(arg, value()?)?,
            "--load" => options.load = number(arg, value()?)?,
            "--only" => options.only.extend(value()?.split(',').map(str::to_owned)),
            other => return Err(format!("unknown flakes argument {other:?}")),
        }
    }
    let names: Vec<String> = all_suites(Path::new(""))
        .into_iter()
        .map(|s| s.name)
        .collect();
    if let Some(unknown) = options.only.iter().find(|o| !names.contains(o)) {
        return Err(format!(
            "--only: no suite {unknown:?} (suites: {})",
            names.join(", ")
        ));
    }
    if options.runs == 0 {
        return Err("--runs must be at least 1".into());
    }
    Ok(options)
}

fn number(flag: &str, text: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
}

/// The test host's self-test, then the pages suites of `prefab-renderer/tests`.
fn all_suites(pages: &Path) -> Vec<Suite> {
    let mut suites = vec![Suite {
        name: "selftest".into(),
        args: vec!["xtask/testhost/test/selftest.mjs".into()],
    }];
    for script in crate::suites::PAGES_SUITES {
        suites.push(Suite {
            name: script.trim_end_matches(".mjs").into(),
            args: vec![
                format!("prefab-renderer/tests/{script}").into(),
                "--pages".into(),
                pages.as_os_str().to_owned(),
            ],
        });
    }
    suites
}

/// Runs `suite` once (run number `run`) and adds what it printed to `record`; the output of
/// a failed run is written to `logs/<suite>-<run>.log`. Returns a line about the run.
fn run_once(suite: &Suite, run: u32, logs: &Path, record: &mut Record) -> Result<String, String> {
    let started = Instant::now();
    let out = Command::new("node")
        .args(&suite.args)
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("node {}: {e}", suite.name))?;
    let took = started.elapsed();
    record.runs += 1;
    record.time += took;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let outcome = read_outcome(&stdout);
    let crash = match outcome.summary {
        None => Some(format!(
            "no `N passed, N failed` line ({}): {}",
            out.status,
            last_line(&stderr).unwrap_or("no standard error")
        )),
        Some(_) if !out.status.success() && outcome.failures.is_empty() => Some(format!(
            "exited with {} and no FAIL line: {}",
            out.status,
            last_line(&stderr).unwrap_or("no standard error")
        )),
        Some(_) => None,
    };
    let failed = crash.is_some() || !outcome.failures.is_empty() || !out.status.success();
    let said = match (&crash, outcome.summary) {
        (Some(message), _) => format!("crashed: {message}"),
        (None, Some((passed, failed))) => {
            format!(
                "{passed} passed, {failed} failed in {:.1} s",
                took.as_secs_f64()
            )
        }
        (None, None) => String::new(),
    };
    if let Some(message) = crash {
        record.crashes += 1;
        record.first_crash.get_or_insert(message);
    }
    // A test counts once per run, however many of its checks failed.
    let mut seen = std::collections::BTreeSet::new();
    for (name, message) in outcome.failures {
        if seen.insert(name.clone()) {
            let entry = record.tests.entry(name).or_insert((0, message));
            entry.0 += 1;
        }
    }
    if failed {
        record.failed_runs += 1;
        let log = logs.join(format!("{}-{run}.log", suite.name));
        std::fs::write(&log, format!("{stdout}\n--- standard error ---\n{stderr}"))
            .map_err(|e| format!("{}: {e}", log.display()))?;
    }
    Ok(said)
}

/// The `FAIL` lines and the summary line of a suite's standard output. A check prints
/// `FAIL name — detail`; a test prints `FAIL name`, then its stack indented, whose first
/// line is the error's message.
fn read_outcome(stdout: &str) -> Outcome {
    let lines: Vec<&str> = stdout.lines().collect();
    let mut failures = Vec::new();
    let mut summary = None;
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("FAIL ") {
            let (name, message) = match rest.split_once(" — ") {
                Some((name, detail)) => (name, detail.to_owned()),
                None => (rest, next_indented(&lines[i + 1..])),
            };
            failures.push((name.trim().to_owned(), message));
        } else if let Some(counts) = summary_counts(line) {
            summary = Some(counts);
        }
    }
    Outcome { failures, summary }
}

/// The first line of a failed test's stack (indented under its `FAIL` line), or "".
fn next_indented(rest: &[&str]) -> String {
    rest.first()
        .filter(|l| l.starts_with(' '))
        .map(|l| l.trim().to_owned())
        .unwrap_or_default()
}

/// `(passed, failed)` of a summary line: `[label: ]N passed, N failed[, N skipped]`.
fn summary_counts(line: &str) -> Option<(u32, u32)> {
    let body = line.rsplit(": ").next()?;
    let (passed, rest) = body.split_once(" passed, ")?;
    let failed = rest.split(" failed").next()?;
    Some((passed.trim().parse().ok()?, failed.trim().parse().ok()?))
}

fn last_line(text: &str) -> Option<&str> {
    text.lines().rev().map(str::trim).find(|l| !l.is_empty())
}

/// Prints the table and each failing test; fails when any run failed.
fn report(
    options: &Options,
    records: &BTreeMap<String, Record>,
    logs: &Path,
) -> Result<(), String> {
    eprintln!(
        "\nflakes: {} run(s) of each suite, {} busy-loop process(es) beside them, on {} core(s)",
        options.runs,
        options.load,
        std::thread::available_parallelism().map_or(0, std::num::NonZero::get)
    );
    eprintln!(
        "{:<12} {:>5} {:>7} {:>8}  mean",
        "suite", "runs", "failed", "crashed"
    );
    let mut failed_runs = 0;
    for (name, r) in records {
        let mean = r.time.as_secs_f64() / f64::from(r.runs.max(1));
        eprintln!(
            "{name:<12} {:>5} {:>7} {:>8}  {mean:.1} s",
            r.runs, r.failed_runs, r.crashes
        );
        failed_runs += r.failed_runs;
    }
    for (name, r) in records {
        if let Some(message) = &r.first_crash {
            eprintln!("\n{name}: crashed {}/{}: {message}", r.crashes, r.runs);
        }
        for (test, (count, message)) in &r.tests {
            eprintln!("\n{name}: {test}\n  failed {count}/{}: {message}", r.runs);
        }
    }
    if failed_runs == 0 {
        eprintln!("\nflakes: no run failed");
        return Ok(());
    }
    Err(format!(
        "{failed_runs} suite run(s) failed; their output is in {}",
        logs.display()
    ))
}

/// Busy-loop processes competing for the cores; killed when dropped.
struct Load(Vec<Child>);

impl Load {
    fn start(count: u32) -> Result<Load, String> {
        let mut load = Load(Vec::new());
        for _ in 0..count {
            let child = Command::new("sh")
                .args(["-c", "while :; do :; done"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("starting a busy loop: {e}"))?;
            load.0.push(child);
        }
        Ok(load)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_checks_failure_keeps_its_detail_and_a_tests_its_first_stack_line() {
        let out = "ok   one\nFAIL two — expected 3, got 4\nFAIL three\n    Error: timed out\n    at x\n2 passed, 2 failed";
        let outcome = read_outcome(out);
        assert_eq!(
            outcome.failures,
            vec![
                ("two".to_owned(), "expected 3, got 4".to_owned()),
                ("three".to_owned(), "Error: timed out".to_owned()),
            ]
        );
        assert_eq!(outcome.summary, Some((2, 2)));
    }

    #[test]
    fn summary_lines_with_a_label_or_skips_are_read_and_others_are_not() {
        assert_eq!(summary_counts("12 passed, 0 failed"), Some((12, 0)));
        assert_eq!(summary_counts("visual: 6 passed, 1 failed"), Some((6, 1)));
        assert_eq!(
            summary_counts("3 passed, 1 failed, 2 skipped"),
            Some((3, 1))
        );
        assert_eq!(summary_counts("passed, failed"), None);
        assert_eq!(summary_counts("ok   12 passed things"), None);
        // A run that crashed before its summary has none.
        assert_eq!(
            read_outcome("ok   one\nTypeError: x is undefined").summary,
            None
        );
    }

    #[test]
    fn options_are_checked() {
        let options = parse(&args(&[
            "--runs",
            "3",
            "--load",
            "2",
            "--only",
            "charts,e2e",
        ]))
        .unwrap();
        assert_eq!((options.runs, options.load), (3, 2));
        assert_eq!(options.only, ["charts", "e2e"]);
        assert!(parse(&args(&["--runs", "0"])).is_err());
        assert!(
            parse(&args(&["--runs", "many"]))
                .unwrap_err()
                .contains("whole number")
        );
        assert!(
            parse(&args(&["--only", "nope"]))
                .unwrap_err()
                .contains("no suite \"nope\"")
        );
        assert!(
            parse(&args(&["--runs"]))
                .unwrap_err()
                .contains("takes a value")
        );
        assert!(parse(&args(&["--fast"])).is_err());
    }
}
