//! URL checks: parse with the browser's URL parser first (which strips tabs and newlines,
//! resolves escapes, lower-cases the scheme), then allow only `http:`, `https:`, `mailto:`.

/// The normalised URL if it is absolute and uses an allowed scheme.
///
/// `java\tscript:alert(1)` is `javascript:` after parsing, so it is refused.
#[must_use]
pub fn safe_link(raw: &str) -> Option<String> {
    let url = crate::dom::Url::new(raw.trim()).ok()?;
    match url.protocol().as_str() {
        "http:" | "https:" | "mailto:" => Some(url.href()),
        _ => None,
    }
}

/// The origin (`https://example.com`) of an absolute http(s) URL.
#[must_use]
pub fn http_origin(raw: &str) -> Option<(String, String)> {
    let url = crate::dom::Url::new(raw.trim()).ok()?;
    match url.protocol().as_str() {
        "http:" | "https:" => Some((url.href(), url.origin())),
        _ => None,
    }
}

/// The normalised URL of a media source (`src`, `poster`), resolved against the document:
/// `http:`/`https:`, or a `data:` URL whose type starts with `data_type` (e.g. `image/`;
/// empty refuses every `data:` URL). `javascript:`, `data:text/html`, `blob:`, … are refused.
#[must_use]
pub fn safe_src(raw: &str, data_type: &str) -> Option<String> {
    let base = crate::dom::document().and_then(|d| d.base_uri().ok().flatten());
    let url = match base {
        Some(base) => crate::dom::Url::new_with_base(raw.trim(), &base),
        None => crate::dom::Url::new(raw.trim()),
    }
    .ok()?;
    let href = url.href();
    match url.protocol().as_str() {
        "http:" | "https:" => Some(href),
        "data:"
            if !data_type.is_empty()
                && href
                    .get(5..5 + data_type.len())
                    .is_some_and(|t| t.eq_ignore_ascii_case(data_type)) =>
        {
            Some(href)
        }
        _ => None,
    }
}
