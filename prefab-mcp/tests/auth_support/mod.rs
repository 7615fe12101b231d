//! Shared by the authorization tests: signing keys made per run, a tiny authorization server
//! (RFC 8414 metadata, JWKS that counts its fetches, RFC 7662 introspection), and the MCP
//! endpoint with a tool that reports the caller and counts its calls.
#![allow(dead_code, clippy::unwrap_used)]

use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use axum::extract::State;
use axum::http::{StatusCode, header};
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
use std::time::{Duration, SystemTime, UNIX_EPOCH};
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

    /// `claims` signed ES256 with this key as an RFC 9068 access token (`typ: at+jwt`),
    /// naming `kid` in the header.
    pub fn sign(&self, kid: &str, claims: &Value) -> String {
        self.sign_typed(kid, Some("at+jwt"), claims)
    }

    /// `claims` signed ES256 with this key, with `typ` in the header.
    pub fn sign_typed(&self, kid: &str, typ: Option<&str>, claims: &Value) -> String {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(kid.into());
        header.typ = typ.map(str::to_owned);
        jsonwebtoken::encode(&header, claims, &EncodingKey::from_ec_der(&self.pkcs8)).unwrap()
    }
}

pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
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

/// How the authorization server misbehaves, as a test sets it.
#[derive(Debug, Clone, Default)]
pub struct Faults {
    /// Delay before the JWKS is answered.
    pub jwks_delay: Duration,
    /// Answer the JWKS with 500.
    pub jwks_fails: bool,
    /// Bytes of padding added to the JWKS document.
    pub jwks_padding: usize,
    /// Answer both metadata URLs with 500.
    pub metadata_fails: bool,
    /// Delay before an introspection is answered.
    pub introspect_delay: Duration,
}

/// The authorization server: its issuer URL, its metadata and JWKS (which a test may
/// change), how often they were fetched, the resource its introspection answers name, its
/// faults, and the token exchange requests it answered (their form bodies).
pub struct Issuer {
    pub url: String,
    pub metadata: Arc<Mutex<Value>>,
    pub jwks: Arc<Mutex<Value>>,
    /// Served at `/jwks-next`.
    pub next_jwks: Arc<Mutex<Value>>,
    pub jwks_fetches: Arc<AtomicUsize>,
    pub metadata_fetches: Arc<AtomicUsize>,
    pub resource: Arc<Mutex<String>>,
    pub faults: Arc<Mutex<Faults>>,
    pub exchanges: Arc<Mutex<Vec<String>>>,
    pub introspections: Arc<Introspections>,
    _task: Task,
}

/// The introspection requests the authorization server answered, and the most it had
/// under way at once.
#[derive(Debug, Default)]
pub struct Introspections {
    pub count: AtomicUsize,
    pub in_flight: AtomicUsize,
    pub max_in_flight: AtomicUsize,
}

/// A JWKS of `keys`.
pub fn jwks(keys: &[&Key]) -> Value {
    json!({"keys": keys.iter().map(|k| k.jwk()).collect::<Vec<_>>()})
}

/// The opaque token the introspection endpoint calls active (for `resource`).
pub const OPAQUE_TOKEN: &str = "opaque-token-value-1234567890";
/// The client credentials the token endpoint accepts (`Basic` of `rs:rs-secret`).
pub const CLIENT_BASIC: &str = "Basic cnM6cnMtc2VjcmV0";

/// The state the routes of [`issuer`] share.
#[derive(Clone)]
struct Shared {
    url: String,
    metadata: Arc<Mutex<Value>>,
    jwks: Arc<Mutex<Value>>,
    next_jwks: Arc<Mutex<Value>>,
    jwks_fetches: Arc<AtomicUsize>,
    metadata_fetches: Arc<AtomicUsize>,
    resource: Arc<Mutex<String>>,
    faults: Arc<Mutex<Faults>>,
    exchanges: Arc<Mutex<Vec<String>>>,
    introspections: Arc<Introspections>,
}

