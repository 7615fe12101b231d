//! `prefab validate FILE|-`: every problem with its JSON path; exit 0 when valid, 1 when not.
use super::input;
use std::process::ExitCode;

pub fn run(path: &str) -> Result<ExitCode, String> {
    let text = input::read(path)?;
    let report = prefab::validate_str(&text);
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    for error in &report.errors {
        eprintln!("error: {error}");
    }
    if report.is_valid() {
        println!("{path}: valid ({} warning(s))", report.warnings.len());
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "{path}: {} error(s), {} warning(s)",
            report.errors.len(),
            report.warnings.len()
        );
        Ok(ExitCode::from(1))
    }
}
