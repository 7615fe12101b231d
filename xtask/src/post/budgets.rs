//! The size gate: every renderer asset's raw and gzip size, printed and checked against
//! the budgets in `prefab-renderer/budgets.toml` (the one place they are kept).
//!
//! `cargo xtask build-renderer` prints the table; `cargo xtask check-assets` (CI) fails when
//! an asset or page exceeds its budget. `cargo xtask sizes` prints and checks the committed
//! assets and the pages built from them.
use crate::sh::root;
use serde::Deserialize;
use std::fs;
use std::path::Path;
use std::process::Command;

/// The budget file, relative to the workspace root.
pub const BUDGETS: &str = "prefab-renderer/budgets.toml";

/// The limits of one budgeted item (an asset, or a page `cargo xtask pages` writes), in
/// bytes: `raw = N` and `gzip = N` (`gzip -9 -n`), either optional.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Limits {
    raw: Option<usize>,
    gzip: Option<usize>,
}

/// The budgets in `text` (a `["name"]` table per item), in file order.
fn parse(text: &str) -> Result<Vec<(String, Limits)>, String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| format!("{BUDGETS}: {e}"))?;
    table
        .into_iter()
        .map(|(name, value)| {
            let limits = value
                .try_into()
                .map_err(|e| format!("{BUDGETS}: [\"{name}\"]: {e}"))?;
            Ok((name, limits))
        })
        .collect()
}

/// The messages for an item of `raw` and `gzip` bytes over its `limits` (none when within).
fn over(name: &str, raw: usize, gzip: usize, limits: &Limits) -> Vec<String> {
    [("raw", raw, limits.raw), ("gzip", gzip, limits.gzip)]
        .into_iter()
        .filter_map(|(what, size, limit)| {
            let limit = limit.filter(|&l| size > l)?;
            Some(format!("{name}: {what} {size} bytes > budget {limit}"))
        })
        .collect()
}

/// Prints every budgeted item found in `dirs` (first match wins) with its budget, and
/// fails naming each one over budget.
pub fn report(dirs: &[&Path]) -> Result<(), String> {
    let path = root().join(BUDGETS);
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "{:<22} {:>9} {:>9} {:>9} {:>9}",
        "asset", "raw", "budget", "gzip -9", "budget"
    );
    let mut messages = Vec::new();
    for (name, limits) in parse(&text)? {
        let Some(path) = dirs.iter().map(|d| d.join(&name)).find(|p| p.exists()) else {
            messages.push(format!("{name}: not found"));
            continue;
        };
        let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (raw, gzip) = (bytes.len(), gzip(&bytes)?.len());
        let show = |b: Option<usize>| b.map_or_else(|| "-".to_string(), |b| b.to_string());
        eprintln!(
            "{name:<22} {raw:>9} {:>9} {gzip:>9} {:>9}",
            show(limits.raw),
            show(limits.gzip)
        );
        messages.extend(over(&name, raw, gzip, &limits));
    }
    if messages.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "size budget exceeded ({BUDGETS}):\n  {}",
            messages.join("\n  ")
        ))
    }
}

/// `bytes` compressed by `gzip -9 -n` (the system gzip: the measure the budgets were set in).
pub fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    crate::sh::filter(Command::new("gzip").args(["-9", "-n", "-c"]), bytes)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_file_parses_in_file_order_with_every_item_limited() {
        let text = fs::read_to_string(root().join(BUDGETS)).unwrap();
        let budgets = parse(&text).unwrap();
        assert_eq!(budgets[0].0, "renderer_bg.wasm");
        assert!(
            budgets
                .iter()
                .any(|(name, _)| name == "viewer-default.html")
        );
        for (name, limits) in &budgets {
            assert!(limits.raw.is_some() || limits.gzip.is_some(), "{name}");
        }
    }

    #[test]
    fn budgets_are_tables_of_raw_and_gzip_byte_counts() {
        let text = "# note\n[\"b.js\"]\nraw = 2_000 # two\n[\"a.wasm\"]\ngzip = 10\n";
        assert_eq!(
            parse(text).unwrap(),
            [
                (
                    "b.js".to_string(),
                    Limits {
                        raw: Some(2000),
                        gzip: None
                    }
                ),
                (
                    "a.wasm".to_string(),
                    Limits {
                        raw: None,
                        gzip: Some(10)
                    }
                ),
            ]
        );
        for (bad, says) in [
            ("[\"a\"]\nbrotli = 1\n", "brotli"),
            ("[\"a\"]\nraw = \"big\"\n", "[\"a\"]"),
            ("raw = 1\n", "raw"),
            ("[\"a\"]\nraw = -1\n", "[\"a\"]"),
            ("[\"a\"\n", BUDGETS),
        ] {
            let err = parse(bad).unwrap_err();
            assert!(err.contains(says), "{bad:?}: {err}");
        }
    }

    #[test]
    fn an_item_over_either_limit_is_named() {
        let limits = Limits {
            raw: Some(100),
            gzip: Some(50),
        };
        assert!(over("a", 100, 50, &limits).is_empty());
        assert_eq!(
            over("a", 101, 50, &limits),
            ["a: raw 101 bytes > budget 100"]
        );
        assert_eq!(over("a", 1, 51, &limits), ["a: gzip 51 bytes > budget 50"]);
        let none = Limits {
            raw: None,
            gzip: None,
        };
        assert!(over("a", 1 << 30, 1 << 30, &none).is_empty());
    }
}
