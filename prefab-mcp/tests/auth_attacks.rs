//! Attacks on the resource server through its authorization server (slow, failing or
//! oversized answers), its token checks (types, key uses, lifetimes), its scope lookup and
//! its settings, each against a local authorization server on loopback. Timings are only
//! checked with wide margins against an injected delay.
#![allow(clippy::unwrap_used)]

mod auth_support;
mod support;

use auth_support::{
    Answer, CLIENT_BASIC, Key, LONG_TOOL, Setup, call, claims, endpoint, issuer, now,
};
use prefab_mcp::transport::auth::Authorization;
use serde_json::{Value, json};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use auth_support::setup_with as setup;

/// How long any one call of a test may take before the test fails instead of hanging.
const GUARD: Duration = Duration::from_secs(20);

impl Setup {
    fn claims(&self) -> Value {
        claims(&self.issuer.url, &self.endpoint.url)
    }

    fn good_token(&self) -> String {
        self.key.sign(&self.key.kid, &self.claims())
    }

    /// A well-signed token naming a `kid` the authorization server does not have.
    fn junk_token(&self) -> String {
        Key::new("junk").sign("junk", &self.claims())
    }

    async fn call(&self, tool: &str, token: &str) -> Answer {
        let header = format!("Bearer {token}");
        tokio::time::timeout(GUARD, call(&self.endpoint.url, tool, Some(&header)))
            .await
            .expect("the call did not finish")
    }

    fn jwks_fetches(&self) -> usize {
        self.issuer.jwks_fetches.load(Ordering::SeqCst)
    }

    fn faults(&self) -> std::sync::MutexGuard<'_, auth_support::Faults> {
        self.issuer.faults.lock().unwrap()
    }
}

