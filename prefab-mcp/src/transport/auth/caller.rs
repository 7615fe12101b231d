//! [`Caller`]: who called, as the validated token says, handed to tools through the request
//! context; and [`OnBehalfOf`], a client for a downstream API with a token exchanged for
//! the caller (RFC 8693), never the caller's own.
use super::discovery::{AuthServer, client_auth, read_json};
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
    exchange: Arc<Exchange>,
}

/// What [`Caller::on_behalf_of`] needs: the authorization server (its token endpoint),
/// this server's client credentials there, and the downstream APIs allowed.
pub(super) struct Exchange {
    pub(super) server: Arc<AuthServer>,
    pub(super) client_credentials: Option<(String, String)>,
    pub(super) audiences: Vec<String>,
}

/// RFC 8693's grant type and token type of an access token.
const TOKEN_EXCHANGE: &str = "urn:ietf:params:oauth:grant-type:token-exchange";
const ACCESS_TOKEN_TYPE: &str = "urn:ietf:params:oauth:token-type:access_token";

impl Caller {
    /// The caller described by validated `claims` (a JWT's claims or an introspection
    /// answer), who presented `token`.
    pub(super) fn new(claims: Map<String, Value>, token: &str, exchange: Arc<Exchange>) -> Self {
        let text = |name: &str| claims.get(name).and_then(Value::as_str).map(str::to_owned);
        Caller {
            subject: text("sub"),
            client_id: text("client_id").or_else(|| text("azp")),
            scopes: scopes_of(&claims),
            claims,
            token: Arc::from(token),
            exchange,
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

    /// A client for the downstream API `audience` (one of
    /// [`Authorization::downstream`](super::Authorization::downstream)) acting for the
    /// caller, with a token of its own: the caller's token is exchanged at the authorization
    /// server's token endpoint (RFC 8693, with this server's
    /// [`introspection_client`](super::Authorization::introspection_client) credentials)
    /// for one whose audience is `audience`. The caller's own token is never sent on (MCP
    /// forbids passing it through).
    ///
    /// ```no_run
    /// # async fn tool(caller: &prefab_mcp::transport::auth::Caller) -> Result<(), Box<dyn std::error::Error>> {
    /// let upstream = caller.on_behalf_of("https://api.example.com").await?;
    /// let boards = upstream.get("https://api.example.com/boards")?.send().await?;
    /// # let _ = boards; Ok(()) }
    /// ```
    ///
    /// # Errors
    /// `audience` is not listed (the authorization server is then not asked), no
    /// credentials are set, or the exchange fails: a refusal names the server's `error` code
    /// (`invalid_target`: it does not issue tokens for `audience` to this server;
    /// `invalid_grant`: it no longer takes the caller's token), and an answer that is no
    /// `Bearer` access token is refused.
    pub async fn on_behalf_of(&self, audience: &str) -> Result<OnBehalfOf, ForwardError> {
        let fail = |reason: String| ForwardError {
            url: audience.to_owned(),
            reason,
        };
        let exchange = &self.exchange;
        let origin = url::Url::parse(audience)
            .ok()
            .filter(|_| exchange.audiences.iter().any(|a| a == audience))
            .map(|u| u.origin())
            .ok_or_else(|| fail("not a downstream API of this server".into()))?;
        let Some(credentials) = &exchange.client_credentials else {
            return Err(fail("no client credentials to exchange tokens with".into()));
        };
        let metadata = exchange
            .server
            .metadata()
            .await
            .map_err(|e| fail(e.reason()))?;
        let endpoint = metadata
            .token_endpoint
            .ok_or_else(|| fail("the authorization server names no token_endpoint".into()))?;
        let form = [
            ("grant_type", TOKEN_EXCHANGE),
            ("subject_token", &self.token),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("requested_token_type", ACCESS_TOKEN_TYPE),
            ("audience", audience),
            ("resource", audience),
        ];
        let response = client_auth(exchange.server.client().post(&endpoint), credentials)
            .form(&form)
            .send()
            .await
            .map_err(|e| fail(format!("token exchange: {}", e.without_url())))?;
        let token = exchanged_token(response, &self.token)
            .await
            .map_err(|e| fail(format!("token exchange: {e}")))?;
        Ok(OnBehalfOf {
            token: Arc::from(token),
            origin,
            client: exchange.server.client().clone(),
        })
    }
}

/// The new access token of a token exchange answer (RFC 8693 §2.2.1), or why there is
/// none: a refusal names the authorization server's `error` code (RFC 6749 §5.2, never its
/// free text); an answer whose `issued_token_type` is not an access token, or whose
/// `token_type` is not `Bearer` (how the token is sent on), is refused too.
async fn exchanged_token(response: reqwest::Response, subject: &str) -> Result<String, String> {
    let status = response.status();
    let answer = read_json::<Map<String, Value>>(response).await;
    if !status.is_success() {
        let code = answer.ok().and_then(|a| {
            a.get("error")
                .and_then(Value::as_str)
                .filter(|c| is_error_code(c))
                .map(str::to_owned)
        });
        return Err(format!(
            "refused by the authorization server: {} (HTTP {})",
            code.as_deref().unwrap_or("no error code"),
            status.as_u16()
        ));
    }
    let answer = answer?;
    let text = |name: &str| answer.get(name).and_then(Value::as_str);
    if text("issued_token_type").is_some_and(|t| t != ACCESS_TOKEN_TYPE) {
        return Err("the issued_token_type is not an access token".into());
    }
    if text("token_type").is_some_and(|t| !t.eq_ignore_ascii_case("bearer")) {
        return Err("the token_type is not Bearer".into());
    }
    text("access_token")
        .filter(|t| !t.is_empty() && *t != subject)
        .map(str::to_owned)
        .ok_or_else(|| "no new access_token".into())
}

/// Whether `code` is an OAuth `error` value (RFC 6749 §5.2: printable ASCII without `"`
/// and `\\`), short enough to repeat in an error message.
fn is_error_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 64
        && code
            .bytes()
            .all(|b| matches!(b, 0x20..=0x21 | 0x23..=0x5B | 0x5D..=0x7E))
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

/// Calls one downstream API for the caller, with the token
/// [`Caller::on_behalf_of`] got for it: requests to that API's origin carry the token; any
/// other URL is refused, so the token never leaves for a host the server did not name.
/// Redirects are not followed.
///
/// ```no_run
/// # async fn tool(caller: &prefab_mcp::transport::auth::Caller) -> Result<(), Box<dyn std::error::Error>> {
/// let upstream = caller.on_behalf_of("https://api.example.com").await?;
/// let header = upstream.bearer_for("https://api.example.com/boards")?;
/// # let _ = header; Ok(()) }
/// ```
#[derive(Clone)]
pub struct OnBehalfOf {
    token: Arc<str>,
    origin: url::Origin,
    client: reqwest::Client,
}

impl OnBehalfOf {
    /// The `Authorization` header value for a request to `url`, if its origin is allowed.
    ///
    /// # Errors
    /// When `url` is no absolute URL or its origin is not allowed.
    pub fn bearer_for(&self, url: &str) -> Result<HeaderValue, ForwardError> {
        let parsed = url::Url::parse(url).map_err(|_| ForwardError::not_allowed(url))?;
        if parsed.origin() != self.origin {
            return Err(ForwardError::not_allowed(url));
        }
        let mut value = HeaderValue::from_str(&format!("Bearer {}", self.token))
            .map_err(|_| ForwardError::not_allowed(url))?;
        value.set_sensitive(true);
        Ok(value)
    }

    /// A request builder for `method` on `url` with the exchanged token.
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
            .client
            .request(method, url)
            .header(reqwest::header::AUTHORIZATION, bearer))
    }

