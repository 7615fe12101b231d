//! `ask_form` over stateless Streamable HTTP: the input request of a 2026-07-28 client and
//! its retried call pass through this crate's HTTP layer (its JSON-RPC checks included), and
//! rmcp's high-level `call_tool` drives the round through the client's elicitation handler.
#![allow(clippy::unwrap_used)]

use prefab::forms::{FieldKind, FormField};
use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
use prefab_mcp::{Answer, ask_form, form_errors_result};
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequestParams,
    ElicitResult, ProtocolVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{
    ClientHandler, ErrorData, RoleClient, RoleServer, ServerHandler, Service, tool, tool_handler,
    tool_router,
};
use serde_json::{Map, Value, json};

#[derive(Clone)]
struct Seats;

#[tool_router]
impl Seats {
    #[tool(description = "Book seats; asks how many")]
    async fn book(
        &self,
        InputResponses(answers): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let fields = [FormField::new("seats", FieldKind::Integer)
            .required(true)
            .range(Some(1.0), Some(9.0))];
        let answer = ask_form::<Map<String, Value>>(
            &context,
            answers.as_ref(),
            &fields,
            "seats",
            "How many?",
            None,
        )
        .await?;
        Ok(match answer {
            Answer::Accepted(v) => {
                CallToolResult::success(vec![ContentBlock::text(format!("Booked {}", v["seats"]))])
                    .into()
            }
            Answer::InputRequired(ask) => CallToolResponse::InputRequired(*ask),
            Answer::Invalid(errors) => form_errors_result(&errors).into(),
            Answer::Declined | Answer::Cancelled => {
                CallToolResult::success(vec![ContentBlock::text("Not booked")]).into()
            }
        })
    }
}

#[tool_handler]
impl ServerHandler for Seats {}

/// Answers every elicitation with `{"seats": 4}`.
#[derive(Clone)]
struct User;

impl ClientHandler for User {
    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(serde_json::from_value(json!({"action": "accept", "content": {"seats": 4}})).unwrap())
    }
}

/// Serves [`Seats`] statelessly on a free loopback port: its URL and task.
async fn serve_seats() -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let config = HttpConfig::default();
    let app = http_router(|| Seats, &config);
    let server = tokio::spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    (url, server)
}

async fn connect<S: Service<RoleClient>>(
    client: S,
) -> (RunningService<RoleClient, S>, tokio::task::JoinHandle<()>) {
    let (url, server) = serve_seats().await;
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let client = client
        .serve_with_lifecycle(StreamableHttpClientTransport::from_uri(url), lifecycle)
        .await
        .unwrap();
    (client, server)
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().unwrap().text
}

#[tokio::test]
async fn input_request_and_retry_over_stateless_http() {
    let (client, server) = connect(()).await;
    let first = client
        .call_tool_once(CallToolRequestParams::new("book"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(asked) = first else {
        panic!("{first:?}")
    };
    let asked = serde_json::to_value(asked).unwrap();
    assert_eq!(
        asked["inputRequests"]["seats"]["params"]["requestedSchema"]["properties"]["seats"]["maximum"],
        json!(9)
    );

    let answer = |seats: Value| {
        let responses = serde_json::from_value(
            json!({"seats": {"action": "accept", "content": {"seats": seats}}}),
        )
        .unwrap();
        CallToolRequestParams::new("book").with_input_responses(responses)
    };
    let CallToolResponse::Complete(done) = client.call_tool_once(answer(json!(3))).await.unwrap()
    else {
        panic!()
    };
    assert_eq!(text(&done), "Booked 3");
    let CallToolResponse::Complete(wrong) = client.call_tool_once(answer(json!(12))).await.unwrap()
    else {
        panic!()
    };
    assert_eq!(wrong.is_error, Some(true));
    assert_eq!(
        wrong.structured_content.unwrap()["errors"],
        json!([{"field": "seats", "message": "must be at most 9"}])
    );
    client.cancel().await.unwrap();
    server.abort();
}

#[tokio::test]
async fn rmcp_call_tool_answers_through_the_client_handler() {
    let (client, server) = connect(User).await;
    let done = client
        .call_tool(CallToolRequestParams::new("book"))
        .await
        .unwrap();
    assert_eq!(text(&done), "Booked 4");
    client.cancel().await.unwrap();
    server.abort();
}

#[tokio::test]
async fn an_older_client_on_the_stateless_endpoint_gets_the_missing_fields_not_a_request() {
    let (url, server) = serve_seats().await;
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                      "params": {"name": "book", "arguments": {}}});
    let call = reqwest::Client::new()
        .post(&url)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2025-11-25")
        .json(&body)
        .send();
    // Before, the call sent `elicitation/create` on the response stream and waited for an
    // answer the endpoint could never receive.
    let answer = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        call.await.unwrap().text().await.unwrap()
    })
    .await
    .expect("the call is still waiting");
    assert!(!answer.contains("elicitation/create"), "{answer}");
    assert!(answer.contains("seats: is required"), "{answer}");
    server.abort();
}
