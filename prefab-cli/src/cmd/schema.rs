//! `prefab schema`: print the JSON Schema (draft 2020-12) of the wire format.
use std::process::ExitCode;

pub fn run() -> Result<ExitCode, String> {
    let schema = prefab::schema::wire_schema();
    let text = serde_json::to_string_pretty(&schema).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(ExitCode::SUCCESS)
}