/// Waits (bounded) until `condition` holds.
async fn until(condition: impl Fn() -> bool) {
    let deadline = Instant::now() + GUARD;
    while !condition() {
        assert!(Instant::now() < deadline, "the condition never held");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_slow_jwks_fetch_never_holds_a_request_whose_key_is_cached() {
    let s = setup(|a| a.jwks_refresh_interval(Duration::ZERO)).await;
    assert_eq!(s.call("whoami", &s.good_token()).await.status, 200);
    s.faults().jwks_delay = Duration::from_secs(6);
    let url = s.endpoint.url.clone();
    let junk = format!("Bearer {}", s.junk_token());
    let attack = tokio::spawn(async move { call(&url, "whoami", Some(&junk)).await });
    // The unknown kid is fetching the keys (for 6 s) now.
    until(|| s.jwks_fetches() == 2).await;
    let started = Instant::now();
    let victim = s.call("whoami", &s.good_token()).await;
    assert_eq!(victim.status, 200, "{}", victim.body);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "the victim waited {:?} for the JWKS fetch",
        started.elapsed()
    );
    attack.abort();
}

#[tokio::test]
async fn a_failing_jwks_is_asked_once_per_backoff_and_waiting_requests_share_a_fetch() {
    let s = setup(|a| a).await;
    s.faults().jwks_fails = true;
    for _ in 0..20 {
        assert_eq!(s.call("whoami", &s.junk_token()).await.status, 503);
    }
    // Backoffs of 1, 2, 4 s: at most three fetches unless the calls took over 7 s.
    let fetches = s.jwks_fetches();
    assert!((1..=3).contains(&fetches), "{fetches} fetches for 20 calls");

    // Concurrent unknown kids against a slow JWKS: one fetch for all.
    let s = setup(|a| a.jwks_refresh_interval(Duration::ZERO)).await;
    s.faults().jwks_delay = Duration::from_millis(500);
    let calls = (0..10).map(|_| {
        let (url, junk) = (s.endpoint.url.clone(), format!("Bearer {}", s.junk_token()));
        tokio::spawn(async move { call(&url, "whoami", Some(&junk)).await.status })
    });
    for call in calls.collect::<Vec<_>>() {
        assert_eq!(call.await.unwrap(), 401);
    }
    assert_eq!(
        s.jwks_fetches(),
        1,
        "one fetch answered every waiting request"
    );
}

#[tokio::test]
async fn failed_discovery_is_cached_and_a_changed_jwks_uri_is_seen_after_the_max_age() {
    let s = setup(|a| a).await;
    s.faults().metadata_fails = true;
    for _ in 0..5 {
        assert_eq!(s.call("whoami", &s.good_token()).await.status, 503);
    }
    // The RFC 8414 URL, then the OpenID Connect one: once.
    assert_eq!(s.issuer.metadata_fetches.load(Ordering::SeqCst), 2);

    let s = setup(|a| a.jwks_max_age(Duration::ZERO)).await;
    assert_eq!(s.call("whoami", &s.good_token()).await.status, 200);
    let next = Key::new("key-2");
    *s.issuer.next_jwks.lock().unwrap() = auth_support::jwks(&[&next]);
    s.issuer.metadata.lock().unwrap()["jwks_uri"] = json!(format!("{}/jwks-next", s.issuer.url));
    let answer = s.call("whoami", &next.sign("key-2", &s.claims())).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn an_oversized_jwks_is_not_read() {
    let s = setup(|a| a).await;
    s.faults().jwks_padding = 2 * 1024 * 1024;
    let answer = s.call("whoami", &s.good_token()).await;
    assert_eq!(answer.status, 503, "{}", answer.body);
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn only_access_tokens_are_taken_unless_generic_types_are_allowed() {
    let s = setup(|a| a).await;
    for typ in [Some("JWT"), None, Some("id+jwt")] {
        let token = s.key.sign_typed("key-1", typ, &s.claims());
        let answer = s.call("whoami", &token).await;
        assert_eq!(answer.status, 401, "{typ:?}: {}", answer.body);
    }
    let typed = s
        .key
        .sign_typed("key-1", Some("application/at+jwt"), &s.claims());
    assert_eq!(s.call("whoami", &typed).await.status, 200);

    let s = setup(|a| a.accept_generic_typ(true)).await;
    for typ in [Some("JWT"), None] {
        let token = s.key.sign_typed("key-1", typ, &s.claims());
        assert_eq!(s.call("whoami", &token).await.status, 200, "{typ:?}");
    }
}

#[tokio::test]
async fn keys_not_meant_for_signatures_verify_nothing() {
    for (member, value) in [("use", json!("enc")), ("key_ops", json!(["encrypt"]))] {
        let s = setup(|a| a).await;
        let mut jwk = s.key.jwk();
        if member == "key_ops" {
            jwk.as_object_mut().unwrap().remove("use");
        }
        jwk[member] = value;
        *s.issuer.jwks.lock().unwrap() = json!({ "keys": [jwk] });
        let answer = s.call("whoami", &s.good_token()).await;
        assert_eq!(answer.status, 401, "{member}: {}", answer.body);
    }
}

#[tokio::test]
async fn tokens_living_longer_than_the_maximum_are_refused() {
    let s = setup(|a| a.max_lifetime(Duration::from_secs(3600))).await;
    let mut claims = s.claims();
    claims["exp"] = json!(now() + 2 * 3600);
    let answer = s.call("whoami", &s.key.sign("key-1", &claims)).await;
    assert_eq!(answer.status, 401, "{}", answer.body);
    assert!(
        answer.challenge.contains("lives longer"),
        "{}",
        answer.challenge
    );
    claims["exp"] = json!(now() + 600);
    claims["iat"] = json!(now() - 3 * 3600);
    assert_eq!(
        s.call("whoami", &s.key.sign("key-1", &claims)).await.status,
        401
    );
    assert_eq!(s.call("whoami", &s.good_token()).await.status, 200);
}

#[tokio::test]
async fn a_browser_client_can_read_the_challenge() {
    let s = setup(|a| a).await;
    let response = reqwest::Client::new()
        .post(&s.endpoint.url)
        .header("Origin", "http://localhost:6274")
        .header("Content-Type", "application/json")
        .body(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    let exposed = response.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .to_ascii_lowercase();
    assert!(exposed.contains("www-authenticate"), "{exposed}");
}

#[tokio::test]
async fn tool_scopes_apply_to_names_longer_than_a_log_record() {
    assert!(LONG_TOOL.chars().count() > 200);
    let s = setup(|a| a).await;
    let answer = s.call(LONG_TOOL, &s.good_token()).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 0, "the tool ran");
    let record = s.endpoint.records.lock().unwrap().last().cloned().unwrap();
    assert!(record.tool.unwrap().chars().count() <= 201);
}

#[tokio::test]
async fn on_behalf_of_exchanges_the_token_and_never_passes_it_through() {
    let (listener, api) = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        (listener, url)
    };
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let record = seen.clone();
    let app = axum::Router::new().route(
        "/data",
        axum::routing::get(move |headers: axum::http::HeaderMap| async move {
            let bearer = headers["authorization"].to_str().unwrap().to_owned();
            record.lock().unwrap().push(bearer.clone());
            format!("api saw {bearer}")
        }),
    );
    let server = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let downstream = api.clone();
    let s = setup(move |a| {
        a.introspection_client("rs", "rs-secret")
            .downstream([downstream])
    })
    .await;
    *s.endpoint.api.lock().unwrap() = api.clone();
    let token = s.good_token();
    let answer = s.call("call_api", &token).await;
    assert!(
        answer
            .body
            .contains(&format!("api saw Bearer exchanged-for-{api}")),
        "{}",
        answer.body
    );
    assert!(!seen.lock().unwrap().iter().any(|b| b.contains(&token)));
    let exchanges = s.issuer.exchanges.lock().unwrap().clone();
    assert_eq!(exchanges.len(), 1);
    assert!(exchanges[0].contains(&format!("subject_token={token}")));
    assert!(!CLIENT_BASIC.is_empty());

    // An API that is not listed gets nothing, and nothing is exchanged for it.
    *s.endpoint.api.lock().unwrap() = "http://127.0.0.1:1".into();
    let refused = s.call("call_api", &token).await;
    assert!(refused.body.contains("refused"), "{}", refused.body);
    assert_eq!(s.issuer.exchanges.lock().unwrap().len(), 1);
    server.abort();
}

#[tokio::test]
async fn settings_that_cannot_be_served_fail_closed_and_routes_are_never_patterns() {
    let key = Key::new("key-1");
    let issuer = issuer(&[&key]).await;
    // Not a route pattern: the metadata is served at the percent-encoded path.
    let braces = endpoint(&issuer.url, |a| {
        let resource = a.resource.replace("/mcp", "/a{b");
        Authorization { resource, ..a }
    })
    .await;
    let base = braces.url.trim_end_matches("/mcp");
    let metadata = reqwest::get(format!("{base}/.well-known/oauth-protected-resource/a%7Bb"))
        .await
        .unwrap();
    assert_eq!(metadata.status(), 200);

    for resource in [
        "not-a-url",
        "http://127.0.0.1/mcp?x=1",
        "http://127.0.0.1/mcp#frag",
    ] {
        let bad = endpoint(&issuer.url, |a| Authorization {
            resource: resource.into(),
            ..a
        })
        .await;
        let token = key.sign("key-1", &claims(&issuer.url, resource));
        let answer = call(&bad.url, "whoami", Some(&format!("Bearer {token}"))).await;
        assert_eq!(answer.status, 500, "{resource}");
        assert_eq!(bad.calls.load(Ordering::SeqCst), 0);
    }
    let plain_http = Authorization::new("https://mcp.example/mcp", "http://login.example");
    let refused = prefab_mcp::transport::serve_http(
        || {
            prefab_mcp::Viewer::new().attach(auth_support::Whoami {
                calls: std::sync::Arc::default(),
                api: std::sync::Arc::default(),
            })
        },
        ([127, 0, 0, 1], 0).into(),
        &prefab_mcp::transport::HttpConfig::default().authorization(plain_http),
    )
    .await;
    assert!(refused.is_err_and(|e| e.to_string().contains("https")));
}

/// [`support::post_in_session`] with `token`.
async fn in_session(
    url: &str,
    body: &Value,
    session: Option<&str>,
    token: &str,
) -> (u16, Option<String>, String) {
    support::post_in_session(url, body, session, Some(token)).await
}

#[tokio::test]
async fn a_session_serves_only_the_subject_that_opened_it() {
    let base = prefab_mcp::transport::HttpConfig::default()
        .sessions(prefab_mcp::transport::Sessions::default());
    let s = auth_support::setup_on(|a| a, base).await;
    let url = s.endpoint.url.clone();
    let alice = s.good_token();
    let mut claims_b = s.claims();
    claims_b["sub"] = json!("user-2");
    let mallory = s.key.sign(&s.key.kid, &claims_b);
    let mut nobody_claims = s.claims();
    nobody_claims.as_object_mut().unwrap().remove("sub");
    nobody_claims.as_object_mut().unwrap().remove("client_id");
    let nobody = s.key.sign(&s.key.kid, &nobody_claims);

    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"}}});
    let (status, id, _) = in_session(&url, &initialize, None, &alice).await;
    assert_eq!(status, 200);
    let id = id.expect("a session id");
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(
        in_session(&url, &initialized, Some(&id), &alice).await.0,
        202
    );
    let whoami = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "whoami", "arguments": {}}});

    let (status, _, body) = in_session(&url, &whoami, Some(&id), &alice).await;
    assert_eq!(status, 200);
    assert!(body.contains("user-1"), "{body}");
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 1);

    // Another subject's valid token with Alice's session id: as if the session did not
    // exist, and the tool is not run.
    for token in [&mallory, &nobody] {
        let (status, _, body) = in_session(&url, &whoami, Some(&id), token).await;
        assert_eq!(status, 404, "{body}");
        assert!(!body.contains("user-1"));
    }
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 1);
    let deleted = reqwest::Client::new()
        .delete(&url)
        .header("Mcp-Session-Id", &id)
        .header("MCP-Protocol-Version", "2025-11-25")
        .header("Authorization", format!("Bearer {mallory}"))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status().as_u16(), 404);

    // Alice's session survived the attempts.
    let (status, _, body) = in_session(&url, &whoami, Some(&id), &alice).await;
    assert_eq!(status, 200);
    assert!(body.contains("user-1"), "{body}");
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_client_named_like_a_subject_does_not_reach_that_subjects_session() {
    let base = prefab_mcp::transport::HttpConfig::default()
        .sessions(prefab_mcp::transport::Sessions::default());
    let s = auth_support::setup_on(|a| a, base).await;
    let url = s.endpoint.url.clone();
    let alice = s.good_token();
    // No subject, and a client_id equal to Alice's subject (`user-1`).
    let mut forged = s.claims();
    forged.as_object_mut().unwrap().remove("sub");
    forged["client_id"] = json!("user-1");
    let mallory = s.key.sign(&s.key.kid, &forged);

    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"}}});
    let (status, id, _) = in_session(&url, &initialize, None, &alice).await;
    assert_eq!(status, 200);
    let id = id.expect("a session id");
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(
        in_session(&url, &initialized, Some(&id), &alice).await.0,
        202
    );
    let whoami = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "whoami", "arguments": {}}});
    let (status, _, body) = in_session(&url, &whoami, Some(&id), &mallory).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(s.endpoint.calls.load(Ordering::SeqCst), 0, "the tool ran");

    // A session opened by that client stays the client's own.
    let (status, own, _) = in_session(&url, &initialize, None, &mallory).await;
    assert_eq!(status, 200);
    let own = own.expect("a session id");
    assert_eq!(
        in_session(&url, &initialized, Some(&own), &mallory).await.0,
        202
    );
    assert_eq!(in_session(&url, &whoami, Some(&own), &alice).await.0, 404);
    assert_eq!(in_session(&url, &whoami, Some(&own), &mallory).await.0, 200);
}

