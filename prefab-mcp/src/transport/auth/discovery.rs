//! The authorization server as the resource server sees it: its metadata (RFC 8414, or
//! OpenID Connect discovery) and its signing keys (JWKS), cached and fetched again after
//! their max age; the keys are also fetched again for an unknown `kid`, at most once per
//! refresh interval. Failures are cached with a backoff, and every answer is read up to a
//! size cap.
use jsonwebtoken::jwk::{Jwk, KeyOperations, PublicKeyUse};
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

    pub(super) fn reason(&self) -> String {
        match self {
            Failure::Invalid(reason) | Failure::Unavailable(reason) => reason.clone(),
        }
    }
}

/// The parts of the authorization server's metadata used here.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct ServerMetadata {
    pub(super) issuer: String,
    pub(super) jwks_uri: Option<String>,
    pub(super) introspection_endpoint: Option<String>,
    pub(super) token_endpoint: Option<String>,
}

/// The largest answer read from the authorization server (metadata, JWKS, introspection,
/// token exchange); a longer one is a failure, read no further.
pub(super) const MAX_RESPONSE_BYTES: usize = 1024 * 1024;
/// The pause after the first failed fetch; it doubles with each failure in a row, up to
/// [`MAX_BACKOFF`]. Requests within it fail at once without asking again.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// A document fetched from the authorization server, when, and the failures since.
struct Fetched<T> {
    value: Option<T>,
    at: Option<Instant>,
    /// The last failure: when, how many in a row, why.
    failure: Option<(Instant, u32, String)>,
}

impl<T: Clone> Fetched<T> {
    fn new() -> Self {
        Fetched {
            value: None,
            at: None,
            failure: None,
        }
    }

    fn age(&self) -> Option<Duration> {
        self.at.map(|at| at.elapsed())
    }

    fn fresh(&self, max_age: Duration) -> Option<&T> {
        self.value
            .as_ref()
            .filter(|_| self.age().is_some_and(|age| age < max_age))
    }

    /// The reason of the last failure while its backoff lasts.
    fn backing_off(&self) -> Option<String> {
        let (at, count, reason) = self.failure.as_ref()?;
        let pause = FIRST_BACKOFF
            .saturating_mul(1 << (count.saturating_sub(1)).min(16))
            .min(MAX_BACKOFF);
        (at.elapsed() < pause).then(|| reason.clone())
    }

    /// Whether a fetch finished (either way) after `since`.
    fn settled_since(&self, since: Instant) -> bool {
        self.at.is_some_and(|at| at > since)
            || self.failure.as_ref().is_some_and(|(at, ..)| *at > since)
    }

    fn store(&mut self, value: T) {
        self.value = Some(value);
        self.at = Some(Instant::now());
        self.failure = None;
    }

    fn failed(&mut self, reason: String) {
        let count = self.failure.as_ref().map_or(0, |f| f.1);
        self.failure = Some((Instant::now(), count.saturating_add(1), reason));
    }
}

/// Locks `mutex`, whose data stays usable even if a holder panicked.
fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The issuer's metadata and keys, fetched on first use and again after `max_age`.
///
/// The caches are read without waiting: a request whose key is cached never waits for a
/// fetch. One fetch of each document runs at a time (others needing it wait for that one
/// instead of asking again), and a failed fetch is not repeated before a backoff of 1 s,
/// doubling per failure up to 60 s.
pub(super) struct AuthServer {
    issuer: String,
    client: reqwest::Client,
    refresh_interval: Duration,
    max_age: Duration,
    metadata: std::sync::Mutex<Fetched<ServerMetadata>>,
    metadata_flight: Mutex<()>,
    keys: std::sync::Mutex<Fetched<Vec<Jwk>>>,
    keys_flight: Mutex<()>,
}

/// What the key cache says about a `kid` without fetching.
enum Cached {
    Key(Jwk),
    Refused(Failure),
    Fetch,
}