type Reply = (StatusCode, [(header::HeaderName, &'static str); 1], String);

fn reply(status: StatusCode, value: &Value) -> Reply {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
}

async fn serve_metadata(State(s): State<Shared>) -> Reply {
    s.metadata_fetches.fetch_add(1, Ordering::SeqCst);
    let fails = s.faults.lock().unwrap().metadata_fails;
    let status = if fails {
        StatusCode::INTERNAL_SERVER_ERROR
    } else {
        StatusCode::OK
    };
    reply(status, &s.metadata.lock().unwrap().clone())
}

async fn serve_jwks(State(s): State<Shared>, uri: axum::http::Uri) -> Reply {
    s.jwks_fetches.fetch_add(1, Ordering::SeqCst);
    let faults = s.faults.lock().unwrap().clone();
    tokio::time::sleep(faults.jwks_delay).await;
    if faults.jwks_fails {
        return reply(StatusCode::INTERNAL_SERVER_ERROR, &json!({}));
    }
    let source = if uri.path() == "/jwks-next" {
        &s.next_jwks
    } else {
        &s.jwks
    };
    let mut document = source.lock().unwrap().clone();
    if faults.jwks_padding > 0 {
        document["padding"] = json!("x".repeat(faults.jwks_padding));
    }
    reply(StatusCode::OK, &document)
}

async fn introspect(State(s): State<Shared>, body: String) -> Reply {
    let seen = &s.introspections;
    seen.count.fetch_add(1, Ordering::SeqCst);
    let now_in_flight = seen.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    seen.max_in_flight
        .fetch_max(now_in_flight, Ordering::SeqCst);
    let delay = s.faults.lock().unwrap().introspect_delay;
    tokio::time::sleep(delay).await;
    seen.in_flight.fetch_sub(1, Ordering::SeqCst);
    let aud = s.resource.lock().unwrap().clone();
    let active = body.contains(&format!("token={OPAQUE_TOKEN}"));
    reply(
        StatusCode::OK,
        &if active {
            json!({"active": true, "iss": s.url, "aud": aud, "sub": "opaque-user",
                   "scope": "mcp", "client_id": "svc", "exp": now() + 300})
        } else {
            json!({"active": false})
        },
    )
}

/// RFC 8693: answers `exchanged-for-<audience>` to a token exchange with the right client.
async fn token(State(s): State<Shared>, headers: axum::http::HeaderMap, body: String) -> Reply {
    s.exchanges.lock().unwrap().push(body.clone());
    let client = headers.get(header::AUTHORIZATION).map(|v| v.as_bytes());
    let form: Vec<(String, String)> = url::form_urlencoded::parse(body.as_bytes())
        .into_owned()
        .collect();
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let exchange = field("grant_type").as_deref()
        == Some("urn:ietf:params:oauth:grant-type:token-exchange")
        && field("subject_token").is_some();
    if client != Some(CLIENT_BASIC.as_bytes()) || !exchange {
        return reply(StatusCode::BAD_REQUEST, &json!({"error": "invalid_grant"}));
    }
    let audience = field("audience").unwrap_or_default();
    reply(
        StatusCode::OK,
        &json!({"access_token": format!("exchanged-for-{audience}"), "token_type": "Bearer",
                "issued_token_type": "urn:ietf:params:oauth:token-type:access_token"}),
    )
}

/// Serves metadata, `keys` as the JWKS, introspection and token exchange.
pub async fn issuer(keys: &[&Key]) -> Issuer {
    let (listener, url) = listen().await;
    let shared = Shared {
        metadata: Arc::new(Mutex::new(json!({
            "issuer": url,
            "jwks_uri": format!("{url}/jwks"),
            "introspection_endpoint": format!("{url}/introspect"),
            "token_endpoint": format!("{url}/token"),
        }))),
        url: url.clone(),
        jwks: Arc::new(Mutex::new(self::jwks(keys))),
        next_jwks: Arc::new(Mutex::new(self::jwks(&[]))),
        jwks_fetches: Arc::default(),
        metadata_fetches: Arc::default(),
        resource: Arc::default(),
        faults: Arc::default(),
        exchanges: Arc::default(),
        introspections: Arc::default(),
    };
    let app = axum::Router::new()
        .route(
            "/.well-known/oauth-authorization-server",
            get(serve_metadata),
        )
        .route("/.well-known/openid-configuration", get(serve_metadata))
        .route("/jwks", get(serve_jwks))
        .route("/jwks-next", get(serve_jwks))
        .route("/introspect", post(introspect))
        .route("/token", post(token))
        .with_state(shared.clone());
    let task = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    Issuer {
        url,
        metadata: shared.metadata,
        jwks: shared.jwks,
        next_jwks: shared.next_jwks,
        jwks_fetches: shared.jwks_fetches,
        metadata_fetches: shared.metadata_fetches,
        resource: shared.resource,
        faults: shared.faults,
        exchanges: shared.exchanges,
        introspections: shared.introspections,
        _task: Task(task),
    }
}

/// A tool name longer than the 200 characters a log record keeps.
pub const LONG_TOOL: &str = "erase_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_now";

/// The MCP server under test: `whoami` answers the caller's subject and scopes, `erase`
/// (and [`LONG_TOOL`]) needs the scope `boards:write`, `call_api` calls the downstream API
/// at `api` for the caller; all count their calls.
#[derive(Clone)]
pub struct Whoami {
    pub calls: Arc<AtomicUsize>,
    pub api: Arc<Mutex<String>>,
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

    #[tool(
        name = "erase_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_everything_now",
        description = "Erase everything, named at length"
    )]
    async fn erase_long(&self) -> CallToolResult {
        self.erase().await
    }

    #[tool(description = "Call the downstream API for the caller")]
    async fn call_api(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let api = self.api.lock().unwrap().clone();
        let Some(caller) = Caller::from_context(&context) else {
            return CallToolResult::error(vec![ContentBlock::text("no caller")]);
        };
        let text = match caller.on_behalf_of(&api).await {
            Ok(upstream) => match upstream.get(&format!("{api}/data")).unwrap().send().await {
                Ok(response) => response.text().await.unwrap_or_default(),
                Err(e) => format!("upstream failed: {e}"),
            },
            Err(e) => format!("refused: {e}"),
        };
        CallToolResult::success(vec![ContentBlock::text(text)])
    }
}

#[tool_handler]
impl ServerHandler for Whoami {}

/// A running MCP endpoint and what happened there.
pub struct Endpoint {
    pub url: String,
    pub calls: Arc<AtomicUsize>,
    pub api: Arc<Mutex<String>>,
    pub records: Arc<Mutex<Vec<RequestRecord>>>,
    _task: Task,
}

/// Serves [`Whoami`] at `/mcp` with `configure` applied to its authorization (resource:
/// the endpoint's URL, issuer: `issuer`).
pub async fn endpoint(
    issuer: &str,
    configure: impl FnOnce(Authorization) -> Authorization,
) -> Endpoint {
    endpoint_on(issuer, configure, HttpConfig::default()).await
}

/// [`endpoint`] with `http` as the HTTP settings besides the authorization.
pub async fn endpoint_on(
    issuer: &str,
    configure: impl FnOnce(Authorization) -> Authorization,
    http: HttpConfig,
) -> Endpoint {
    let (listener, base) = listen().await;
    let url = format!("{base}/mcp");
    let auth = configure(
        Authorization::new(url.clone(), issuer)
            .required_scopes(["mcp"])
            .tool_scopes("erase", ["boards:write"])
            .tool_scopes(LONG_TOOL, ["boards:write"]),
    );
    let records = Arc::new(Mutex::new(Vec::new()));
    let seen = records.clone();
    let config = http
        .authorization(auth)
        .on_request(move |r: &RequestRecord| seen.lock().unwrap().push(r.clone()));
    let calls = Arc::new(AtomicUsize::new(0));
    let api = Arc::new(Mutex::new(String::new()));
    let handler = Whoami {
        calls: calls.clone(),
        api: api.clone(),
    };
    let app = http_router(move || handler.clone(), &config);
    let task = tokio::spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    Endpoint {
        url,
        calls,
        api,
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

/// A key, the authorization server serving it, and the endpoint trusting that server.
pub struct Setup {
    pub key: Key,
    pub issuer: Issuer,
    pub endpoint: Endpoint,
}

/// A [`Setup`] whose endpoint's authorization is changed by `configure`.
pub async fn setup_with(configure: impl FnOnce(Authorization) -> Authorization) -> Setup {
    setup_on(configure, HttpConfig::default()).await
}

/// [`setup_with`] on an endpoint with `base` as its HTTP settings.
pub async fn setup_on(
    configure: impl FnOnce(Authorization) -> Authorization,
    base: HttpConfig,
) -> Setup {
    let key = Key::new("key-1");
    let issuer = issuer(&[&key]).await;
    let endpoint = endpoint_on(&issuer.url, configure, base).await;
    *issuer.resource.lock().unwrap() = endpoint.url.clone();
    Setup {
        key,
        issuer,
        endpoint,
    }
}
