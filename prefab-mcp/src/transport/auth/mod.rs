//! The HTTP endpoint as an OAuth 2.1 resource server, as MCP's authorization rules ask
//! (feature `auth`, off unless [`HttpConfig::authorization`](super::HttpConfig::authorization)
//! is set):
//!
//! * RFC 9728 protected resource metadata at `/.well-known/oauth-protected-resource/<path>`
//!   for an endpoint mounted at `/<path>` (§3.1), and at the bare
//!   `/.well-known/oauth-protected-resource`;
//! * a request without a usable token gets `401` with
//!   `WWW-Authenticate: Bearer resource_metadata="…"`, one whose token lacks a scope gets
//!   `403` with `error="insufficient_scope"` and the scopes needed, before any work is done;
//! * JWT access tokens are checked against the authorization server's keys (its JWKS, found
//!   through its RFC 8414 or OpenID Connect metadata, cached, fetched again for an unknown
//!   `kid` at most once per [`Authorization::jwks_refresh_interval`]): signature with an
//!   allowed asymmetric algorithm (never `none`, never HMAC), `iss`, `aud` equal to this
//!   resource (RFC 8707), `exp` and `nbf` with [`Authorization::leeway`] of clock skew, the
//!   RFC 9068 type `at+jwt` (see [`Authorization::accept_generic_typ`]) and, when set,
//!   [`Authorization::max_lifetime`]; keys whose `use` or `key_ops` is not for signatures
//!   are never used. Answers of the authorization server are read up to 1 MiB; failed
//!   fetches are not repeated within a backoff (1 s doubling to 60 s), and a request whose
//!   key is cached never waits for a fetch;
//! * other (opaque) tokens are checked through RFC 7662 introspection when
//!   [`Authorization::introspection_client`] is set. An answer is used again for 30 s
//!   (never past the token's `exp`), a refusal for 10 s (1,024 answers at most, keyed by
//!   the token's SHA-256, the oldest dropped first), and at most 8 introspections run at
//!   once, so one token sent many times costs one introspection.
//!
//! A tool reads the validated caller with [`Caller::from_context`]. Tokens appear in no log
//! line and no error text.
mod caller;
mod challenge;
mod config;
mod discovery;
mod guard;
mod introspect;
mod jwt;

pub use caller::{Caller, ForwardError, OnBehalfOf};
pub use config::ConfigError;
pub(super) use guard::{Authorizer, check_scopes, check_token, metadata_routes};

use std::collections::BTreeMap;
use std::time::Duration;

/// The asymmetric JWS algorithms accepted by default: `alg: none` and the HMAC family are
/// never accepted (an HMAC "signed" with the server's public key would otherwise pass).
pub const DEFAULT_ALGORITHMS: [jsonwebtoken::Algorithm; 8] = {
    use jsonwebtoken::Algorithm::{ES256, ES384, EdDSA, PS256, PS384, PS512, RS256, RS384};
    [RS256, RS384, PS256, PS384, PS512, ES256, ES384, EdDSA]
};

