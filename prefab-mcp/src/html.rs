//! The viewer document: self-contained (the default) or loading the renderer from a CDN.
use prefab::page::Engines;
use std::fmt;

/// Where a viewer's renderer comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Delivery {
    /// Renderer engines (see [`Engines`]) and CSS inlined: works under a host's
    /// `connect-src 'none'` and without any declared resource origin.
    SelfContained(Engines),
    /// The bundle of `cargo xtask cdn-bundle` loaded from `base` with subresource
    /// integrity ([`prefab::page::cdn_viewer_html`]); the CDN origin is declared in
    /// `resourceDomains` (stylesheet and scripts) and `connectDomains` (the wasm engine).
    Cdn { base: String, origin: String },
}

/// The HTML document for `delivery`.
pub(crate) fn render(delivery: &Delivery) -> Result<String, ViewerError> {
    Ok(match delivery {
        Delivery::SelfContained(engines) => prefab::page::viewer_html_with(*engines),
        // `base` was checked by `cdn_origin` to hold only URL-safe characters.
        Delivery::Cdn { base, .. } => prefab::page::cdn_viewer_html(base),
    })
}

/// Splits a CDN base URL into its normalised form (no trailing `/`) and its origin
/// (`https://host[:port]`, lowercased). Only `https` is accepted: the host frame would
/// refuse anything else, and other schemes could smuggle code.
pub(crate) fn cdn_origin(base: &str) -> Result<(String, String), ViewerError> {
    let error = |reason: &str| ViewerError {
        input: base.to_owned(),
        reason: reason.to_owned(),
    };
    let trimmed = base.trim();
    let Some((scheme, rest)) = trimmed.split_once("://") else {
        return Err(error("expected an absolute https:// URL"));
    };
    if !scheme.eq_ignore_ascii_case("https") {
        return Err(error("only https:// CDN URLs are allowed"));
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let path = &rest[authority_end..];
    let host_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':');
    if authority.is_empty() || !authority.chars().all(host_char) {
        return Err(error("expected a plain host name after https://"));
    }
    if path.contains(['?', '#']) {
        return Err(error("a CDN base URL takes no query or fragment"));
    }
    // Only unreserved characters, `/` and `%`: the URL is then safe to place in an HTML
    // attribute as it is.
    let path_char = |c: char| {
        c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~' | '/' | '%' | '@' | '+')
    };
    if !path.chars().all(path_char) {
        return Err(error(
            "the path may only hold letters, digits and - . _ ~ / % @ +",
        ));
    }
    let origin = format!("https://{}", authority.to_ascii_lowercase());
    let base = format!("{origin}{}", path.trim_end_matches('/'));
    Ok((base, origin))
}

/// A viewer could not be configured as asked.
///
/// ```
/// let err = prefab_mcp::Viewer::cdn("http://cdn.example.com/prefab").unwrap_err();
/// assert!(err.to_string().contains("http://cdn.example.com/prefab"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewerError {
    /// The value that was rejected.
    pub input: String,
    /// Why.
    pub reason: String,
}

impl fmt::Display for ViewerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid viewer setting {:?}: {}",
            self.input, self.reason
        )
    }
}

impl std::error::Error for ViewerError {}

/// Every place in `html` that would make the browser load something from another origin:
/// `src`/`href`/`action` attributes, CSS `url(…)` and `@import`, and JS `import` of an
/// absolute or protocol-relative URL. Plain strings (such as the SVG namespace URI) are not
/// loads and are not reported.
///
/// ```
/// let html = r#"<script src="https://cdn.example.com/a.js"></script><svg xmlns="http://www.w3.org/2000/svg"></svg>"#;
/// assert_eq!(prefab_mcp::remote_references(html), vec!["src=\"https://cdn.example.com/a.js"]);
/// assert!(prefab_mcp::remote_references(&prefab_mcp::Viewer::new().html()).is_empty());
/// ```
#[must_use]
pub fn remote_references(html: &str) -> Vec<String> {
    const OPENERS: [&str; 8] = [
        "src=", "href=", "action=", "srcset=", "url(", "@import", "import(", "from",
    ];
    let lower = html.to_ascii_lowercase();
    let mut found = Vec::new();
    for opener in OPENERS {
        let mut from = 0;
        while let Some(pos) = lower[from..].find(opener) {
            let start = from + pos;
            let after = start + opener.len();
            let value = lower[after..].trim_start_matches([' ', '\t', '\n', '"', '\'', '(']);
            if value.starts_with("http:") || value.starts_with("https:") || value.starts_with("//")
            {
                let skipped = lower.len() - after - value.len();
                let end = (after
                    + skipped
                    + value
                        .find(['"', '\'', ' ', ')', '>'])
                        .unwrap_or(value.len()))
                .min(html.len());
                found.push(html[start..end].to_owned());
            }
            from = after;
        }
    }
    found
}
