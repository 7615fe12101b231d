//! `prefab roundtrip FILE|-`: parse into the typed model and print the re-serialized JSON.
use super::input;
use prefab::Document;
use std::process::ExitCode;

pub fn run(path: &str) -> Result<ExitCode, String> {
    let text = input::read(path)?;
    match Document::from_json(&text) {
        Ok(doc) => {
            let out = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
            println!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => {
            for issue in &errors.0 {
                eprintln!("error: {issue}");
            }
            Ok(ExitCode::from(1))
        }
    }
}
