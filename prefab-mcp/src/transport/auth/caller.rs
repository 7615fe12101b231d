//! [`Caller`]: who called, as the validated token says, handed to tools through the request
//! context; and [`OnBehalfOf`], which carries the caller's token to allowed origins only.
use axum::http::HeaderValue;
use rmcp::RoleServer;
use rmcp::service::RequestContext;
use serde_json::{Map, Value};
use std::fmt;
use std::sync::Arc;

/// The caller of one request, from its validated access token.
///
/// The transport puts it into the HTTP request's extensions; rmcp hands the request's
/// `http::request::Parts` to the handler in its [`RequestContext`], where
/// [`Caller::from_context`] finds it.
///
/// ```
/// # use rmcp::{RoleServer, service::RequestContext};
/// # fn tool(context: &RequestContext<RoleServer>) -> String {
/// use prefab_mcp::transport::auth::Caller;
/// match Caller::from_context(context) {
///     Some(caller) => format!("hello {}", caller.subject().unwrap_or("client")),
///     None => "no authorization on this endpoint".into(),
/// }
/// # }
/// ```
#[derive(Clone)]
pub struct Caller {
    subject: Option<String>,
    client_id: Option<String>,
    scopes: Vec<String>,
    claims: Map<String, Value>,
    token: Arc<str>,
    forward: Arc<Forwarding>,
}

/// Where [`OnBehalfOf`] may send tokens, and the client it sends them with.
pub(super) struct Forwarding {
    pub(super) origins: Vec<url::Origin>,
    pub(super) client: reqwest::Client,
}

impl Forwarding {
    /// The allowed origins of `entries`; entries that are no URL are left out.
    pub(super) fn new(entries: &[String], client: reqwest::Client) -> Self {
        Forwarding {
            origins: entries
                .iter()
                .filter_map(|e| url::Url::parse(e).ok())
                .map(|u| u.origin())
                .collect(),
            client,
        }
    }
}

impl Caller {
    /// The caller described by validated `claims` (a JWT's claims or an introspection
    /// answer), who presented `token`.
    pub(super) fn new(claims: Map<String, Value>, token: &str, forward: Arc<Forwarding>) -> Self {
        let text = |name: &str| claims.get(name).and_then(Value::as_str).map(str::to_owned);
        Caller {
            subject: text("sub"),
            client_id: text("client_id").or_else(|| text("azp")),
            scopes: scopes_of(&claims),
            claims,
            token: Arc::from(token),
            forward,
        }
    }

    /// The caller of the request `context` belongs to; `None` when the endpoint has no
    /// authorization (or the handler is not served over HTTP).
    #[must_use]
    pub fn from_context(context: &RequestContext<RoleServer>) -> Option<&Caller> {
        context
            .extensions
            .get::<axum::http::request::Parts>()?
            .extensions
            .get::<Caller>()
    }

    /// The `sub` claim: the user (or, for client credentials, often the client).
    #[must_use]
    pub fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }

    /// The OAuth client the token was issued to (`client_id`, or OIDC's `azp`).
    #[must_use]
    pub fn client_id(&self) -> Option<&str> {
        self.client_id.as_deref()
    }

    /// The granted scopes (`scope`, space-separated, or `scp`).
    #[must_use]
    pub fn scopes(&self) -> &[String] {
        &self.scopes
    }

    /// Whether `scope` was granted.
    #[must_use]
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scopes.iter().any(|s| s == scope)
    }

    /// Every claim of the token (or introspection answer) as it was validated.
    #[must_use]
    pub fn claims(&self) -> &Map<String, Value> {
        &self.claims
    }

    /// A client that calls allowed upstream origins with the caller's token.
    #[must_use]
    pub fn on_behalf_of(&self) -> OnBehalfOf {
        OnBehalfOf {
            token: self.token.clone(),
            forward: self.forward.clone(),
        }
    }
}

impl fmt::Debug for Caller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Caller")
            .field("subject", &self.subject)
            .field("client_id", &self.client_id)
            .field("scopes", &self.scopes)
            .finish_non_exhaustive()
    }
}

