//! Reading the document argument shared by several subcommands.
use std::io::Read;

/// Reads `FILE`, or standard input when the argument is `-`.
pub fn read(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("reading standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}"))
    }
}

/// Reads `FILE` (or standard input for `-`) as one JSON value.
pub fn read_json(path: &str) -> Result<serde_json::Value, String> {
    let text = read(path)?;
    serde_json::from_str(&text).map_err(|e| {
        format!(
            "{path}: not JSON: {e} (line {}, column {})",
            e.line(),
            e.column()
        )
    })
}