#[tokio::test]
async fn one_opaque_token_is_introspected_once_and_introspections_are_bounded() {
    let s = setup(|a| a.introspection_client("rs", "rs-secret")).await;
    let introspections = || s.issuer.introspections.count.load(Ordering::SeqCst);
    let junk = "junk-opaque-token-0123456789";
    // 50 one after the other, then 50 at once: the answer (inactive) is remembered.
    for _ in 0..50 {
        assert_eq!(s.call("whoami", junk).await.status, 401);
    }
    let calls = (0..50).map(|_| {
        let url = s.endpoint.url.clone();
        tokio::spawn(async move { call(&url, "whoami", Some(&format!("Bearer {junk}"))).await })
    });
    for call in calls.collect::<Vec<_>>() {
        assert_eq!(call.await.unwrap().status, 401);
    }
    let junk_calls = introspections();
    assert!(
        junk_calls <= 2,
        "{junk_calls} introspections for 100 requests with one junk token"
    );

    // An active token: remembered too (its answer names the caller each time).
    for _ in 0..20 {
        let answer = s.call("whoami", auth_support::OPAQUE_TOKEN).await;
        assert!(answer.body.contains("opaque-user"), "{}", answer.body);
    }
    assert_eq!(introspections(), junk_calls + 1);

    // Many different tokens against a slow authorization server: a bounded number of
    // introspections at once.
    s.faults().introspect_delay = Duration::from_millis(300);
    let calls = (0..40).map(|i| {
        let url = s.endpoint.url.clone();
        tokio::spawn(async move {
            call(&url, "whoami", Some(&format!("Bearer other-junk-{i:04}"))).await
        })
    });
    for call in calls.collect::<Vec<_>>() {
        assert_eq!(
            tokio::time::timeout(GUARD, call)
                .await
                .unwrap()
                .unwrap()
                .status,
            401
        );
    }
    let most = s.issuer.introspections.max_in_flight.load(Ordering::SeqCst);
    assert!(most <= 8, "{most} introspections at once");
}

