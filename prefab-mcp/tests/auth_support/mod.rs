//! Shared by the authorization tests: signing keys made per run, a tiny authorization server
//! (RFC 8414 metadata, JWKS that counts its fetches, RFC 7662 introspection), and the MCP
//! endpoint with a tool that reports the caller and counts its calls.
#![allow(dead_code, clippy::unwrap_used)]

use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use axum::routing::{get, post};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use prefab_mcp::transport::auth::{Authorization, Caller};
use prefab_mcp::transport::{HttpConfig, RequestRecord, http_router, serve_router};
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::task::JoinHandle;

/// An ES256 key pair with its `kid`.
pub struct Key {
    pub kid: String,
    pkcs8: Vec<u8>,
    public: Vec<u8>,
}

impl Key {
    pub fn new(kid: &str) -> Key {
        let pkcs8 =
            EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
                .unwrap();
        let pair =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref()).unwrap();
        Key {
            kid: kid.into(),
            pkcs8: pkcs8.as_ref().to_vec(),
            public: pair.public_key().as_ref().to_vec(),
        }
    }

    /// The public JWK (uncompressed point: 0x04, x, y).
    pub fn jwk(&self) -> Value {
        json!({
            "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": self.kid,
            "x": URL_SAFE_NO_PAD.encode(&self.public[1..33]),
            "y": URL_SAFE_NO_PAD.encode(&self.public[33..65]),
        })
    }

    /// The public key's bytes, as an attacker could use them for an HMAC secret.
    pub fn public_bytes(&self) -> &[u8] {
        &self.public
    }

    /// `claims` signed ES256 with this key, naming `kid` in the header.
    pub fn sign(&self, kid: &str, claims: &Value) -> String {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(kid.into());
        jsonwebtoken::encode(&header, claims, &EncodingKey::from_ec_der(&self.pkcs8)).unwrap()
    }
}

pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// `value` as an `application/json` answer.
fn json_answer(value: Value) -> impl axum::response::IntoResponse {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
}

/// A running task, aborted when dropped.
pub struct Task(JoinHandle<()>);

impl Drop for Task {
    fn drop(&mut self) {
        self.0.abort();
    }
}

async fn listen() -> (tokio::net::TcpListener, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (listener, url)
}

/// The authorization server: its issuer URL, its JWKS (which a test may rotate), how often
/// it was fetched, and the resource its introspection answers name.
pub struct Issuer {
    pub url: String,
    pub jwks: Arc<Mutex<Value>>,
    pub jwks_fetches: Arc<AtomicUsize>,
    pub resource: Arc<Mutex<String>>,
    _task: Task,
}

/// A JWKS of `keys`.
pub fn jwks(keys: &[&Key]) -> Value {
    json!({"keys": keys.iter().map(|k| k.jwk()).collect::<Vec<_>>()})
}

/// The opaque token the introspection endpoint calls active (for `resource`).
pub const OPAQUE_TOKEN: &str = "opaque-token-value-1234567890";

/// Serves metadata, `keys` as the JWKS, and introspection.
pub async fn issuer(keys: &[&Key]) -> Issuer {
    let (listener, url) = listen().await;
    let fetches = Arc::new(AtomicUsize::new(0));
    let jwks = Arc::new(Mutex::new(self::jwks(keys)));
    let resource = Arc::new(Mutex::new(String::new()));
    let metadata = json!({
        "issuer": url,
        "jwks_uri": format!("{url}/jwks"),
        "introspection_endpoint": format!("{url}/introspect"),
    });
    let (counter, served) = (fetches.clone(), jwks.clone());
    let (iss, aud) = (url.clone(), resource.clone());
    let app = axum::Router::new()
        .route(
            "/.well-known/oauth-authorization-server",
            get(move || async move { json_answer(metadata) }),
        )
        .route(
            "/jwks",
            get(move || async move {
                counter.fetch_add(1, Ordering::SeqCst);
                json_answer(served.lock().unwrap().clone())
            }),
        )
        .route(
            "/introspect",
            post(move |body: String| async move {
                let aud = aud.lock().unwrap().clone();
                let active = body.contains(&format!("token={OPAQUE_TOKEN}"));
                json_answer(if active {
                    json!({"active": true, "iss": iss, "aud": aud, "sub": "opaque-user",
                           "scope": "mcp", "client_id": "svc", "exp": now() + 300})
                } else {
                    json!({"active": false})
                })
            }),
        );
    let task = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    Issuer {
        url,
        jwks,
        jwks_fetches: fetches,
        resource,
        _task: Task(task),
    }
}