/// How an endpoint checks bearer tokens: the resource it is, the authorization server that
/// issues its tokens, and the scopes it requires.
///
/// ```
/// use prefab_mcp::transport::{HttpConfig, auth::Authorization};
/// let auth = Authorization::new("https://mcp.example.com/mcp", "https://login.example.com")
///     .required_scopes(["mcp"])
///     .tool_scopes("delete_board", ["boards:write"])
///     .downstream(["https://api.example.com"]);
/// let config = HttpConfig::default().authorization(auth);
/// assert_eq!(config.authorization.as_ref().map(|a| a.metadata_url()),
///     Some("https://mcp.example.com/.well-known/oauth-protected-resource/mcp".to_string()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    /// This endpoint's URL, as clients reach it: the RFC 9728 `resource` and the audience
    /// (`aud`) every token must carry (RFC 8707).
    pub resource: String,
    /// The issuer URL of the authorization server (`iss` of its tokens).
    pub issuer: String,
    /// Scopes every request needs.
    pub required_scopes: Vec<String>,
    /// Scopes a `tools/call` of a tool needs, by tool name, besides
    /// [`Authorization::required_scopes`].
    pub tool_scopes: BTreeMap<String, Vec<String>>,
    /// `scopes_supported` in the metadata; when empty, every scope named above.
    pub scopes_supported: Vec<String>,
    /// JWS algorithms accepted (default [`DEFAULT_ALGORITHMS`]); HMAC ones are ignored.
    pub algorithms: Vec<jsonwebtoken::Algorithm>,
    /// Clock skew allowed on `exp` and `nbf`. Default: 30 s.
    pub leeway: Duration,
    /// The shortest time between two fetches of the JWKS for unknown `kid`s. Default: 30 s.
    pub jwks_refresh_interval: Duration,
    /// How long fetched keys are used before they are fetched again, so a key the
    /// authorization server withdrew stops being accepted. Default: 1 h.
    pub jwks_max_age: Duration,
    /// `client_id` and `client_secret` of this resource server at the authorization server:
    /// it introspects opaque tokens with them (RFC 7662) and exchanges tokens for
    /// [`Caller::on_behalf_of`] (RFC 8693); `None`: only JWT access tokens are accepted and
    /// no token can be exchanged.
    pub introspection_client: Option<(String, String)>,
    /// Downstream APIs (their URLs, the `audience` of exchanged tokens) that
    /// [`Caller::on_behalf_of`] may get tokens for. The caller's own token is never sent
    /// on.
    pub downstream: Vec<String>,
    /// Also take JWTs whose `typ` is the generic `JWT`, or absent, as access tokens.
    /// Default: `false`, only RFC 9068's `at+jwt`: an ID token (or any other JWT) of the same
    /// issuer for the same audience is not an access token. Turn it on for authorization
    /// servers that do not type their access tokens (many issue `typ: JWT`).
    pub accept_generic_typ: bool,
    /// The longest lifetime a token may have (`exp` from now, and from `iat`); `None` (the
    /// default): any.
    pub max_lifetime: Option<Duration>,
    /// How long a fetch from the authorization server may take. Default: 10 s.
    pub fetch_timeout: Duration,
}

impl Authorization {
    /// Tokens for `resource` (this endpoint's URL) issued by `issuer`.
    #[must_use]
    pub fn new(resource: impl Into<String>, issuer: impl Into<String>) -> Self {
        Authorization {
            resource: resource.into(),
            issuer: issuer.into(),
            required_scopes: Vec::new(),
            tool_scopes: BTreeMap::new(),
            scopes_supported: Vec::new(),
            algorithms: DEFAULT_ALGORITHMS.to_vec(),
            leeway: Duration::from_secs(30),
            jwks_refresh_interval: Duration::from_secs(30),
            jwks_max_age: Duration::from_secs(3600),
            introspection_client: None,
            downstream: Vec::new(),
            accept_generic_typ: false,
            max_lifetime: None,
            fetch_timeout: Duration::from_secs(10),
        }
    }

