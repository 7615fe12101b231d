//! Session mode (`HttpConfig::sessions`) over Streamable HTTP: rmcp's client on a 2025-11-25
//! session answers an elicitation, receives a resource update and has its log level kept;
//! raw requests check the session id, `DELETE`, the session cap, idle expiry and the
//! bounded wait for the client's answer.
#![allow(clippy::unwrap_used, deprecated)]

mod support;

use prefab::forms::{FieldKind, FormField};
use prefab_mcp::transport::{HttpConfig, Sessions, http_router, serve_router};
use prefab_mcp::{Answer, ask_form};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientConfig, ContentBlock, ElicitRequestParams,
    ElicitResult, LoggingLevel, LoggingMessageNotificationParam, ResourceUpdatedNotificationParam,
    SetLevelRequestParams, SubscribeRequestParams,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{
    ClientHandler, ErrorData, RoleClient, RoleServer, ServerHandler, ServiceExt, tool,
    tool_handler, tool_router,
};
use serde_json::{Map, Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::post_in_session;
use tokio::sync::mpsc;

/// The longest any step may take before the test fails instead of hanging.
const GUARD: Duration = Duration::from_secs(10);

/// One handler per session: it remembers the session's log level; `failures` (shared by
/// every session) collects why a `greet` got no answer.
#[derive(Clone, Default)]
struct Desk {
    level: Arc<Mutex<Option<LoggingLevel>>>,
    failures: Arc<Mutex<Vec<String>>>,
}

#[tool_router]
impl Desk {
    #[tool(description = "Asks for a name")]
    async fn greet(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let fields = [FormField::new("name", FieldKind::Text).required(true)];
        let asked = ask_form::<Map<String, Value>>(&context, None, &fields, "name", "Who?", None);
        let answer = asked.await.inspect_err(|e| {
            self.failures.lock().unwrap().push(e.message.to_string());
        })?;
        let text = match answer {
            Answer::Accepted(v) => format!("Hello {}", v["name"].as_str().unwrap_or("?")),
            other => format!("{other:?}"),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }

    #[tool(description = "Logs one info and one error message, as the session's level lets")]
    async fn chatter(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        let min = self.level.lock().unwrap().unwrap_or(LoggingLevel::Debug);
        for (level, text) in [(LoggingLevel::Info, "info"), (LoggingLevel::Error, "error")] {
            if level as u8 >= min as u8 {
                let message = LoggingMessageNotificationParam::new(level, json!(text));
                context.peer.notify_logging_message(message).await.unwrap();
            }
        }
        CallToolResult::success(vec![ContentBlock::text("done")])
    }
}

#[tool_handler]
impl ServerHandler for Desk {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .enable_resources_subscribe()
                .enable_logging()
                .build(),
        )
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        *self.level.lock().unwrap() = Some(request.level);
        Ok(())
    }

    /// Reports the resource changed right after the subscription is answered (on the
    /// session's standalone stream).
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let peer = context.peer.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let _ = peer
                .notify_resource_updated(ResourceUpdatedNotificationParam::new(request.uri))
                .await;
        });
        Ok(())
    }
}

/// A 2025-11-25 client that answers elicitations with a name and reports what it hears.
#[derive(Clone)]
struct Client {
    heard: mpsc::UnboundedSender<String>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        serde_json::from_value(json!({
            "protocolVersion": "2025-11-25",
            "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "sessions-test", "version": "0"}
        }))
        .unwrap()
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(
            serde_json::from_value(json!({"action": "accept", "content": {"name": "Ada"}}))
                .unwrap(),
        )
    }

    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.heard.send(format!("log {}", params.data));
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.heard.send(format!("updated {}", params.uri));
    }
}

/// Serves [`Desk`] under `config` on a free loopback port: its URL and task.
async fn serve(config: HttpConfig) -> (String, tokio::task::JoinHandle<()>) {
    serve_desks(config, Arc::default()).await
}

/// [`serve`] with `failures` shared by every session's [`Desk`].
async fn serve_desks(
    config: HttpConfig,
    failures: Arc<Mutex<Vec<String>>>,
) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let desk = move || Desk {
        failures: failures.clone(),
        ..Desk::default()
    };
    let app = http_router(desk, &config);
    let server = tokio::spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    (url, server)
}

fn session_mode() -> HttpConfig {
    HttpConfig::default().sessions(Sessions::default())
}

