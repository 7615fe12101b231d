//! The authorization server as the resource server sees it: its metadata (RFC 8414, or
//! OpenID Connect discovery) and its signing keys (JWKS), cached; the keys are fetched
//! again for an unknown `kid`, at most once per refresh interval.
use jsonwebtoken::jwk::Jwk;
use serde::Deserialize;
use serde_json::Value;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// Why a token was not accepted. The texts name no token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Failure {
    /// The token is not valid for this resource: 401 `invalid_token`.
    Invalid(String),
    /// The authorization server could not be asked: 503.
    Unavailable(String),
}

impl Failure {
    pub(super) fn invalid(reason: impl Into<String>) -> Self {
        Failure::Invalid(reason.into())
    }
}

/// The parts of the authorization server's metadata used here.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct ServerMetadata {
    pub(super) issuer: String,
    pub(super) jwks_uri: Option<String>,
    pub(super) introspection_endpoint: Option<String>,
}

#[derive(Debug, Default)]
struct KeyCache {
    keys: Vec<Jwk>,
    fetched: Option<Instant>,
}

/// The issuer's metadata and keys, fetched on first use.
pub(super) struct AuthServer {
    issuer: String,
    client: reqwest::Client,
    refresh_interval: Duration,
    max_age: Duration,
    metadata: Mutex<Option<ServerMetadata>>,
    keys: Mutex<KeyCache>,
}

impl AuthServer {
    /// `refresh_interval`: the shortest time between two fetches for unknown `kid`s;
    /// `max_age`: keys older than this are fetched again before use.
    pub(super) fn new(
        issuer: &str,
        client: reqwest::Client,
        refresh_interval: Duration,
        max_age: Duration,
    ) -> Self {
        AuthServer {
            issuer: issuer.to_owned(),
            client,
            refresh_interval,
            max_age,
            metadata: Mutex::new(None),
            keys: Mutex::new(KeyCache::default()),
        }
    }

    pub(super) fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// The issuer's metadata, discovered once (a failed discovery is tried again next time).
    pub(super) async fn metadata(&self) -> Result<ServerMetadata, Failure> {
        let mut cached = self.metadata.lock().await;
        if let Some(metadata) = cached.as_ref() {
            return Ok(metadata.clone());
        }
        let mut last = String::new();
        for url in discovery_urls(&self.issuer) {
            match self.fetch_json::<ServerMetadata>(&url).await {
                Ok(found) if same_issuer(&found.issuer, &self.issuer) => {
                    *cached = Some(found.clone());
                    return Ok(found);
                }
                Ok(found) => last = format!("{url}: names issuer {:?}", found.issuer),
                Err(e) => last = e,
            }
        }
        Err(Failure::Unavailable(format!(
            "no authorization server metadata for {}: {last}",
            self.issuer
        )))
    }

    /// The key `kid` names (or the only key, when the token names none).
    pub(super) async fn key(&self, kid: Option<&str>) -> Result<Jwk, Failure> {
        let mut cache = self.keys.lock().await;
        let age = cache.fetched.map(|at| at.elapsed());
        if age.is_some_and(|age| age < self.max_age) {
            if let Some(key) = find(&cache.keys, kid) {
                return Ok(key);
            }
            // Unknown `kid`s fetch the keys again at most once per refresh interval.
            if age.is_some_and(|age| age < self.refresh_interval) {
                return Err(Failure::invalid(
                    "no key of the authorization server has this kid",
                ));
            }
        }
        let Some(jwks_uri) = self.metadata().await?.jwks_uri else {
            return Err(Failure::Unavailable(format!(
                "the metadata of {} has no jwks_uri",
                self.issuer
            )));
        };
        let set = self
            .fetch_json::<Value>(&jwks_uri)
            .await
            .map_err(Failure::Unavailable)?;
        cache.keys = parse_keys(&set);
        cache.fetched = Some(Instant::now());
        find(&cache.keys, kid)
            .ok_or_else(|| Failure::invalid("no key of the authorization server has this kid"))
    }

    async fn fetch_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> Result<T, String> {
        let response = self
            .client
            .get(url)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| format!("{url}: {}", e.without_url()))?;
        if !response.status().is_success() {
            return Err(format!("{url}: HTTP {}", response.status()));
        }
        response
            .json::<T>()
            .await
            .map_err(|e| format!("{url}: {}", e.without_url()))
    }
}

/// RFC 8414's URL (the well-known segment before the issuer's path), then OpenID Connect's
/// (appended to the issuer).
fn discovery_urls(issuer: &str) -> [String; 2] {
    let issuer = issuer.trim_end_matches('/');
    let after_scheme = issuer.find("://").map_or(0, |i| i + 3);
    let (origin, path) = match issuer[after_scheme..].find('/') {
        Some(i) => issuer.split_at(after_scheme + i),
        None => (issuer, ""),
    };
    [
        format!("{origin}/.well-known/oauth-authorization-server{path}"),
        format!("{issuer}/.well-known/openid-configuration"),
    ]
}

fn same_issuer(a: &str, b: &str) -> bool {
    a.trim_end_matches('/') == b.trim_end_matches('/')
}

/// The keys of a JWKS document that can verify signatures; a key of an unknown type or
/// with missing members does not spoil the set.
fn parse_keys(set: &Value) -> Vec<Jwk> {
    set.get("keys")
        .and_then(Value::as_array)
        .map(|keys| {
            keys.iter()
                .filter_map(|k| serde_json::from_value::<Jwk>(k.clone()).ok())
                .filter(|k| jsonwebtoken::DecodingKey::from_jwk(k).is_ok())
                .collect()
        })
        .unwrap_or_default()
}

fn find(keys: &[Jwk], kid: Option<&str>) -> Option<Jwk> {
    match kid {
        Some(kid) => keys
            .iter()
            .find(|k| k.common.key_id.as_deref() == Some(kid))
            .cloned(),
        None if keys.len() == 1 => keys.first().cloned(),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{discovery_urls, parse_keys};

    #[test]
    fn discovery_follows_rfc_8414_then_oidc() {
        assert_eq!(
            discovery_urls("https://as.example/tenant/"),
            [
                "https://as.example/.well-known/oauth-authorization-server/tenant",
                "https://as.example/tenant/.well-known/openid-configuration"
            ]
        );
        assert_eq!(
            discovery_urls("http://127.0.0.1:3000")[0],
            "http://127.0.0.1:3000/.well-known/oauth-authorization-server"
        );
    }

    #[test]
    fn unusable_keys_are_skipped() {
        let set = serde_json::json!({"keys": [
            {"kty": "EC", "crv": "P-256", "kid": "a",
             "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
             "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
            {"kty": "EC", "kid": "b"}, 7
        ]});
        assert_eq!(parse_keys(&set).len(), 1);
    }
}
