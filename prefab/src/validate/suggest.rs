//! Short descriptions of JSON values and "did you mean" suggestions for messages.

use serde_json::Value;

/// Describes a value for an error message: `number 5`, `string "abc"`, `an array of 2`, ….
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => {
            let short: String = s.chars().take(40).collect();
            if short.len() < s.len() {
                format!("string {short:?}…")
            } else {
                format!("string {s:?}")
            }
        }
        Value::Array(a) => format!("an array of {} item(s)", a.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// ` (did you mean "X"?)` for the closest candidate, or an empty string.
pub(crate) fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    let lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .iter()
        .map(|c| (edit_distance(&lower, &c.to_lowercase()), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| format!(" (did you mean {c:?}?)"))
        .unwrap_or_default()
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
}
