//! Every vector of `conformance/` (expressions, interpolation, conditions,
//! interpolate-props), read from disk at run time.
#![allow(clippy::unwrap_used)]

mod conformance;

use std::path::PathBuf;

fn read(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../conformance")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn all_conformance_vectors_pass() {
    let (e, i, c, p) = (
        read("expressions.json"),
        read("interpolation.json"),
        read("conditions.json"),
        read("interpolate-props.json"),
    );
    let report = conformance::run(&conformance::Files {
        expressions: &e,
        interpolation: &i,
        conditions: &c,
        props: &p,
    });
    for (id, why) in conformance::SKIPPED {
        eprintln!("skipped {id}: {why}");
    }
    assert!(
        report.failures.is_empty(),
        "{} passed, {} failed:\n{}",
        report.passed,
        report.failures.len(),
        report.failures.join("\n")
    );
    assert_eq!(report.skipped, conformance::SKIPPED.len());
    eprintln!(
        "{} vectors passed, {} skipped",
        report.passed, report.skipped
    );
}

#[test]
fn the_matches_pipe_is_javascripts_regexp_test() {
    conformance::check_matches();
}
