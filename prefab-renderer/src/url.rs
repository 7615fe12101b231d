//! URL checks: parse with the browser's URL parser first (which strips tabs and newlines,
//! resolves escapes, lower-cases the scheme), then allow only `http:`, `https:`, `mailto:`.

/// The normalised URL if it is absolute and uses an allowed scheme.
///
/// `java\tscript:alert(1)` is `javascript:` after parsing, so it is refused.
#[must_use]
pub fn safe_link(raw: &str) -> Option<String> {
    let url = web_sys::Url::new(raw.trim()).ok()?;
    match url.protocol().as_str() {
        "http:" | "https:" | "mailto:" => Some(url.href()),
        _ => None,
    }
}

/// The origin (`https://example.com`) of an absolute http(s) URL.
#[must_use]
pub fn http_origin(raw: &str) -> Option<(String, String)> {
    let url = web_sys::Url::new(raw.trim()).ok()?;
    match url.protocol().as_str() {
        "http:" | "https:" => Some((url.href(), url.origin())),
        _ => None,
    }
}
