//! The size gate: every renderer asset's raw and gzip size, printed and checked against
//! the budgets in `prefab-renderer/budgets.toml` (the one place they are kept).
//!
//! `cargo xtask build-renderer` prints the table; `cargo xtask check-assets` (CI) fails when
//! an asset or page exceeds its budget. `cargo xtask sizes` prints and checks the committed
//! assets and the pages built from them.
use crate::sh::root;
use std::fs;
use std::path::Path;
use std::process::Command;

/// The budget file, relative to the workspace root.
pub const BUDGETS: &str = "prefab-renderer/budgets.toml";

/// One budgeted item: a file name (an asset, or a page `cargo xtask pages` writes).
struct Budget {
    name: String,
    raw: Option<usize>,
    gzip: Option<usize>,
}

/// Reads the budget file: `["name"]` sections with `raw = N` and `gzip = N` lines (a TOML
/// subset; `_` digit separators allowed; `#` comments).
fn budgets() -> Result<Vec<Budget>, String> {
    let path = root().join(BUDGETS);
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out: Vec<Budget> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let at = || format!("{BUDGETS}:{}", i + 1);
        if line.is_empty() {
            continue;
        }
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            out.push(Budget {
                name: section.trim().trim_matches('"').to_string(),
                raw: None,
                gzip: None,
            });
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("{}: expected `key = bytes`", at()))?;
        let bytes: usize = value
            .trim()
            .replace('_', "")
            .parse()
            .map_err(|_| format!("{}: {:?} is not a byte count", at(), value.trim()))?;
        let budget = out
            .last_mut()
            .ok_or_else(|| format!("{}: a budget before any [\"asset\"] section", at()))?;
        match key.trim() {
            "raw" => budget.raw = Some(bytes),
            "gzip" => budget.gzip = Some(bytes),
            other => return Err(format!("{}: unknown key {other:?} (raw or gzip)", at())),
        }
    }
    Ok(out)
}

/// Prints every budgeted item found in `dirs` (first match wins) with its budget, and
/// fails naming each one over budget.
pub fn report(dirs: &[&Path]) -> Result<(), String> {
    let budgets = budgets()?;
    eprintln!(
        "{:<22} {:>9} {:>9} {:>9} {:>9}",
        "asset", "raw", "budget", "gzip -9", "budget"
    );
    let mut over = Vec::new();
    for budget in &budgets {
        let Some(path) = dirs
            .iter()
            .map(|d| d.join(&budget.name))
            .find(|p| p.exists())
        else {
            over.push(format!("{}: not found", budget.name));
            continue;
        };
        let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (raw, gzip) = (bytes.len(), gzip(&bytes)?.len());
        let show = |b: Option<usize>| b.map_or_else(|| "-".to_string(), |b| b.to_string());
        eprintln!(
            "{:<22} {:>9} {:>9} {:>9} {:>9}",
            budget.name,
            raw,
            show(budget.raw),
            gzip,
            show(budget.gzip)
        );
        for (what, size, limit) in [("raw", raw, budget.raw), ("gzip", gzip, budget.gzip)] {
            if let Some(limit) = limit.filter(|&l| size > l) {
                over.push(format!(
                    "{}: {what} {size} bytes > budget {limit}",
                    budget.name
                ));
            }
        }
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "size budget exceeded ({BUDGETS}):\n  {}",
            over.join("\n  ")
        ))
    }
}

/// `cargo xtask sizes`: the committed assets and the pages built from them.
pub fn committed() -> Result<(), String> {
    let pages = root().join("target/pages");
    crate::renderer::pages(&pages)?;
    report(&[&root().join("prefab/assets"), &pages])
}

/// `bytes` compressed by `gzip -9 -n` (the system gzip; no compression crate in xtask).
pub fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    crate::sh::filter(Command::new("gzip").args(["-9", "-n", "-c"]), bytes)
}