impl AuthServer {
    /// `refresh_interval`: the shortest time between two fetches for unknown `kid`s;
    /// `max_age`: metadata and keys older than this are fetched again before use.
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
            metadata: std::sync::Mutex::new(Fetched::new()),
            metadata_flight: Mutex::new(()),
            keys: std::sync::Mutex::new(Fetched::new()),
            keys_flight: Mutex::new(()),
        }
    }

    pub(super) fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// The issuer's metadata, discovered again once older than the max age (the old one is
    /// kept while discovery fails).
    pub(super) async fn metadata(&self) -> Result<ServerMetadata, Failure> {
        let started = Instant::now();
        {
            let cached = lock(&self.metadata);
            if let Some(metadata) = cached.fresh(self.max_age) {
                return Ok(metadata.clone());
            }
            if let Some(reason) = cached.backing_off() {
                return cached.value.clone().ok_or(Failure::Unavailable(reason));
            }
        }
        let _flight = self.metadata_flight.lock().await;
        {
            let cached = lock(&self.metadata);
            if cached.settled_since(started) {
                return match (&cached.value, &cached.failure) {
                    (Some(metadata), _) => Ok(metadata.clone()),
                    (None, failure) => Err(Failure::Unavailable(
                        failure.as_ref().map(|f| f.2.clone()).unwrap_or_default(),
                    )),
                };
            }
        }
        let found = self.discover().await;
        let mut cached = lock(&self.metadata);
        match found {
            Ok(metadata) => {
                cached.store(metadata.clone());
                Ok(metadata)
            }
            Err(reason) => {
                cached.failed(reason.clone());
                cached.value.clone().ok_or(Failure::Unavailable(reason))
            }
        }
    }

    async fn discover(&self) -> Result<ServerMetadata, String> {
        let mut last = String::new();
        for url in discovery_urls(&self.issuer) {
            match self.fetch_json::<ServerMetadata>(&url).await {
                Ok(found) if same_issuer(&found.issuer, &self.issuer) => return Ok(found),
                Ok(found) => last = format!("{url}: names issuer {:?}", found.issuer),
                Err(e) => last = e,
            }
        }
        Err(format!(
            "no authorization server metadata for {}: {last}",
            self.issuer
        ))
    }

    fn cached_key(&self, kid: Option<&str>) -> Cached {
        let cache = lock(&self.keys);
        let found = cache.value.as_deref().and_then(|keys| find(keys, kid));
        let age = cache.age();
        if age.is_some_and(|age| age < self.max_age) {
            if let Some(key) = found {
                return Cached::Key(key);
            }
            // Unknown `kid`s fetch the keys again at most once per refresh interval.
            if age.is_some_and(|age| age < self.refresh_interval) {
                return Cached::Refused(unknown_kid());
            }
        } else if let Some(key) = found
            && self.keys_flight.try_lock().is_err()
        {
            // Keys past their age are still used while the fetch replacing them runs.
            return Cached::Key(key);
        }
        match cache.backing_off() {
            Some(reason) => Cached::Refused(Failure::Unavailable(reason)),
            None => Cached::Fetch,
        }
    }

    /// The key `kid` names (or the only key, when the token names none).
    pub(super) async fn key(&self, kid: Option<&str>) -> Result<Jwk, Failure> {
        let started = Instant::now();
        match self.cached_key(kid) {
            Cached::Key(key) => return Ok(key),
            Cached::Refused(failure) => return Err(failure),
            Cached::Fetch => {}
        }
        let _flight = self.keys_flight.lock().await;
        {
            // A fetch that ran while this request waited answers it too.
            let cache = lock(&self.keys);
            if cache.settled_since(started) {
                if let Some(key) = cache.value.as_deref().and_then(|keys| find(keys, kid)) {
                    return Ok(key);
                }
                return Err(match cache.backing_off() {
                    Some(reason) => Failure::Unavailable(reason),
                    None => unknown_kid(),
                });
            }
        }
        let fetched = self.fetch_keys().await;
        let mut cache = lock(&self.keys);
        match fetched {
            Ok(keys) => {
                let key = find(&keys, kid);
                cache.store(keys);
                key.ok_or_else(unknown_kid)
            }
            Err(failure) => {
                if let Failure::Unavailable(reason) = &failure {
                    cache.failed(reason.clone());
                }
                Err(failure)
            }
        }
    }

    async fn fetch_keys(&self) -> Result<Vec<Jwk>, Failure> {
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
        Ok(parse_keys(&set))
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
        read_json(response).await.map_err(|e| format!("{url}: {e}"))
    }
}

fn unknown_kid() -> Failure {
    Failure::invalid("no key of the authorization server has this kid")
}

/// `request` with this resource server's client credentials in HTTP Basic authentication,
/// each form-urlencoded first as RFC 6749 §2.3.1 asks (authorization servers decode them:
/// a secret with `+`, `%` or `:` would otherwise not match).
pub(super) fn client_auth(
    request: reqwest::RequestBuilder,
    (client_id, secret): &(String, String),
) -> reqwest::RequestBuilder {
    let encode =
        |text: &str| url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>();
    request.basic_auth(encode(client_id), Some(encode(secret)))
}

/// The JSON answer of `response`, read up to [`MAX_RESPONSE_BYTES`].
pub(super) async fn read_json<T: serde::de::DeserializeOwned>(
    mut response: reqwest::Response,
) -> Result<T, String> {
    let too_long = || format!("the answer is longer than {MAX_RESPONSE_BYTES} bytes");
    if response
        .content_length()
        .is_some_and(|n| n > MAX_RESPONSE_BYTES as u64)
    {
        return Err(too_long());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| e.without_url().to_string())?
    {
        if body.len() + chunk.len() > MAX_RESPONSE_BYTES {
            return Err(too_long());
        }
        body.extend_from_slice(&chunk);
    }
    serde_json::from_slice(&body).map_err(|e| format!("not the JSON expected: {e}"))
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

/// Whether `key` may verify signatures: its `use` (when given) is `sig` and its `key_ops`
/// (when given) include `verify` (RFC 7517 §4.2–4.3).
fn for_signatures(key: &Jwk) -> bool {
    let common = &key.common;
    common
        .public_key_use
        .as_ref()
        .is_none_or(|u| *u == PublicKeyUse::Signature)
        && common
            .key_operations
            .as_ref()
            .is_none_or(|ops| ops.contains(&KeyOperations::Verify))
}

/// The keys of a JWKS document that can verify signatures; a key of an unknown type, with
/// missing members or meant for encryption does not spoil the set.
fn parse_keys(set: &Value) -> Vec<Jwk> {
    set.get("keys")
        .and_then(Value::as_array)
        .map(|keys| {
            keys.iter()
                .filter_map(|k| serde_json::from_value::<Jwk>(k.clone()).ok())
                .filter(for_signatures)
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
    use super::{client_auth, discovery_urls, parse_keys};
    use base64::Engine;

    #[test]
    fn client_credentials_are_form_urlencoded_inside_basic() {
        let credentials = ("svc+1".to_owned(), "p:%/ é".to_owned());
        let request = client_auth(
            reqwest::Client::new().post("http://as.example/token"),
            &credentials,
        )
        .build()
        .expect("a request");
        let header = request.headers()[reqwest::header::AUTHORIZATION]
            .to_str()
            .expect("ASCII");
        let encoded = header.strip_prefix("Basic ").expect("Basic");
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .expect("base64");
        assert_eq!(decoded, b"svc%2B1:p%3A%25%2F+%C3%A9");
    }

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