async fn next(heard: &mut mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(GUARD, heard.recv())
        .await
        .expect("nothing heard")
        .unwrap()
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().unwrap().text
}

#[tokio::test]
async fn a_session_carries_elicitation_subscriptions_and_the_log_level() {
    let (url, server) = serve(session_mode()).await;
    let (tx, mut heard) = mpsc::unbounded_channel();
    let client = Client { heard: tx }
        .serve(StreamableHttpClientTransport::from_uri(url))
        .await
        .unwrap();

    let greeted = client
        .call_tool(CallToolRequestParams::new("greet"))
        .await
        .unwrap();
    assert_eq!(text(&greeted), "Hello Ada");

    client
        .subscribe(SubscribeRequestParams::new("test://watched"))
        .await
        .unwrap();
    assert_eq!(next(&mut heard).await, "updated test://watched");

    client
        .set_level(SetLevelRequestParams::new(LoggingLevel::Error))
        .await
        .unwrap();
    client
        .call_tool(CallToolRequestParams::new("chatter"))
        .await
        .unwrap();
    // Only the error passed the level this session set; the info message was never sent.
    assert_eq!(next(&mut heard).await, "log \"error\"");
    assert!(heard.try_recv().is_err());

    client.cancel().await.unwrap();
    server.abort();
}

fn initialize() -> Value {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"}}})
}

fn ping() -> Value {
    json!({"jsonrpc": "2.0", "id": 2, "method": "ping"})
}

async fn delete(url: &str, session: &str) -> u16 {
    reqwest::Client::new()
        .delete(url)
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", "2025-11-25")
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn delete_ends_a_session_and_the_cap_refuses_more() {
    let config = HttpConfig::default().sessions(Sessions::default().max_sessions(1_usize));
    let (url, server) = serve(config).await;
    let (status, first, _) = post_in_session(&url, &initialize(), None, None).await;
    assert_eq!(status, 200);
    let first = first.expect("initialize issues an Mcp-Session-Id");
    assert_eq!(
        post_in_session(&url, &ping(), Some(&first), None).await.0,
        200
    );

    let (status, refused, body) = post_in_session(&url, &initialize(), None, None).await;
    assert_eq!((status, refused), (503, None), "{body}");

    assert!((200..300).contains(&delete(&url, &first).await));
    assert_eq!(
        post_in_session(&url, &ping(), Some(&first), None).await.0,
        404
    );
    let (status, second, _) = post_in_session(&url, &initialize(), None, None).await;
    assert_eq!(status, 200);
    assert!(second.is_some_and(|s| s != first));
    server.abort();
}

#[tokio::test]
async fn an_idle_session_expires() {
    let sessions = Sessions::default().idle_timeout(Duration::from_millis(200));
    let (url, server) = serve(HttpConfig::default().sessions(sessions)).await;
    let (_, id, _) = post_in_session(&url, &initialize(), None, None).await;
    let id = id.unwrap();
    assert_eq!(post_in_session(&url, &ping(), Some(&id), None).await.0, 200);
    let deadline = Instant::now() + GUARD;
    loop {
        // Each ping restarts the idle clock: ask only after more than the idle timeout.
        tokio::time::sleep(Duration::from_millis(400)).await;
        if post_in_session(&url, &ping(), Some(&id), None).await.0 == 404 {
            break;
        }
        assert!(Instant::now() < deadline, "the idle session never expired");
    }
    server.abort();
}

/// A client that never answers an elicitation (it says when one arrives).
#[derive(Clone, Default)]
struct Silent {
    asked: Option<mpsc::UnboundedSender<()>>,
}

impl ClientHandler for Silent {
    fn get_info(&self) -> ClientConfig {
        Client {
            heard: mpsc::unbounded_channel().0,
        }
        .get_info()
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        if let Some(asked) = &self.asked {
            let _ = asked.send(());
        }
        std::future::pending().await
    }
}

#[tokio::test]
async fn a_request_to_the_client_waits_only_as_long_as_configured() {
    let config = session_mode().client_request_timeout(Duration::from_millis(100));
    let (url, server) = serve(config).await;
    let client = Silent::default()
        .serve(StreamableHttpClientTransport::from_uri(url))
        .await
        .unwrap();
    let call = client.call_tool(CallToolRequestParams::new("greet"));
    let failed = tokio::time::timeout(GUARD, call)
        .await
        .unwrap()
        .unwrap_err();
    assert!(failed.to_string().contains("no answer"), "{failed}");
    client.cancel().await.unwrap();
    server.abort();
}

/// Opens a session on `url` for a client that can be asked for a form, and starts `greet`,
/// which asks it; returns the session id once the elicitation has arrived on the call's
/// stream (it is never answered) and the still open call.
async fn a_call_waiting_for_the_client(url: &str) -> (String, reqwest::Response) {
    let mut init = initialize();
    init["params"]["capabilities"] = json!({"elicitation": {"form": {}}});
    let (_, id, _) = post_in_session(url, &init, None, None).await;
    let id = id.unwrap();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(
        post_in_session(url, &initialized, Some(&id), None).await.0,
        202
    );
    let greet = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "greet", "arguments": {}}});
    let mut call = reqwest::Client::new()
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2025-11-25")
        .header("Mcp-Session-Id", &id)
        .json(&greet)
        .send()
        .await
        .unwrap();
    let mut seen = String::new();
    while !seen.contains("elicitation/create") {
        let chunk = tokio::time::timeout(GUARD, call.chunk())
            .await
            .unwrap()
            .unwrap();
        seen.push_str(&String::from_utf8_lossy(
            &chunk.expect("the stream ended early"),
        ));
    }
    (id, call)
}

