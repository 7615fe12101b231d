//! The top-level README's comparison of the two expenses apps: its line counts are the
//! counted ones, and the prefab-rs app stays within `LIMIT` times the FastMCP one.
//!
//! A line counts when it is neither blank nor a comment: in Rust (as rustfmt writes it,
//! which `cargo fmt --check` holds) a line starting with `//`, doc comments included, is a
//! comment; in Python (as written) a line starting with `#`. A Python docstring counts: it is
//! the tool's description, as `description = "…"` is in Rust.
use std::path::Path;

/// How many times the FastMCP app's lines the prefab-rs app may have: the counted ratio,
/// rounded up. Issue 37's goal of 1.2 is reached; lower it as the API gets shorter, never
/// raise it.
const LIMIT: f64 = 1.16;

/// Non-blank lines of `source` that do not start with `comment`.
fn count(source: &str, comment: &str) -> usize {
    source
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with(comment))
        .count()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The README's row `| lines | N | M | R× |` of the section on this example.
fn readme_row(readme: &str) -> (usize, usize, String) {
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("Side by side with FastMCP"))
        .expect("the README section \"Side by side with FastMCP\"");
    let row = section
        .lines()
        .find(|l| l.starts_with("| lines |"))
        .expect("a `| lines | … |` row in it");
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let number = |i: usize| -> usize {
        cells[i]
            .parse()
            .unwrap_or_else(|e| panic!("cell {i} of {row:?}: {e}"))
    };
    (number(2), number(3), cells[4].to_owned())
}

#[test]
fn the_readme_reports_the_counted_lines_and_ours_stay_within_the_limit() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours = count(&read(&here.join("src/main.rs")), "//");
    let theirs = count(&read(&here.join("server.py")), "#");
    let (readme_ours, readme_theirs, readme_ratio) =
        readme_row(&read(&here.join("../../README.md")));
    assert_eq!(
        (readme_ours, readme_theirs),
        (ours, theirs),
        "README (prefab-rs, FastMCP) vs counted"
    );
    #[allow(clippy::cast_precision_loss, reason = "line counts are small")]
    let ratio = ours as f64 / theirs as f64;
    assert_eq!(readme_ratio, format!("{ratio:.2}×"), "the README's ratio");
    assert!(
        ratio <= LIMIT,
        "prefab-rs {ours} lines, FastMCP {theirs}: {ratio:.2}× (limit {LIMIT}×)"
    );
}

#[test]
fn comments_and_blank_lines_are_not_counted() {
    assert_eq!(
        count("//! doc\n\nfn main() {}\n  // note\n/// x\n}\n", "//"),
        2
    );
    assert_eq!(
        count(
            "# c\n\nx = 1\n    # indented\ndef f():\n    \"\"\"Doc\"\"\"\n",
            "#"
        ),
        3
    );
}