#[tokio::test]
async fn one_subject_cannot_fill_the_session_table() {
    let base = prefab_mcp::transport::HttpConfig::default()
        .sessions(prefab_mcp::transport::Sessions::default().max_sessions(24_usize));
    let s = auth_support::setup_on(|a| a, base).await;
    let url = s.endpoint.url.clone();
    let mallory = s.good_token();
    let mut claims_b = s.claims();
    claims_b["sub"] = json!("user-2");
    let bob = s.key.sign(&s.key.kid, &claims_b);
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"}}});
    let ping = json!({"jsonrpc": "2.0", "id": 2, "method": "ping"});

    // One subject opens more sessions than the table holds, one after the other.
    let mut opened = Vec::new();
    let mut refused = 0;
    for _ in 0..40 {
        match in_session(&url, &initialize, None, &mallory).await {
            (200, Some(id), _) => opened.push(id),
            _ => refused += 1,
        }
    }
    assert_eq!(refused, 0, "the subject's own sessions made room for it");
    // Another subject still gets a session, and it works.
    let (status, id, body) = in_session(&url, &initialize, None, &bob).await;
    assert_eq!(status, 200, "{body}");
    let id = id.expect("a session id");
    assert_eq!(in_session(&url, &ping, Some(&id), &bob).await.0, 200);
    // The first subject's oldest sessions were ended (404), its newest still serve it.
    assert_eq!(
        in_session(&url, &ping, Some(&opened[0]), &mallory).await.0,
        404
    );
    let newest = opened.last().unwrap();
    assert_eq!(in_session(&url, &ping, Some(newest), &mallory).await.0, 200);
    let live = {
        let mut live = 0;
        for id in &opened {
            if in_session(&url, &ping, Some(id), &mallory).await.0 == 200 {
                live += 1;
            }
        }
        live
    };
    assert_eq!(live, 8, "sessions kept for one subject");
}
