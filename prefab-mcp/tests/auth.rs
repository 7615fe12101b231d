//! The endpoint as an OAuth resource server, against a local authorization server with keys
//! made per run: a good token reaches the tool with the caller's identity; every bad one is
//! refused with its status and `WWW-Authenticate` before the tool runs, and no answer, log
//! record or challenge repeats the token.
#![allow(clippy::unwrap_used)]

mod auth_support;

use auth_support::{Answer, Key, OPAQUE_TOKEN, Setup, call, claims, jwks, now, setup_with};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};
use std::sync::atomic::Ordering;
use std::time::Duration;

async fn setup() -> Setup {
    setup_with(|a| a).await
}

impl Setup {
    fn claims(&self) -> Value {
        claims(&self.issuer.url, &self.endpoint.url)
    }

    fn sign(&self, claims: &Value) -> String {
        self.key.sign(&self.key.kid, claims)
    }

    fn metadata_url(&self) -> String {
        self.endpoint
            .url
            .replace("/mcp", "/.well-known/oauth-protected-resource/mcp")
    }

    /// Calls `whoami` with `token` and checks the refusal: `status`, the challenge's
    /// `error` (none for a request without credentials), no call, no token echoed.
    async fn refused(&self, token: Option<&str>, status: u16, error: Option<&str>) -> Answer {
        let header = token.map(|t| format!("Bearer {t}"));
        let tool = if status == 403 { "erase" } else { "whoami" };
        let answer = call(&self.endpoint.url, tool, header.as_deref()).await;
        assert_eq!(answer.status, status, "{}", answer.body);
        let metadata = format!("resource_metadata=\"{}\"", self.metadata_url());
        assert!(
            answer.challenge.starts_with("Bearer "),
            "{}",
            answer.challenge
        );
        assert!(answer.challenge.contains(&metadata), "{}", answer.challenge);
        match error {
            Some(error) => assert!(
                answer.challenge.contains(&format!("error=\"{error}\"")),
                "{}",
                answer.challenge
            ),
            None => assert!(!answer.challenge.contains("error="), "{}", answer.challenge),
        }
        assert_eq!(
            self.endpoint.calls.load(Ordering::SeqCst),
            0,
            "the tool ran"
        );
        if let Some(token) = token.filter(|t| t.len() > 8) {
            assert!(!answer.body.contains(token) && !answer.challenge.contains(token));
            let records = format!("{:?}", self.endpoint.records.lock().unwrap());
            assert!(!records.contains(token));
        }
        answer
    }

    /// Calls `tool` with `token` as the bearer.
    async fn with_token(&self, tool: &str, token: &str) -> Answer {
        call(&self.endpoint.url, tool, Some(&format!("Bearer {token}"))).await
    }

    async fn invalid(&self, token: &str) -> Answer {
        self.refused(Some(token), 401, Some("invalid_token")).await
    }
}

#[tokio::test]
async fn a_good_token_reaches_the_tool_with_the_callers_identity() {
    let s = setup().await;
    let token = s.sign(&s.claims());
    let answer = s.with_token("whoami", &token).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    let text = body["result"]["content"][0]["text"].as_str().unwrap();
    let seen: Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        seen,
        json!({"subject": "user-1", "scopes": ["mcp", "boards:read"]})
    );
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 1);
    let records = s.endpoint.records.lock().unwrap().clone();
    let record = records.last().unwrap();
    assert_eq!(
        (
            record.method.as_deref(),
            record.tool.as_deref(),
            record.client.as_deref(),
            record.status
        ),
        (Some("tools/call"), Some("whoami"), Some("test-client"), 200)
    );
}

