//! Names of props: a Rust field's wire key (`button_type` ↔ `buttonType`) and a data key's
//! human label (`created_at` → `Created at`).

use std::borrow::Cow;

/// The wire key of a Rust field name: `r#let` → `let`, `button_type` → `buttonType`.
pub(crate) fn wire_key(rust: &str) -> Cow<'_, str> {
    let rust = rust.strip_prefix("r#").unwrap_or(rust);
    if !rust.contains('_') {
        return Cow::Borrowed(rust);
    }
    let mut out = String::with_capacity(rust.len());
    let mut upper = false;
    for c in rust.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `true` when `key` is the wire (camelCase) name of the Rust field `rust`
/// (`button_type` ↔ `buttonType`, `r#let` ↔ `let`), compared without allocating.
pub(crate) fn is_wire_key(rust: &str, key: &str) -> bool {
    let rust = rust.strip_prefix("r#").unwrap_or(rust);
    let mut k = key.chars();
    let mut upper = false;
    for c in rust.chars() {
        if c == '_' {
            upper = true;
            continue;
        }
        let want = if upper { c.to_ascii_uppercase() } else { c };
        upper = false;
        if k.next() != Some(want) {
            return false;
        }
    }
    k.next().is_none()
}

/// `created_at` → `Created at`, `userId` → `User ID`, `HTTPStatus` → `HTTP status`: words
/// split at `_`, `-`, `.`, spaces and case changes, the first capitalised, the rest lower case
/// except common acronyms (ID, URL, API, UUID, HTTP, JSON, SQL, …) and their plurals
/// (`user_ids` → `User IDs`).
///
/// ```
/// assert_eq!(prefab::auto::humanize("created_at"), "Created at");
/// assert_eq!(prefab::auto::humanize("userId"), "User ID");
/// assert_eq!(prefab::auto::humanize("receipt_url"), "Receipt URL");
/// assert_eq!(prefab::auto::humanize("total-count"), "Total count");
/// ```
#[must_use]
pub fn humanize(key: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = key.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if matches!(c, '_' | '-' | ' ' | '.') {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            continue;
        }
        let prev_lower = i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
        let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
        let prev_upper = i > 0 && chars[i - 1].is_uppercase();
        if c.is_uppercase() && !current.is_empty() && (prev_lower || (prev_upper && next_lower)) {
            words.push(std::mem::take(&mut current));
        }
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    let mut out = words
        .iter()
        .map(|word| acronym(word).unwrap_or_else(|| word.clone()))
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(first) = out.chars().next() {
        let upper: String = first.to_uppercase().collect();
        out.replace_range(..first.len_utf8(), &upper);
    }
    out
}

/// The words [`humanize`] writes in capitals (matched lower case, as it splits them).
const ACRONYMS: &[&str] = &[
    "id", "url", "uri", "api", "uuid", "guid", "http", "https", "json", "html", "css", "xml",
    "csv", "pdf", "sql", "ip", "ui", "ux", "sku", "iso", "utc", "gmt", "ttl", "jwt", "dns", "tcp",
    "udp", "ssh", "ssl", "tls", "cpu", "gpu", "ram", "sms", "mcp", "llm", "ai", "faq", "vat",
    "usd", "eur", "gbp",
];

/// `word` (lower case) in capitals if it is one of [`ACRONYMS`] or the plural of one
/// (`ids` → `IDs`).
fn acronym(word: &str) -> Option<String> {
    if ACRONYMS.contains(&word) {
        return Some(word.to_ascii_uppercase());
    }
    let singular = word.strip_suffix('s')?;
    ACRONYMS
        .contains(&singular)
        .then(|| format!("{}s", singular.to_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::{humanize, is_wire_key};

    #[test]
    fn humanize_keeps_acronyms() {
        for (key, want) in [
            ("receipt_url", "Receipt URL"),
            ("id", "ID"),
            ("ID", "ID"),
            ("user_ids", "User IDs"),
            ("apiKey", "API key"),
            ("HTTPStatus", "HTTP status"),
            ("request_uuid", "Request UUID"),
            ("raw-json", "Raw JSON"),
            ("identity", "Identity"),
            ("idea", "Idea"),
            ("status", "Status"),
            ("created_at", "Created at"),
        ] {
            assert_eq!(humanize(key), want, "{key}");
        }
    }

    #[test]
    fn matches_camel_case_wire_keys() {
        assert!(is_wire_key("button_type", "buttonType"));
        assert!(is_wire_key("r#let", "let"));
        assert!(is_wire_key("show_y_axis", "showYAxis"));
        assert!(is_wire_key("$ref", "$ref"));
        assert!(!is_wire_key("button_type", "button_type"));
        assert!(!is_wire_key("label", "labels"));
        assert!(!is_wire_key("labels", "label"));
    }
}
