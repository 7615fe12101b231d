//! Running commands with a visible echo and an error that names the command.
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Cargo's target folder: `CARGO_TARGET_DIR`, or `target/` in the workspace.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// Runs `cmd` from the workspace root, failing with the command line if it fails; a command
/// that took 10 s or more says how long (CI's log then shows where its time goes).
pub fn run(cmd: &mut Command) -> Result<(), String> {
    if cmd.get_current_dir().is_none() {
        cmd.current_dir(root());
    }
    let line = describe(cmd);
    eprintln!("$ {line}");
    let started = std::time::Instant::now();
    let status = cmd.status().map_err(|e| format!("{line}: {e}"))?;
    let took = started.elapsed().as_secs();
    if took >= 10 {
        eprintln!("xtask: {took} s: {line}");
    }
    if status.success() {
        Ok(())
    } else {
        Err(format!("{line}: exited with {status}"))
    }
}

/// Whether `program args…` runs and exits 0, with its output discarded.
pub fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Captures the standard output of `program args…` (empty if it cannot run).
pub fn output(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default()
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs `cmd` with `input` on its standard input and returns its standard output (a
/// filter such as `gzip -c`); fails if it exits non-zero.
pub fn filter(cmd: &mut Command, input: &[u8]) -> Result<Vec<u8>, String> {
    use std::io::Write;
    use std::process::Stdio;
    let line = describe(cmd);
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{line}: {e}"))?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| format!("{line}: no stdin"))?;
    let input = input.to_vec();
    // Written from another thread: the output pipe would fill while we still write.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{line}: {e}"))?;
    writer
        .join()
        .map_err(|_| format!("{line}: writer thread failed"))?
        .map_err(|e| format!("{line}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{line}: exited with {}", out.status));
    }
    Ok(out.stdout)
}

/// A loopback port free right now (a server binds it a moment later).
pub fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind(("127.0.0.1", 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("finding a free port: {e}"))
}

/// Waits until `server` (called `name` in errors) accepts connections on loopback `port`,
/// failing if it exits or takes longer than `limit`.
pub fn wait_until_listening(
    server: &mut std::process::Child,
    port: u16,
    name: &str,
    limit: std::time::Duration,
) -> Result<(), String> {
    let deadline = std::time::Instant::now() + limit;
    while std::time::Instant::now() < deadline {
        if let Ok(Some(status)) = server.try_wait() {
            return Err(format!("{name} exited with {status}"));
        }
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    Err(format!(
        "{name} did not listen on port {port} within {limit:?}"
    ))
}
