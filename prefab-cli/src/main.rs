//! The `prefab` command: validate, round-trip, evaluate, export `$prefab` UIs, show their
//! text fallback, `prefab serve` (the example MCP server with a preview host), `prefab dev`
//! (the preview host in front of any MCP server) and `prefab check` (its linter).
//!
//! Arguments are parsed with clap (derive); each subcommand lives in its own file under
//! `cmd/` and exposes `run(…) -> Result<ExitCode, String>`.
#![forbid(unsafe_code)]

mod cmd;

use clap::{Parser, Subcommand};
use cmd::{a2ui, eval, export, fallback, new, roundtrip, schema, validate};
use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc rather than the system allocator: `prefab serve` builds and drops many small JSON
/// values per request, and under load glibc's malloc and free took about a third of its time
/// (`cargo xtask bench-load`, benches/README.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Validate, round-trip, evaluate and export $prefab UIs; serve the example MCP server;
/// preview your own.
#[derive(Debug, Parser)]
#[command(name = "prefab", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a $prefab document; print every problem with its JSON path (exit 1 if invalid).
    Validate {
        /// The document, or `-` for standard input.
        file: String,
    },
    /// Parse into the typed model and print the re-serialized JSON.
    Roundtrip {
        /// The document, or `-` for standard input.
        file: String,
    },
    /// Print the JSON Schema (draft 2020-12) of the wire format.
    Schema,
    /// Evaluate a {{ }} expression, template or condition (or a file of cases).
    Eval(eval::EvalArgs),
    /// Write a standalone HTML page that renders the UI (`--static`: one with no script).
    Export {
        /// The document (an envelope or a bare component), or `-` for standard input.
        file: String,
        /// The page to write.
        #[arg(short, long, value_name = "PAGE")]
        output: PathBuf,
        /// The page title.
        #[arg(long, default_value = "prefab")]
        title: String,
        /// Write the UI already drawn, as HTML and CSS with no script: for docs, e-mails and
        /// previews where JavaScript does not run. Interactive parts show their initial
        /// state (nothing responds to clicks or typing; charts and images are drawn as they
        /// are before the browser measures or loads them).
        #[arg(long = "static")]
        no_script: bool,
    },
    /// Print the text a model reads for the UI (display()'s content).
    Fallback {
        /// The document, or `-` for standard input.
        file: String,
    },
    /// Convert between $prefab and A2UI messages (`to` / `from`).
    A2ui(a2ui::A2uiArgs),
    /// Serve the example MCP server (Streamable HTTP) and the preview host on 127.0.0.1.
    Serve(prefab_cli::serve::ServeArgs),
    /// Create a new MCP server crate (a UI tool, a form tool; stdio and HTTP) in ./NAME.
    New(new::NewArgs),
    /// Preview your own MCP server: the preview host on 127.0.0.1 relaying to `--url URL`
    /// or to a stdio server started with `-- CMD ARGS…` (restarted on exit, on Restart and,
    /// with `--watch PATH`, on file changes).
    #[command(
        after_help = "Examples:\n  prefab dev -- cargo run -p my-server -- stdio\n  \
        prefab dev --watch src -- cargo run -p my-server -- stdio\n  \
        prefab dev --url http://127.0.0.1:8000/mcp --header 'Authorization: Bearer TOKEN'\n  \
        prefab dev -- python server.py\n  \
        prefab dev --renderer theirs -- python server.py"
    )]
    Dev(prefab_cli::dev::DevArgs),
    /// Lint any MCP Apps server the way hosts will treat it: UI resource keys, MIME type,
    /// CSP, size, text fallbacks, visibility, input schemas, `$prefab` documents (exit 1 on
    /// an error). Reaches `--url URL` or a stdio server started with `-- CMD ARGS…`.
    #[command(
        after_help = "Examples:\n  prefab check -- cargo run -p my-server -- stdio\n  \
        prefab check --call --json -- python server.py\n  \
        prefab check --url http://127.0.0.1:8000/mcp --header 'Authorization: Bearer TOKEN'\n\n\
        UI tools are called (with no arguments) only when they require none and are marked \
        read-only (annotations.readOnlyHint); --call calls the others that require none too.\n\
        Exit status: 1 when an error was found, 0 otherwise, 2 when the server could not be checked."
    )]
    Check(prefab_cli::check::CheckArgs),
}

fn main() -> ExitCode {
    // clap prints help and version itself and exits 2 on usage errors, naming the bad flag.
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate { file } => validate::run(&file),
        Command::Roundtrip { file } => roundtrip::run(&file),
        Command::Schema => schema::run(),
        Command::Eval(args) => eval::run(&args),
        Command::Export {
            file,
            output,
            title,
            no_script,
        } => export::run(&file, &output, &title, no_script),
        Command::Fallback { file } => fallback::run(&file),
        Command::A2ui(args) => a2ui::run(&args),
        Command::Serve(args) => prefab_cli::serve::run(&args),
        Command::New(args) => new::run(&args),
        Command::Dev(args) => prefab_cli::dev::run(&args),
        Command::Check(args) => prefab_cli::check::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("prefab: {message}");
            ExitCode::from(2)
        }
    }
}