/// The MCP server under test: `whoami` answers the caller's subject and scopes, `erase`
/// needs the scope `boards:write`; both count their calls.
#[derive(Clone)]
pub struct Whoami {
    pub calls: Arc<AtomicUsize>,
}

#[tool_router]
impl Whoami {
    #[tool(description = "Who is calling")]
    async fn whoami(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let caller = Caller::from_context(&context);
        let answer = json!({
            "subject": caller.and_then(Caller::subject),
            "scopes": caller.map(Caller::scopes),
        });
        CallToolResult::success(vec![ContentBlock::text(answer.to_string())])
    }

    #[tool(description = "Erase everything")]
    async fn erase(&self) -> CallToolResult {
        self.calls.fetch_add(1, Ordering::SeqCst);
        CallToolResult::success(vec![ContentBlock::text("erased")])
    }
}

#[tool_handler]
impl ServerHandler for Whoami {}

/// A running MCP endpoint and what happened there.
pub struct Endpoint {
    pub url: String,
    pub calls: Arc<AtomicUsize>,
    pub records: Arc<Mutex<Vec<RequestRecord>>>,
    _task: Task,
}

/// Serves [`Whoami`] at `/mcp` with `configure` applied to its authorization (resource:
/// the endpoint's URL, issuer: `issuer`).
pub async fn endpoint(
    issuer: &str,
    configure: impl FnOnce(Authorization) -> Authorization,
) -> Endpoint {
    let (listener, base) = listen().await;
    let url = format!("{base}/mcp");
    let auth = configure(
        Authorization::new(url.clone(), issuer)
            .required_scopes(["mcp"])
            .tool_scopes("erase", ["boards:write"]),
    );
    let records = Arc::new(Mutex::new(Vec::new()));
    let seen = records.clone();
    let config = HttpConfig::default()
        .authorization(auth)
        .on_request(move |r: &RequestRecord| seen.lock().unwrap().push(r.clone()));
    let calls = Arc::new(AtomicUsize::new(0));
    let handler = Whoami {
        calls: calls.clone(),
    };
    let app = http_router(move || handler.clone(), &config);
    let task = tokio::spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    Endpoint {
        url,
        calls,
        records,
        _task: Task(task),
    }
}

/// The claims of a good token for `resource` from `issuer`.
pub fn claims(issuer: &str, resource: &str) -> Value {
    let now = now();
    json!({
        "iss": issuer, "aud": resource, "sub": "user-1", "client_id": "test-client",
        "scope": "mcp boards:read", "iat": now, "exp": now + 300,
    })
}

/// What a call of `tool` answered: status, `WWW-Authenticate`, body.
pub struct Answer {
    pub status: u16,
    pub challenge: String,
    pub body: String,
}

/// A stateless (2026-07-28) `tools/call` of `tool` with `authorization` as the header.
pub async fn call(url: &str, tool: &str, authorization: Option<&str>) -> Answer {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": tool, "arguments": {}, "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {}}}});
    let mut request = reqwest::Client::new()
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", tool)
        .json(&body);
    if let Some(value) = authorization {
        request = request.header("Authorization", value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let challenge = response
        .headers()
        .get("www-authenticate")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    Answer {
        status,
        challenge,
        body: response.text().await.unwrap(),
    }
}
