//! Replays the fuzz seeds and every input kept in `fuzz/regressions/` (inputs a fuzz target
//! once failed on) through the targets' invariants, which `fuzz/src/lib.rs` defines and
//! this file includes. The `renderer_json` target's inputs need `prefab-renderer` and are
//! replayed by running that target (`cargo xtask fuzz`).
#![allow(clippy::unwrap_used)]

#[path = "../../fuzz/src/lib.rs"]
mod checks;

use std::path::Path;

/// Every file in `fuzz/<folder>/<target>/` (none when the folder does not exist).
fn inputs(folder: &str, target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(folder)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    files
}

fn replay(target: &str, check: fn(&[u8])) {
    let mut all = inputs("seeds", target);
    all.extend(inputs("regressions", target));
    assert!(!all.is_empty(), "no inputs for {target}");
    for (name, data) in all {
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            panic!("{name} breaks the {target} invariants");
        }
    }
}

#[test]
fn wire_inputs_hold() {
    replay("wire", checks::wire);
}

#[test]
fn expression_inputs_hold() {
    replay("expr", checks::expr);
}

#[test]
fn fallback_inputs_hold() {
    replay("fallback", checks::fallback);
}
