//! `prefab a2ui to FILE|-`: a `$prefab` document → A2UI messages, one JSON object per line;
//! `prefab a2ui from FILE|-`: A2UI messages (a JSON array, a `{"messages": [...]}` wrapper,
//! one message, or one message per line) applied in order → the `$prefab` envelope. Both
//! print on standard output and the diagnostics (what did not cross) on standard error.
use super::input;
use clap::{Args, Subcommand, ValueEnum};
use prefab::a2ui::{self, Diagnostic, Form, Options, Version};
use serde_json::Value;
use std::process::ExitCode;

/// `prefab a2ui …`.
#[derive(Debug, Args)]
pub struct A2uiArgs {
    #[command(subcommand)]
    direction: Direction,
}

#[derive(Debug, Subcommand)]
enum Direction {
    /// Write A2UI messages for a $prefab document (one JSON object per line).
    To {
        /// The document (an envelope or a bare component), or `-` for standard input.
        file: String,
        /// A2UI protocol version.
        #[arg(long = "a2ui-version", value_enum, default_value = "v0.9")]
        a2ui_version: VersionArg,
        /// Stream form (createSurface, updateComponents, updateDataModel) instead of batch.
        #[arg(long)]
        stream: bool,
        /// Surface id.
        #[arg(long, default_value = a2ui::DEFAULT_SURFACE_ID)]
        surface: String,
    },
    /// Read A2UI messages (applied in order) into a $prefab envelope.
    From {
        /// The messages, or `-` for standard input.
        file: String,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum VersionArg {
    #[value(name = "v0.9")]
    V0_9,
    #[value(name = "v1.0")]
    V1_0,
}

pub fn run(args: &A2uiArgs) -> Result<ExitCode, String> {
    match &args.direction {
        Direction::To {
            file,
            a2ui_version,
            stream,
            surface,
        } => {
            let document = input::read_json(file)?;
            let options = Options::default()
                .version(match a2ui_version {
                    VersionArg::V0_9 => Version::V0_9,
                    VersionArg::V1_0 => Version::V1_0,
                })
                .form(if *stream { Form::Stream } else { Form::Batch })
                .surface_id(surface);
            let out = a2ui::from_prefab(&document, &options);
            for message in &out.messages {
                println!("{message}");
            }
            report(&out.diagnostics);
        }
        Direction::From { file } => {
            let messages = messages(file)?;
            let out = a2ui::to_prefab(&messages);
            let text = serde_json::to_string_pretty(&out.envelope).map_err(|e| e.to_string())?;
            println!("{text}");
            report(&out.diagnostics);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The messages of `file`: one JSON value (array, wrapper or message) or JSON lines.
fn messages(file: &str) -> Result<Vec<Value>, String> {
    let text = input::read(file)?;
    if let Ok(value) = serde_json::from_str::<Value>(&text) {
        return Ok(match value {
            Value::Array(list) => list,
            one => vec![one],
        });
    }
    (text.lines().enumerate())
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| format!("{file}: line {}: not JSON: {e}", i + 1))
        })
        .collect()
}

fn report(diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        eprintln!("{d}");
    }
}
