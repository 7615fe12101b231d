//! The `prefab` command: validate, round-trip, evaluate, export `$prefab` UIs and show
//! their text fallback.
//!
//! Each subcommand lives in its own file and exposes `run(args) -> Result<ExitCode, String>`.
#![forbid(unsafe_code)]

mod eval;
mod export;
mod fallback;
mod input;
mod roundtrip;
mod schema;
mod validate;

use std::process::ExitCode;

const USAGE: &str = "\
usage: prefab <command> [args]

commands:
  validate FILE|-            check a $prefab document; every problem with its JSON path
  roundtrip FILE|-           parse into the typed model and print the re-serialized JSON
  schema                     print the JSON Schema of the wire format
  eval EXPR [--state JSON]   evaluate a {{ }} expression (or --cases FILE)
  export FILE|- -o PAGE      write a standalone HTML page that renders the UI
  fallback FILE|-            print the text a model reads for the UI (display()'s content)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "validate" => validate::run(rest),
        "roundtrip" => roundtrip::run(rest),
        "schema" => schema::run(rest),
        "eval" => eval::run(rest),
        "export" => export::run(rest),
        "fallback" => fallback::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("prefab: {message}");
            ExitCode::from(2)
        }
    }
}