    /// Sets [`Authorization::required_scopes`].
    #[must_use]
    pub fn required_scopes<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        scopes: I,
    ) -> Self {
        self.required_scopes = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// Requires `scopes` for calls of the tool `tool` (a plain tool or a UI tool alike).
    #[must_use]
    pub fn tool_scopes<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        tool: impl Into<String>,
        scopes: I,
    ) -> Self {
        self.tool_scopes
            .insert(tool.into(), scopes.into_iter().map(Into::into).collect());
        self
    }

    /// Sets [`Authorization::scopes_supported`].
    #[must_use]
    pub fn scopes_supported<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        scopes: I,
    ) -> Self {
        self.scopes_supported = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// Sets [`Authorization::algorithms`].
    #[must_use]
    pub fn algorithms(
        mut self,
        algorithms: impl IntoIterator<Item = jsonwebtoken::Algorithm>,
    ) -> Self {
        self.algorithms = algorithms.into_iter().collect();
        self
    }

    /// Sets [`Authorization::leeway`].
    #[must_use]
    pub fn leeway(mut self, leeway: impl Into<Duration>) -> Self {
        self.leeway = leeway.into();
        self
    }

    /// Sets [`Authorization::jwks_refresh_interval`].
    #[must_use]
    pub fn jwks_refresh_interval(mut self, interval: impl Into<Duration>) -> Self {
        self.jwks_refresh_interval = interval.into();
        self
    }

    /// Sets [`Authorization::jwks_max_age`].
    #[must_use]
    pub fn jwks_max_age(mut self, age: impl Into<Duration>) -> Self {
        self.jwks_max_age = age.into();
        self
    }

    /// Introspects opaque tokens as client `client_id` (see
    /// [`Authorization::introspection_client`]).
    #[must_use]
    pub fn introspection_client(
        mut self,
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
    ) -> Self {
        self.introspection_client = Some((client_id.into(), client_secret.into()));
        self
    }

    /// Sets [`Authorization::downstream`].
    #[must_use]
    pub fn downstream<I: IntoIterator<Item = S>, S: Into<String>>(mut self, apis: I) -> Self {
        self.downstream = apis.into_iter().map(Into::into).collect();
        self
    }

    /// Sets [`Authorization::accept_generic_typ`].
    #[must_use]
    pub fn accept_generic_typ(mut self, accept: impl Into<bool>) -> Self {
        self.accept_generic_typ = accept.into();
        self
    }

    /// Sets [`Authorization::max_lifetime`].
    #[must_use]
    pub fn max_lifetime(mut self, lifetime: impl Into<Duration>) -> Self {
        self.max_lifetime = Some(lifetime.into());
        self
    }

    /// Sets [`Authorization::fetch_timeout`].
    #[must_use]
    pub fn fetch_timeout(mut self, timeout: impl Into<Duration>) -> Self {
        self.fetch_timeout = timeout.into();
        self
    }

    /// Where the RFC 9728 metadata of [`Authorization::resource`] is served: the well-known
    /// segment inserted between its origin and its path (§3.1).
    #[must_use]
    pub fn metadata_url(&self) -> String {
        let (origin, path) = split_origin(&self.resource);
        let path = path.trim_end_matches('/');
        format!("{origin}{WELL_KNOWN}{path}")
    }

    /// The scopes named anywhere in this configuration, for `scopes_supported`.
    fn all_scopes(&self) -> Vec<String> {
        if !self.scopes_supported.is_empty() {
            return self.scopes_supported.clone();
        }
        let mut scopes: Vec<String> = self
            .required_scopes
            .iter()
            .chain(self.tool_scopes.values().flatten())
            .cloned()
            .collect();
        scopes.sort();
        scopes.dedup();
        scopes
    }
}

/// The RFC 9728 well-known path.
const WELL_KNOWN: &str = "/.well-known/oauth-protected-resource";

/// `https://host:port` and the path (with query) of an absolute URL.
fn split_origin(url: &str) -> (&str, &str) {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(i) => url.split_at(after_scheme + i),
        None => (url, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::Authorization;

    #[test]
    fn metadata_url_inserts_the_well_known_segment() {
        let url =
            |resource: &str| Authorization::new(resource, "https://as.example").metadata_url();
        assert_eq!(
            url("https://mcp.example.com/mcp"),
            "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
        );
        assert_eq!(
            url("http://127.0.0.1:8931/api/mcp/"),
            "http://127.0.0.1:8931/.well-known/oauth-protected-resource/api/mcp"
        );
        assert_eq!(
            url("https://mcp.example.com"),
            "https://mcp.example.com/.well-known/oauth-protected-resource"
        );
    }
}
