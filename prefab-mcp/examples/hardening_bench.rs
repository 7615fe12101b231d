//! The figures of the HTTP hardening (see `benches/README.md`): each mode runs one attack
//! against an endpoint in this process, on loopback, and prints what it cost, so that peak
//! memory (`VmHWM` of `/proc/self/status`) belongs to that attack alone.
//!
//! ```sh
//! cargo run -p prefab-mcp --features auth --example hardening_bench -- victim
//! ```
//!
//! Modes: `victim` (latency of a request whose key is cached while another one waits on a
//! JWKS answering in 6 s), `jwks` (peak memory after one token check against a 400 MiB
//! JWKS), `json` (peak memory after one, then eight, `tools/call` of two million array
//! items), `peers` (time of a `ping` while 520 idle connections from another loopback
//! address are open).
#![allow(clippy::unwrap_used, clippy::print_stdout)]

use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use prefab_mcp::transport::auth::Authorization;
use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;

#[derive(Clone)]
struct Echo;

#[tool_router]
impl Echo {
    #[tool(description = "Answers ok")]
    async fn ok(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::text("ok")])
    }
}

#[tool_handler]
impl ServerHandler for Echo {}

fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

async fn listen() -> (TcpListener, String) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (listener, url)
}

/// Serves the MCP endpoint with `config` on `listener`.
async fn endpoint(config: HttpConfig, listener: TcpListener) {
    let app = http_router(|| Echo, &config);
    tokio::spawn(async move { serve_router(listener, app, &config, std::future::pending()).await });
}

struct Key {
    pkcs8: Vec<u8>,
    jwk: Value,
}

fn key() -> Key {
    let pkcs8 =
        EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
            .unwrap();
    let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref()).unwrap();
    let public = pair.public_key().as_ref().to_vec();
    let jwk = json!({"kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": "k1",
        "x": URL_SAFE_NO_PAD.encode(&public[1..33]), "y": URL_SAFE_NO_PAD.encode(&public[33..65])});
    Key {
        pkcs8: pkcs8.as_ref().to_vec(),
        jwk,
    }
}

fn sign(pkcs8: &[u8], kid: &str, issuer: &str, audience: &str) -> String {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(kid.into());
    header.typ = Some("at+jwt".into());
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let claims = json!({"iss": issuer, "aud": audience, "sub": "u", "scope": "mcp",
        "iat": now, "exp": now + 300});
    jsonwebtoken::encode(&header, &claims, &EncodingKey::from_ec_der(pkcs8)).unwrap()
}

/// An authorization server whose JWKS (at `jwks_url`) answers after `delay_ms`.
async fn issuer(jwks: Value, jwks_url: Option<String>, delay_ms: Arc<AtomicU64>) -> String {
    let (listener, url) = listen().await;
    let metadata = json!({"issuer": url, "jwks_uri": jwks_url.unwrap_or(format!("{url}/jwks"))});
    let app = axum::Router::new()
        .route(
            "/.well-known/oauth-authorization-server",
            axum::routing::get(move || async move { json_reply(&metadata) }),
        )
        .route(
            "/jwks",
            axum::routing::get(move || async move {
                let delay = delay_ms.load(Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(delay)).await;
                json_reply(&jwks)
            }),
        );
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

fn json_reply(value: &Value) -> ([(axum::http::HeaderName, &'static str); 1], String) {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
}

async fn call(url: &str, token: &str, body: &str) -> (u16, Duration) {
    let started = Instant::now();
    let response = reqwest::Client::new()
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("Authorization", format!("Bearer {token}"))
        .body(body.to_owned())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let _ = response.bytes().await;
    (status, started.elapsed())
}

const PING: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;

async fn victim() {
    let key = key();
    let delay = Arc::new(AtomicU64::new(0));
    let issuer = issuer(json!({"keys": [key.jwk]}), None, delay.clone()).await;
    let (listener, base) = listen().await;
    let url = format!("{base}/mcp");
    let auth =
        Authorization::new(url.clone(), issuer.clone()).jwks_refresh_interval(Duration::ZERO);
    endpoint(HttpConfig::default().authorization(auth), listener).await;
    let good = sign(&key.pkcs8, "k1", &issuer, &url);
    println!("warm-up: {:?}", call(&url, &good, PING).await);
    delay.store(6_000, Ordering::SeqCst);
    let junk = sign(&key.pkcs8, "unknown", &issuer, &url);
    let (u, j) = (url.clone(), junk.clone());
    tokio::spawn(async move { call(&u, &j, PING).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, took) = call(&url, &good, PING).await;
    println!("victim with a cached kid: HTTP {status} in {took:?}");
}

/// A JWKS of `jwk` padded to 400 MiB, streamed from a buffer of 1 MiB.
async fn huge_jwks(jwk: Value) -> String {
    let (listener, url) = listen().await;
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let jwk = jwk.clone();
            tokio::spawn(async move {
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{{\"keys\":[{jwk}],\"padding\":\""
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let chunk = vec![b'x'; 1024 * 1024];
                for _ in 0..400 {
                    if stream.write_all(&chunk).await.is_err() {
                        return;
                    }
                }
                let _ = stream.write_all(b"\"}").await;
            });
        }
    });
    format!("{url}/jwks")
}

async fn jwks() {
    let key = key();
    let jwks_url = huge_jwks(key.jwk.clone()).await;
    let issuer = issuer(json!({}), Some(jwks_url), Arc::default()).await;
    let (listener, base) = listen().await;
    let url = format!("{base}/mcp");
    endpoint(
        HttpConfig::default().authorization(Authorization::new(url.clone(), issuer.clone())),
        listener,
    )
    .await;
    let before = peak_kib();
    let good = sign(&key.pkcs8, "k1", &issuer, &url);
    let (status, took) = call(&url, &good, PING).await;
    println!(
        "400 MiB JWKS: HTTP {status} in {took:?}; peak RSS {} -> {} MiB",
        before / 1024,
        peak_kib() / 1024
    );
}

async fn json_values() {
    let (listener, base) = listen().await;
    let url = format!("{base}/mcp");
    endpoint(HttpConfig::default(), listener).await;
    let items = vec!["0"; 2_000_000].join(",");
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"ok","arguments":{{"x":[{items}]}}}}}}"#
    );
    let body: &'static str = Box::leak(body.into_boxed_str());
    let before = peak_kib();
    let (status, took) = call(&url, "", body).await;
    let one = peak_kib();
    let calls: Vec<_> = (0..8)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move { call(&url, "", body).await })
        })
        .collect();
    let started = Instant::now();
    for c in calls {
        c.await.unwrap();
    }
    println!(
        "{} MiB of 2M items: HTTP {status} in {took:?}; peak RSS {} -> {} MiB (one) -> {} MiB (eight at once, {:?})",
        body.len() / (1024 * 1024),
        before / 1024,
        one / 1024,
        peak_kib() / 1024,
        started.elapsed()
    );
}

async fn peers() {
    let (listener, base) = listen().await;
    let url = format!("{base}/mcp");
    let addr = listener.local_addr().unwrap();
    endpoint(HttpConfig::default(), listener).await;
    let mut idle = Vec::new();
    for _ in 0..520 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        idle.push(socket.connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, took) = call(&url, "", PING).await;
    println!("ping behind 520 idle connections of another peer: HTTP {status} in {took:?}");
}

#[tokio::main]
async fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("victim") => victim().await,
        Some("jwks") => jwks().await,
        Some("json") => json_values().await,
        Some("peers") => peers().await,
        _ => println!("usage: hardening_bench victim|jwks|json|peers"),
    }
}
