//! Short descriptions of JSON values and "did you mean" suggestions for messages.

use serde_json::Value;

/// The longest text echoed whole in a message; longer text is cut (see [`quoted`]).
pub(crate) const MAX_ECHO: usize = 40;
/// Names longer than this (in chars) get no "did you mean" (no candidate is that long).
pub(crate) const MAX_SUGGEST_LEN: usize = 64;
/// How many candidates one suggestion compares at most.
pub(crate) const MAX_CANDIDATES: usize = 256;
/// Edit-distance cells (name length × candidate length) one validation may spend on
/// suggestions; once spent, further unknown names get none. Keeps validation linear.
pub(crate) const SUGGEST_BUDGET: usize = 2_000_000;

/// Describes a value for an error message: `number 5`, `string "abc"`, `an array of 2`, ….
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => format!("string {}", quoted(s)),
        Value::Array(a) => format!("an array of {} item(s)", a.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// `s` quoted for a message; text longer than [`MAX_ECHO`] chars is cut and marked
/// (`"abc"… (1000 chars)`), so a huge name never makes a huge message.
pub(crate) fn quoted(s: &str) -> String {
    match s.char_indices().nth(MAX_ECHO) {
        None => format!("{s:?}"),
        Some((cut, _)) => format!("{:?}… ({} chars)", &s[..cut], s.chars().count()),
    }
}

/// ` (did you mean "X"?)` for the closest candidate, or an empty string. Uses a fresh
/// budget: for one-off messages; walks share one with [`did_you_mean_within`].
pub(crate) fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    let mut budget = SUGGEST_BUDGET;
    did_you_mean_within(word, candidates, &mut budget)
}

/// ` (did you mean "X"?)` for [`closest_within`]'s candidate, or an empty string.
pub(crate) fn did_you_mean_within(word: &str, candidates: &[&str], budget: &mut usize) -> String {
    hint(closest_within(word, candidates, budget))
}

/// ` (did you mean "X"?)` for a suggestion, or an empty string for none.
pub(crate) fn hint(suggestion: Option<&str>) -> String {
    suggestion
        .map(|c| format!(" (did you mean {c:?}?)"))
        .unwrap_or_default()
}

/// The candidate closest to `word` (within a third of its length, at least 2 edits), spending
/// at most `budget` edit-distance cells (and taking them from it). Long names and candidates
/// whose length differs too much are skipped for free.
pub(crate) fn closest_within<'c>(
    word: &str,
    candidates: &[&'c str],
    budget: &mut usize,
) -> Option<&'c str> {
    let len = word.chars().count();
    if len > MAX_SUGGEST_LEN {
        return None;
    }
    let lower = word.to_lowercase();
    let limit = (len / 3).max(2);
    let mut best: Option<(usize, &'c str)> = None;
    for candidate in candidates.iter().take(MAX_CANDIDATES) {
        let other = candidate.chars().count();
        if other.abs_diff(len) > limit {
            continue;
        }
        let cost = (len + 1) * (other + 1);
        if cost > *budget {
            break;
        }
        *budget -= cost;
        let d = edit_distance(&lower, &candidate.to_lowercase());
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, *candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let names = ["Button", "ButtonGroup", "Badge"];
        assert_eq!(did_you_mean("Buttn", &names), " (did you mean \"Button\"?)");
        assert_eq!(
            did_you_mean("button", &names),
            " (did you mean \"Button\"?)"
        );
        assert_eq!(did_you_mean("Spreadsheet", &names), "");
    }

    #[test]
    fn long_names_cost_nothing_and_are_cut_in_messages() {
        let long = "B".repeat(1000);
        let mut budget = 100;
        assert_eq!(did_you_mean_within(&long, &["Button"], &mut budget), "");
        assert_eq!(budget, 100);
        let message = quoted(&"x".repeat(1_000_000));
        assert!(message.len() < 64, "{message}");
        assert!(message.ends_with("… (1000000 chars)"));
        assert_eq!(quoted("Buttn"), "\"Buttn\"");
    }

    #[test]
    fn suggestions_stop_when_the_budget_is_spent() {
        let names = ["Button"];
        let mut budget = 6 * 7 + 1;
        assert_eq!(
            did_you_mean_within("Buttn", &names, &mut budget),
            " (did you mean \"Button\"?)"
        );
        assert_eq!(budget, 1);
        assert_eq!(did_you_mean_within("Buttn", &names, &mut budget), "");
        assert_eq!(budget, 1);
    }
}