#[tokio::test]
async fn no_token_gets_401_naming_the_metadata() {
    let s = setup().await;
    let answer = s.refused(None, 401, None).await;
    assert!(
        answer.challenge.contains("scope=\"mcp\""),
        "{}",
        answer.challenge
    );
    assert_eq!(s.issuer.jwks_fetches.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_malformed_token_is_refused() {
    let s = setup().await;
    s.invalid("not-a-jwt-at-all").await;
    s.invalid("eyJub3QiOiJqc29uIn0.eyJ9.c2ln").await;
}

#[tokio::test]
async fn a_wrong_signature_is_refused() {
    let s = setup().await;
    let other = Key::new("key-1");
    s.invalid(&other.sign("key-1", &s.claims())).await;
}

impl Setup {
    async fn good_call(&self) {
        let token = self.sign(&self.claims());
        let answer = self.with_token("whoami", &token).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        self.endpoint.calls.store(0, Ordering::SeqCst);
    }

    fn fetches(&self) -> usize {
        self.issuer.jwks_fetches.load(Ordering::SeqCst)
    }
}

#[tokio::test]
async fn an_unknown_kid_is_refused_after_one_jwks_refresh() {
    let s = setup_with(|a| a.jwks_refresh_interval(Duration::ZERO)).await;
    s.good_call().await;
    assert_eq!(s.fetches(), 1);
    let stranger = Key::new("key-2");
    s.invalid(&stranger.sign("key-2", &s.claims())).await;
    assert_eq!(s.fetches(), 2, "one refresh for the unknown kid");
}

#[tokio::test]
async fn unknown_kids_refresh_the_keys_at_a_bounded_rate() {
    let s = setup().await;
    s.good_call().await;
    let stranger = Key::new("key-2");
    for _ in 0..3 {
        s.invalid(&stranger.sign("key-2", &s.claims())).await;
    }
    assert_eq!(s.fetches(), 1, "no refresh within the interval");
}

#[tokio::test]
async fn a_rotated_key_is_found_by_the_refresh() {
    let s = setup_with(|a| a.jwks_refresh_interval(Duration::ZERO)).await;
    s.good_call().await;
    let next = Key::new("key-2");
    *s.issuer.jwks.lock().unwrap() = jwks(&[&s.key, &next]);
    let token = next.sign("key-2", &s.claims());
    let answer = s.with_token("whoami", &token).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(s.fetches(), 2);
}

#[tokio::test]
async fn a_withdrawn_key_stops_working_once_the_keys_are_older_than_their_max_age() {
    let s = setup_with(|a| a.jwks_max_age(Duration::ZERO)).await;
    s.good_call().await;
    s.good_call().await;
    assert_eq!(s.fetches(), 2, "keys past their age are fetched again");
    *s.issuer.jwks.lock().unwrap() = jwks(&[]);
    s.invalid(&s.sign(&s.claims())).await;
}

#[tokio::test]
async fn a_wrong_issuer_is_refused() {
    let s = setup().await;
    let mut claims = s.claims();
    claims["iss"] = json!("https://evil.example");
    s.invalid(&s.sign(&claims)).await;
}

#[tokio::test]
async fn a_wrong_audience_is_refused() {
    let s = setup().await;
    let mut claims = s.claims();
    claims["aud"] = json!("https://other.example/mcp");
    s.invalid(&s.sign(&claims)).await;
    claims.as_object_mut().unwrap().remove("aud");
    s.invalid(&s.sign(&claims)).await;
}

#[tokio::test]
async fn a_token_expired_beyond_the_skew_is_refused_within_it_accepted() {
    let s = setup().await;
    let mut claims = s.claims();
    claims["exp"] = json!(now() - 31);
    let answer = s.invalid(&s.sign(&claims)).await;
    assert!(answer.challenge.contains("expired"), "{}", answer.challenge);
    claims["exp"] = json!(now() - 20);
    let within = s.with_token("whoami", &s.sign(&claims)).await;
    assert_eq!(within.status, 200, "{}", within.body);
}

#[tokio::test]
async fn a_token_not_valid_yet_is_refused() {
    let s = setup().await;
    let mut claims = s.claims();
    claims["nbf"] = json!(now() + 120);
    s.invalid(&s.sign(&claims)).await;
}

#[tokio::test]
async fn alg_none_is_refused() {
    let s = setup().await;
    let header = URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT","kid":"key-1"}"#);
    let payload = URL_SAFE_NO_PAD.encode(s.claims().to_string());
    s.invalid(&format!("{header}.{payload}.")).await;
}

#[tokio::test]
async fn hs256_signed_with_the_public_key_is_refused() {
    let s = setup().await;
    let mut header = Header::new(Algorithm::HS256);
    header.kid = Some("key-1".into());
    for secret in [
        s.key.public_bytes().to_vec(),
        s.key.jwk().to_string().into_bytes(),
    ] {
        let token = jsonwebtoken::encode(
            &header,
            &s.claims(),
            &EncodingKey::from_secret(&secret).unwrap(),
        )
        .unwrap();
        s.invalid(&token).await;
    }
}

#[tokio::test]
async fn a_missing_scope_gets_403_with_the_scopes_needed() {
    let s = setup().await;
    let answer = s
        .refused(Some(&s.sign(&s.claims())), 403, Some("insufficient_scope"))
        .await;
    assert!(
        answer.challenge.contains("scope=\"mcp boards:write\""),
        "{}",
        answer.challenge
    );
    let mut claims = s.claims();
    claims["scope"] = json!("boards:read");
    // Without the scope every request needs, even `whoami` is refused.
    let token = s.sign(&claims);
    let answer = s.with_token("whoami", &token).await;
    assert_eq!(answer.status, 403);
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 0, "the tool ran");
    claims["scope"] = json!("mcp boards:write");
    let allowed = s.with_token("erase", &s.sign(&claims)).await;
    assert_eq!(allowed.status, 200, "{}", allowed.body);
}

#[tokio::test]
async fn opaque_tokens_are_introspected() {
    let s = setup_with(|a| a.introspection_client("resource-server", "rs-secret")).await;
    let answer = s.with_token("whoami", OPAQUE_TOKEN).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.contains("opaque-user"), "{}", answer.body);
    s.endpoint.calls.store(0, Ordering::SeqCst);
    s.invalid("another-opaque-token-0123456789").await;
}

#[tokio::test]
async fn opaque_tokens_are_refused_without_introspection() {
    let s = setup().await;
    s.invalid(OPAQUE_TOKEN).await;
}

#[tokio::test]
async fn metadata_is_served_at_the_rfc_9728_paths() {
    let s = setup().await;
    for url in [s.metadata_url(), s.metadata_url().replace("/mcp", "")] {
        let response = reqwest::get(&url).await.unwrap();
        assert_eq!(response.status(), 200, "{url}");
        let document: Value = response.json().await.unwrap();
        assert_eq!(document["resource"], json!(s.endpoint.url));
        assert_eq!(document["authorization_servers"], json!([s.issuer.url]));
        assert_eq!(document["scopes_supported"], json!(["boards:write", "mcp"]));
    }
}