    /// A `GET` of `url` with the exchanged token.
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
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

/// A downstream API or URL [`Caller::on_behalf_of`] or [`OnBehalfOf`] gets no token for.
///
/// ```
/// let err = prefab_mcp::transport::auth::ForwardError {
///     url: "https://evil.example".into(),
///     reason: "not a downstream API of this server".into(),
/// };
/// assert_eq!(err.to_string(), "https://evil.example: not a downstream API of this server");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForwardError {
    /// The API or URL asked for.
    pub url: String,
    /// Why not (it names no token).
    pub reason: String,
}

impl ForwardError {
    fn not_allowed(url: &str) -> Self {
        ForwardError {
            url: url.to_owned(),
            reason: "not the origin of the API the token was exchanged for".into(),
        }
    }
}

impl fmt::Display for ForwardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.url, self.reason)
    }
}

impl std::error::Error for ForwardError {}

#[cfg(test)]
mod tests {
    use super::{Caller, Exchange, OnBehalfOf, exchanged_token};
    use crate::transport::auth::discovery::AuthServer;
    use serde_json::json;
    use std::sync::Arc;
    use std::time::Duration;

    fn caller(claims: serde_json::Value) -> Caller {
        let server = AuthServer::new(
            "https://as.example",
            reqwest::Client::new(),
            Duration::ZERO,
            Duration::ZERO,
        );
        let exchange = Exchange {
            server: Arc::new(server),
            client_credentials: None,
            audiences: vec!["https://api.example.com".into()],
        };
        let claims = claims.as_object().cloned().unwrap_or_default();
        Caller::new(claims, "secret-token", Arc::new(exchange))
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
    fn the_exchanged_token_goes_to_its_api_only_and_never_into_debug() {
        let c = caller(json!({"sub": "u1"}));
        let upstream = OnBehalfOf {
            token: Arc::from("exchanged-token"),
            origin: url::Url::parse("https://api.example.com")
                .map(|u| u.origin())
                .expect("a URL"),
            client: reqwest::Client::new(),
        };
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
                err.is_some_and(|e| !e.to_string().contains("exchanged-token")),
                "{url}"
            );
        }
        assert!(!format!("{c:?} {upstream:?}").contains("secret-token"));
        assert!(!format!("{upstream:?}").contains("exchanged-token"));
    }

    /// What [`exchanged_token`] makes of an answer with `status` and JSON `body`.
    async fn exchanged(status: u16, body: &serde_json::Value) -> Result<String, String> {
        let response = axum::http::Response::builder()
            .status(status)
            .body(body.to_string())
            .expect("a response");
        exchanged_token(reqwest::Response::from(response), "subject-token").await
    }

    #[tokio::test]
    async fn an_exchange_answer_must_be_a_new_bearer_access_token() {
        let access = "urn:ietf:params:oauth:token-type:access_token";
        let good =
            json!({"access_token": "new", "issued_token_type": access, "token_type": "bearer"});
        assert_eq!(exchanged(200, &good).await.as_deref(), Ok("new"));
        for bad in [
            json!({"access_token": "new", "issued_token_type": "urn:ietf:params:oauth:token-type:id_token", "token_type": "Bearer"}),
            json!({"access_token": "new", "issued_token_type": access, "token_type": "DPoP"}),
            json!({"access_token": "subject-token", "token_type": "Bearer"}),
            json!({"access_token": "", "token_type": "Bearer"}),
            json!({"token_type": "Bearer"}),
        ] {
            assert!(exchanged(200, &bad).await.is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn a_refusal_names_the_error_code_only() {
        let refused =
            json!({"error": "invalid_target", "error_description": "subject-token is for alice"});
        let reason = exchanged(400, &refused).await.expect_err("refused");
        assert!(
            reason.contains("invalid_target") && reason.contains("400"),
            "{reason}"
        );
        assert!(!reason.contains("subject-token"), "{reason}");
        let odd = json!({"error": "<script>\"quoted\"</script>"});
        let reason = exchanged(401, &odd).await.expect_err("refused");
        assert!(
            reason.contains("no error code") && !reason.contains("script"),
            "{reason}"
        );
    }
}
