//! `prefab new`: the generated crate builds against this workspace's crates, passes its own
//! test (prefab-test on its order form) and serves its tools over stdio; its dependency
//! versions are the workspace's.
//!
//! The crate is written to a temporary folder (its own `[workspace]`), its prefab crates
//! (and prefab-test's prefab-renderer) patched to this workspace's paths, the workspace's
//! `Cargo.lock` copied in (the same dependency versions), and built and tested offline into
//! the workspace's target folder with the workspace's dev profile, so that the dependencies
//! the workspace's own `cargo test` built are reused.
// The `prefab dev` helpers unwrap: a failure there is the test failing.
#![allow(clippy::unwrap_used)]

mod dev_support;
mod serve_support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The generated crate's name (and binary's): unlike any of the workspace's binaries.
/// `cargo xtask serve` runs the README walkthrough on this binary (`xtask/src/serve.rs`).
const NAME: &str = "prefab-new-smoke";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace folder")
        .to_path_buf()
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace().join("target"), PathBuf::from)
}

fn prefab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(args)
        .output()
        .expect("run prefab")
}

/// A fresh folder under the system's temporary folder.
fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prefab-new-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn generate(dir: &Path) {
    let out = prefab(&["new", NAME, "--path", dir.to_str().expect("a UTF-8 path")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn toml_file(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).expect("read a manifest");
    text.parse().expect("a TOML manifest")
}

/// A dependency's version requirement (`"1"` or `{ version = "1", … }`).
fn version_of(dep: &toml::Value) -> Option<&str> {
    dep.as_str()
        .or_else(|| dep.get("version").and_then(toml::Value::as_str))
}

#[test]
fn the_template_uses_the_workspace_versions() {
    let dir = scratch("versions");
    generate(&dir);
    let generated = toml_file(&dir.join("Cargo.toml"));
    let root = toml_file(&workspace().join("Cargo.toml"));
    let ours = &root["workspace"]["dependencies"];
    let own_version = root["workspace"]["package"]["version"].as_str();
    let deps = generated["dependencies"]
        .as_table()
        .expect("[dependencies]");
    let dev_deps = generated["dev-dependencies"]
        .as_table()
        .expect("[dev-dependencies]");
    assert!(dev_deps.contains_key("prefab-test"), "{dev_deps:?}");
    for (name, dep) in deps.iter().chain(dev_deps) {
        let expected = match name.as_str() {
            "prefab-rs" | "prefab-mcp" | "prefab-test" => own_version,
            other => {
                let entry = ours.get(other).unwrap_or_else(|| {
                    panic!("{other} is not a dependency of the workspace: add it there too")
                });
                version_of(entry)
            }
        };
        assert_eq!(version_of(dep), expected, "the template's {name}");
    }
    assert!(
        generated.contains_key("workspace"),
        "a workspace of its own"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn new_refuses_a_folder_in_use_and_bad_names() {
    let dir = scratch("refuse");
    std::fs::create_dir_all(&dir).expect("create");
    std::fs::write(dir.join("keep.txt"), "mine").expect("write");
    let path = dir.to_str().expect("a UTF-8 path");
    let out = prefab(&["new", "fine-name", "--path", path]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not empty"));
    assert_eq!(
        std::fs::read_dir(&dir).expect("list").count(),
        1,
        "nothing written"
    );

    let empty = dir.join("empty");
    std::fs::create_dir(&empty).expect("create");
    let out = prefab(&["new", "2fast", "--path", empty.to_str().expect("UTF-8")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid crate name"));
    let out = prefab(&["new", "fine-name", "--path", empty.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "an empty folder is fine");
    assert!(empty.join("src/tools.rs").is_file());
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// The first Rust code block of the README's section `heading`.
fn readme_code(heading: &str) -> String {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let section = readme
        .split_once(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("the README section {heading:?}"))
        .1;
    let code = section
        .split_once("```rust\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .unwrap_or_else(|| panic!("a rust block in {heading:?}"))
        .0;
    code.to_string()
}

/// The README's tutorial shows the generated `src/tools.rs` verbatim (for a crate named
/// `demo`), and it stays within 120 lines.
#[test]
fn the_readme_tutorial_is_the_template() {
    let code = readme_code("## Your first UI server");
    let template = include_str!("../templates/new/src/tools.rs").replace("{{name}}", "demo");
    assert_eq!(
        code, template,
        "README.md's tutorial and templates/new/src/tools.rs differ"
    );
    assert!(
        code.lines().count() <= 120,
        "{} lines",
        code.lines().count()
    );
}

/// The README's "Test your views" shows the generated `src/tools/tests.rs` verbatim, which
/// `the_generated_server_builds_and_serves_both_tools` runs; the section stays within 40
/// lines.
#[test]
fn the_readme_testing_section_is_the_templates_test() {
    let code = readme_code("## Test your views");
    assert_eq!(
        code,
        include_str!("../templates/new/src/tools/tests.rs"),
        "README.md's \"Test your views\" and templates/new/src/tools/tests.rs differ"
    );
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("Test your views\n"))
        .expect("the section");
    let lines = section.trim_end().lines().count();
    assert!(lines <= 40, "{lines} lines");
}

#[test]
fn the_generated_server_builds_and_serves_both_tools() {
    let dir = scratch("build");
    generate(&dir);
    build(&dir);
    // Its own test: the order form filled in and submitted with prefab-test.
    let tested = cargo(&dir, "test");
    assert!(tested.contains("test result: ok. 1 passed"), "{tested}");

    let mut server = Server::start(&target_dir().join("debug").join(NAME));
    let init = server.request(
        "initialize",
        json!({
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "new-test", "version": "1.0.0"}
        }),
    );
    assert!(
        init["result"]["capabilities"]["tools"].is_object(),
        "{init}"
    );
    assert_eq!(init["result"]["serverInfo"]["name"], NAME, "{init}");
    server.notify("notifications/initialized");

    let list = server.request("tools/list", json!({}));
    let mut names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["add_order", "order_chart", "show_orders"]);
    let add_order = list["result"]["tools"]
        .as_array()
        .and_then(|tools| tools.iter().find(|t| t["name"] == "add_order"))
        .expect("add_order");
    assert_eq!(
        add_order["inputSchema"]["properties"]["quantity"]["type"], "integer",
        "the model sees NewOrder's schema: {add_order}"
    );

    let call = |server: &mut Server, name: &str, arguments: Value| {
        let answer = server.request("tools/call", json!({"name": name, "arguments": arguments}));
        assert_ne!(answer["result"]["isError"], true, "{answer}");
        answer["result"].clone()
    };
    let shown = call(&mut server, "show_orders", json!({}));
    let content = &shown["structuredContent"];
    assert!(content["$prefab"]["version"].is_string(), "{shown}");
    assert!(content.to_string().contains("\"DataTable\""), "{content}");
    let chart = call(&mut server, "order_chart", json!({}));
    assert!(
        chart["structuredContent"]
            .to_string()
            .contains("\"BarChart\""),
        "{chart}"
    );

    // A 2025-11-25 client gets the form as the result when arguments are missing.
    let form = call(&mut server, "add_order", json!({}));
    assert!(
        form["structuredContent"].to_string().contains("\"Form\""),
        "{form}"
    );

    // Wrong values, as a form sends them (strings): the form again, values kept, a
    // FieldError for each wrong field, and a text naming each problem.
    let bad =
        json!({"customer": "Ada", "email": "not an address", "item": "Pen", "quantity": "30"});
    let again = call(&mut server, "add_order", bad);
    let view = again["structuredContent"].to_string();
    assert!(
        view.contains("\"Form\"") && view.contains("not an address"),
        "{again}"
    );
    assert_eq!(view.matches("\"FieldError\"").count(), 2, "{again}");
    let text = again["content"][0]["text"].as_str().expect("text");
    assert!(
        text.contains("email") && text.contains("quantity"),
        "{text}"
    );

    let good = json!({"customer": "Alan Turing", "email": "alan@example.com", "item": "Pen", "quantity": "2"});
    let added = call(&mut server, "add_order", good);
    let table = added["structuredContent"].to_string();
    assert!(
        table.contains("\"DataTable\"") && table.contains("Alan Turing"),
        "{added}"
    );
    server.stop();
    previewed_by_prefab_dev(&target_dir().join("debug").join(NAME));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// `prefab dev -- <binary> stdio` relays the generated server: its tools are listed, a
/// UI tool's view comes back, and the viewer resource it names reads as the viewer's HTML.
fn previewed_by_prefab_dev(binary: &Path) {
    let binary = binary.to_str().expect("a UTF-8 path");
    let dev = dev_support::dev("new", &["--", binary, "stdio"]);
    let result = |method: &str, params: Value| {
        let answer = serve_support::answer(&dev.addr, method, params);
        assert!(answer.get("error").is_none(), "{method}: {answer}");
        answer["result"].clone()
    };
    let tools = result("tools/list", json!({}))["tools"].clone();
    let tools = tools.as_array().expect("tools");
    assert_eq!(tools.len(), 3, "{tools:?}");
    let chart = result(
        "tools/call",
        json!({"name": "order_chart", "arguments": {}}),
    );
    assert!(chart["structuredContent"]["$prefab"].is_object(), "{chart}");
    let uri = tools[0]["_meta"]["ui"]["resourceUri"]
        .as_str()
        .expect("a UI tool");
    let read = result("resources/read", json!({"uri": uri}));
    let html = read["contents"][0]["text"]
        .as_str()
        .expect("the viewer's HTML");
    assert!(
        html.contains("<html") || html.contains("<!doctype"),
        "{}",
        &html[..200.min(html.len())]
    );
}

/// The workspace's crates the generated crate gets from crates.io (directly or through
/// `prefab-test`), by package name and folder.
const PATCHED: [(&str, &str); 4] = [
    ("prefab-rs", "prefab"),
    ("prefab-mcp", "prefab-mcp"),
    ("prefab-test", "prefab-test"),
    ("prefab-renderer", "prefab-renderer"),
];

/// Builds the crate generated in `dir` against the workspace's crates (its lock file and
/// target folder, so nothing already built is built again); fails on any warning.
fn build(dir: &Path) {
    let ws = workspace();
    let mut patch = String::from("\n[patch.crates-io]\n");
    for (package, folder) in PATCHED {
        patch.push_str(&format!("{package} = {{ path = {:?} }}\n", ws.join(folder)));
    }
    let manifest = dir.join("Cargo.toml");
    let mut text = std::fs::read_to_string(&manifest).expect("read");
    text.push_str(&patch);
    text.push_str(&dev_profile());
    std::fs::write(&manifest, text).expect("write");
    std::fs::copy(ws.join("Cargo.lock"), dir.join("Cargo.lock")).expect("copy the lock file");
    cargo(dir, "build");
}

/// The workspace's dev profile (`[profile.dev]` and its `package."*"` override) for the
/// generated crate: with the same profile its dependencies are the units the workspace's
/// `cargo test` has built already, so its build and test compile only the crate itself
/// (about 10 s instead of two minutes on a fresh clone).
fn dev_profile() -> String {
    let text = std::fs::read_to_string(workspace().join("Cargo.toml")).expect("Cargo.toml");
    let mut profile = String::from("\n");
    let mut keep = false;
    for line in text.lines() {
        if line.starts_with('[') {
            keep = line == "[profile.dev]" || line == "[profile.dev.package.\"*\"]";
        }
        if keep && !line.starts_with('#') {
            profile.push_str(line);
            profile.push('\n');
        }
    }
    assert!(
        profile.contains("[profile.dev]"),
        "no dev profile in {text}"
    );
    profile
}

/// Runs `cargo <command> --offline --quiet` in the generated crate `dir`, into the
/// workspace's target folder; fails when it fails or warns. Returns its standard output.
fn cargo(dir: &Path, command: &str) -> String {
    let started = Instant::now();
    let run = Command::new(env!("CARGO"))
        .args([command, "--offline", "--quiet"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap_or_else(|e| panic!("run cargo {command}: {e}"));
    let log = String::from_utf8_lossy(&run.stderr);
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "cargo {command}:\n{out}\n{log}");
    assert!(
        !log.contains("warning"),
        "the template passes cargo {command} without warnings:\n{log}"
    );
    eprintln!(
        "cargo {command} of the generated crate: {:.1?}",
        started.elapsed()
    );
    out.into_owned()
}

/// The generated server, spoken to over its standard input and output.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Server {
    fn start(binary: &Path) -> Self {
        let mut child = Command::new(binary)
            .arg("stdio")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the generated server");
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Server {
            child,
            stdin,
            lines,
            next_id: 1,
        }
    }

    fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().expect("open stdin");
        writeln!(stdin, "{message}").expect("write a request");
        stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str) {
        self.send(&json!({"jsonrpc": "2.0", "method": method}));
    }

    /// Sends a request and waits (up to a minute: a hung server fails the test) for the
    /// answer with its id.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let Ok(line) = self.lines.recv_timeout(Duration::from_secs(60)) else {
                let _ = self.child.kill();
                panic!("no answer to {method}");
            };
            let message: Value = serde_json::from_str(&line).expect("a JSON line");
            if message["id"] == id {
                return message;
            }
        }
    }

    /// Closes standard input; the server then ends.
    fn stop(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait for the server");
        assert!(status.success(), "{status}");
    }
}