/// Waits (bounded) until the tool's wait for the client has failed, and checks that the end
/// of the session ended it (cancelled, or its transport closed), not the request timeout.
async fn the_wait_ended_with_the_session(failures: &Mutex<Vec<String>>) {
    let deadline = Instant::now() + GUARD;
    while failures.lock().unwrap().is_empty() {
        assert!(
            Instant::now() < deadline,
            "the tool still waits after the session ended"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let failure = failures.lock().unwrap()[0].clone();
    assert!(!failure.contains("no answer"), "{failure}");
}

#[tokio::test]
async fn deleting_the_session_ends_the_wait_for_the_client() {
    let failures = Arc::new(Mutex::new(Vec::new()));
    let (url, server) = serve_desks(session_mode(), failures.clone()).await;
    let (id, _call) = a_call_waiting_for_the_client(&url).await;
    assert!((200..300).contains(&delete(&url, &id).await));
    the_wait_ended_with_the_session(&failures).await;
    server.abort();
}

#[tokio::test]
async fn an_expired_session_ends_its_running_calls() {
    // A call waiting for the client sends nothing: the session is idle, and expires.
    let sessions = Sessions::default().idle_timeout(Duration::from_millis(300));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let (url, server) =
        serve_desks(HttpConfig::default().sessions(sessions), failures.clone()).await;
    let (id, _call) = a_call_waiting_for_the_client(&url).await;
    the_wait_ended_with_the_session(&failures).await;
    assert_eq!(post_in_session(&url, &ping(), Some(&id), None).await.0, 404);
    server.abort();
}

#[tokio::test]
async fn one_peer_cannot_fill_the_session_table_without_authorization() {
    let sessions = Sessions::default()
        .max_sessions(16_usize)
        .max_sessions_per_caller(4_usize);
    let (url, server) = serve(HttpConfig::default().sessions(sessions)).await;
    let mut opened = Vec::new();
    for _ in 0..40 {
        let (status, id, body) = post_in_session(&url, &initialize(), None, None).await;
        assert_eq!(status, 200, "{body}");
        opened.push(id.unwrap());
    }
    // Only this peer's newest four are left; the oldest was ended as on DELETE.
    assert_eq!(
        post_in_session(&url, &ping(), Some(&opened[0]), None)
            .await
            .0,
        404
    );
    let mut live = Vec::new();
    for (n, id) in opened.iter().enumerate() {
        if post_in_session(&url, &ping(), Some(id), None).await.0 == 200 {
            live.push(n);
        }
    }
    assert_eq!(live, [36, 37, 38, 39]);

    // Off (behind a reverse proxy, every client shares the proxy's address): the global cap.
    let sessions = Sessions::default()
        .max_sessions(4_usize)
        .max_sessions_per_caller(0_usize);
    let (url, second) = serve(HttpConfig::default().sessions(sessions)).await;
    for _ in 0..4 {
        assert_eq!(
            post_in_session(&url, &initialize(), None, None).await.0,
            200
        );
    }
    assert_eq!(
        post_in_session(&url, &initialize(), None, None).await.0,
        503
    );
    server.abort();
    second.abort();
}
