//! Running the `prefab` binary the tests build, with input on its standard input.
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `prefab ARGS` with `input` on standard input; its whole output.
pub fn prefab_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_prefab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
