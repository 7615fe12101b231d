//! The answers of the resource server itself: `401`/`403` with `WWW-Authenticate` (RFC 6750
//! §3, RFC 9728 §5.1) and the RFC 9728 metadata document.
use super::Authorization;
use axum::body::Body;
use axum::http::{HeaderValue, Response, StatusCode, header};
use serde_json::json;

/// What a `WWW-Authenticate: Bearer` challenge says.
#[derive(Debug, Clone, Default)]
pub(super) struct Challenge {
    /// `invalid_token`, `insufficient_scope` or none (no credentials were sent).
    pub(super) error: Option<&'static str>,
    pub(super) description: Option<String>,
    /// Scopes the request needs.
    pub(super) scope: Vec<String>,
}

/// `text` as an RFC 9110 quoted-string, with characters a header cannot carry dropped.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars().filter(|c| *c == ' ' || c.is_ascii_graphic()) {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

impl Challenge {
    /// The header value, naming the metadata at `metadata_url`.
    fn header(&self, metadata_url: &str) -> String {
        let mut params = Vec::new();
        if let Some(error) = self.error {
            params.push(format!("error={}", quoted(error)));
        }
        if let Some(description) = &self.description {
            params.push(format!("error_description={}", quoted(description)));
        }
        if !self.scope.is_empty() {
            params.push(format!("scope={}", quoted(&self.scope.join(" "))));
        }
        params.push(format!("resource_metadata={}", quoted(metadata_url)));
        format!("Bearer {}", params.join(", "))
    }

    /// The answer: `status` with the challenge and a JSON body of the same error.
    pub(super) fn response(&self, status: StatusCode, metadata_url: &str) -> Response<Body> {
        let body = json!({
            "error": self.error.unwrap_or("invalid_request"),
            "error_description": self.description.as_deref()
                .unwrap_or("this endpoint needs an OAuth bearer token"),
        });
        let mut response = Response::new(Body::from(body.to_string()));
        *response.status_mut() = status;
        let h = response.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if let Ok(value) = HeaderValue::from_str(&self.header(metadata_url)) {
            h.insert(header::WWW_AUTHENTICATE, value);
        }
        response
    }
}

/// The RFC 9728 document for `config`.
pub(super) fn metadata(config: &Authorization) -> serde_json::Value {
    let mut document = json!({
        "resource": config.resource,
        "authorization_servers": [config.issuer],
        "bearer_methods_supported": ["header"],
    });
    let scopes = config.all_scopes();
    if !scopes.is_empty() {
        document["scopes_supported"] = json!(scopes);
    }
    document
}

#[cfg(test)]
mod tests {
    use super::Challenge;

    #[test]
    fn challenges_quote_their_parameters() {
        let none = Challenge::default();
        assert_eq!(
            none.header("https://x/.well-known/oauth-protected-resource/mcp"),
            r#"Bearer resource_metadata="https://x/.well-known/oauth-protected-resource/mcp""#
        );
        let scope = Challenge {
            error: Some("insufficient_scope"),
            description: Some("needs \"write\"\n".into()),
            scope: vec!["read".into(), "write".into()],
        };
        assert_eq!(
            scope.header("m"),
            r#"Bearer error="insufficient_scope", error_description="needs \"write\"", scope="read write", resource_metadata="m""#
        );
    }
}