/// The granted scopes of `claims`: RFC 9068's `scope` string or an `scp` list or string.
fn scopes_of(claims: &Map<String, Value>) -> Vec<String> {
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    match (claims.get("scope"), claims.get("scp")) {
        (Some(Value::String(text)), _) | (None, Some(Value::String(text))) => words(text),
        (None, Some(Value::Array(list))) => list
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}

/// Calls upstream APIs as the caller: requests to an origin listed in
/// [`Authorization::forward_origins`](super::Authorization::forward_origins) carry the
/// caller's bearer token; any other URL is refused, so the token never leaves for a host
/// the server did not name. Redirects are not followed.
///
/// Forward a token only to a service that accepts tokens issued for this resource (one that
/// shares its audience); MCP forbids passing tokens through to services they were not
/// issued for.
///
/// ```no_run
/// # async fn tool(caller: &prefab_mcp::transport::auth::Caller) -> Result<(), Box<dyn std::error::Error>> {
/// let upstream = caller.on_behalf_of();
/// let boards = upstream.get("https://api.example.com/boards")?.send().await?;
/// # let _ = boards; Ok(()) }
/// ```
#[derive(Clone)]
pub struct OnBehalfOf {
    token: Arc<str>,
    forward: Arc<Forwarding>,
}

impl OnBehalfOf {
    /// The `Authorization` header value for a request to `url`, if its origin is allowed.
    ///
    /// # Errors
    /// When `url` is no absolute URL or its origin is not allowed.
    pub fn bearer_for(&self, url: &str) -> Result<HeaderValue, ForwardError> {
        let parsed = url::Url::parse(url).map_err(|_| ForwardError::not_allowed(url))?;
        if !self.forward.origins.contains(&parsed.origin()) {
            return Err(ForwardError::not_allowed(url));
        }
        let mut value = HeaderValue::from_str(&format!("Bearer {}", self.token))
            .map_err(|_| ForwardError::not_allowed(url))?;
        value.set_sensitive(true);
        Ok(value)
    }

    /// A request builder for `method` on `url` with the caller's token.
    ///
    /// # Errors
    /// As [`OnBehalfOf::bearer_for`].
    pub fn request(
        &self,
        method: reqwest::Method,
        url: &str,
    ) -> Result<reqwest::RequestBuilder, ForwardError> {
        let bearer = self.bearer_for(url)?;
        Ok(self
            .forward
            .client
            .request(method, url)
            .header(reqwest::header::AUTHORIZATION, bearer))
    }

    /// A `GET` of `url` with the caller's token.
    ///
    /// # Errors
    /// As [`OnBehalfOf::bearer_for`].
    pub fn get(&self, url: &str) -> Result<reqwest::RequestBuilder, ForwardError> {
        self.request(reqwest::Method::GET, url)
    }
}

impl fmt::Debug for OnBehalfOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnBehalfOf")
            .field("origins", &self.forward.origins)
            .finish_non_exhaustive()
    }
}

/// A URL [`OnBehalfOf`] does not send the caller's token to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForwardError {
    /// The URL asked for.
    pub url: String,
}

impl ForwardError {
    fn not_allowed(url: &str) -> Self {
        ForwardError {
            url: url.to_owned(),
        }
    }
}

impl fmt::Display for ForwardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: not an origin the caller's token may be forwarded to",
            self.url
        )
    }
}

impl std::error::Error for ForwardError {}

#[cfg(test)]
mod tests {
    use super::{Caller, Forwarding};
    use serde_json::json;
    use std::sync::Arc;

    fn caller(claims: serde_json::Value) -> Caller {
        let forward = Forwarding::new(&["https://api.example.com".into()], reqwest::Client::new());
        let claims = claims.as_object().cloned().unwrap_or_default();
        Caller::new(claims, "secret-token", Arc::new(forward))
    }

    #[test]
    fn scopes_come_from_scope_or_scp() {
        assert_eq!(caller(json!({"scope": "a b"})).scopes(), ["a", "b"]);
        assert_eq!(caller(json!({"scp": ["a", "c"]})).scopes(), ["a", "c"]);
        assert!(caller(json!({})).scopes().is_empty());
        let c = caller(json!({"sub": "u1", "azp": "app"}));
        assert_eq!((c.subject(), c.client_id()), (Some("u1"), Some("app")));
    }

    #[test]
    fn the_token_goes_to_allowed_origins_only_and_never_into_debug() {
        let c = caller(json!({"sub": "u1"}));
        let upstream = c.on_behalf_of();
        assert!(upstream.bearer_for("https://api.example.com/x").is_ok());
        assert!(upstream.bearer_for("https://api.example.com:443/x").is_ok());
        for url in [
            "http://api.example.com/x",
            "https://api.example.com.evil.example/x",
            "https://evil.example/x",
            "/relative",
        ] {
            let err = upstream.bearer_for(url).err();
            assert!(
                err.is_some_and(|e| !e.to_string().contains("secret-token")),
                "{url}"
            );
        }
        assert!(!format!("{c:?} {upstream:?}").contains("secret-token"));
    }
}
