//! `prefab fallback FILE|-`: print the text a model reads for a document — what
//! `display()` puts in the tool result's `content` (an envelope, or a node it wraps).
use super::input;
use prefab::display::{Content, display};
use std::process::ExitCode;

pub fn run(path: &str) -> Result<ExitCode, String> {
    let value = input::read_json(path)?;
    for Content::Text { text } in display(value).content {
        println!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}
