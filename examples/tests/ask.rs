//! `invite_user` asks for missing arguments through a form: a 2026-07-28 client receives an
//! `InputRequiredResult` and calls again with the answer; a 2025-11-25 client receives an
//! `elicitation/create` request instead. rmcp's client drives the `hello` binary over stdio.
#![allow(clippy::unwrap_used)]

use rmcp::model::ProtocolVersion;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientConfig, ElicitRequestParams,
    ElicitResult, InputResponses,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceExt};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

fn hello() -> TokioChildProcess {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_hello"));
    command.arg("stdio");
    TokioChildProcess::new(command).unwrap()
}

/// A 2026-07-28 client: `server/discover` and per-request metadata, no `initialize`.
async fn modern() -> RunningService<RoleClient, ()> {
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    ().serve_with_lifecycle(hello(), lifecycle).await.unwrap()
}

/// The values a choice property of an elicitation schema allows.
fn choices(property: &Value) -> Vec<&str> {
    property["oneOf"]
        .as_array()
        .map(|options| options.iter().filter_map(|o| o["const"].as_str()).collect())
        .unwrap_or_default()
}

fn call(arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new("invite_user").with_arguments(arguments.as_object().unwrap().clone())
}

fn text(result: &CallToolResult) -> String {
    result.content[0].as_text().unwrap().text.clone()
}

/// The input request of a first call, as JSON.
async fn ask<S: rmcp::Service<RoleClient>>(
    client: &RunningService<RoleClient, S>,
    arguments: Value,
) -> Value {
    match client.call_tool_once(call(arguments)).await.unwrap() {
        CallToolResponse::InputRequired(asked) => serde_json::to_value(asked).unwrap(),
        other => panic!("expected an input request, got {other:?}"),
    }
}

async fn retry<S: rmcp::Service<RoleClient>>(
    client: &RunningService<RoleClient, S>,
    arguments: Value,
    answer: Value,
) -> CallToolResult {
    let responses: InputResponses = serde_json::from_value(json!({ "invite": answer })).unwrap();
    let params = call(arguments).with_input_responses(responses);
    match client.call_tool_once(params).await.unwrap() {
        CallToolResponse::Complete(result) => result,
        other => panic!("expected a result, got {other:?}"),
    }
}

#[tokio::test]
async fn a_2026_client_gets_an_input_request_and_the_retry_succeeds() {
    let client = modern().await;
    let asked = ask(&client, json!({})).await;
    assert_eq!(asked["resultType"], "input_required");
    let request = &asked["inputRequests"]["invite"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["mode"], "form");
    let schema = &request["params"]["requestedSchema"];
    assert_eq!(schema["properties"]["email"]["format"], "email");
    assert_eq!(
        choices(&schema["properties"]["role"]),
        ["admin", "editor", "viewer"]
    );
    assert_eq!(schema["required"], json!(["email", "role"]));

    let answer = json!({"action": "accept", "content": {"email": "ada@example.com", "role": "editor", "note": "dropped"}});
    let done = retry(&client, json!({}), answer).await;
    assert_ne!(done.is_error, Some(true));
    assert_eq!(text(&done), "Invited ada@example.com as editor.");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn only_the_missing_arguments_are_asked() {
    let client = modern().await;
    let asked = ask(&client, json!({"email": "grace@example.com"})).await;
    let schema = &asked["inputRequests"]["invite"]["params"]["requestedSchema"];
    let asked_for: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    assert_eq!(asked_for, ["role"]);
    let answer = json!({"action": "accept", "content": {"role": "admin"}});
    let done = retry(&client, json!({"email": "grace@example.com"}), answer).await;
    assert_eq!(text(&done), "Invited grace@example.com as admin.");

    // Nothing missing: no question at all.
    let direct = client
        .call_tool_once(call(json!({"email": "a@b.co", "role": "viewer"})))
        .await
        .unwrap();
    let CallToolResponse::Complete(direct) = direct else {
        panic!("asked although nothing was missing")
    };
    assert_eq!(text(&direct), "Invited a@b.co as viewer.");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn wrong_answers_come_back_with_per_field_errors() {
    let client = modern().await;
    let answer = json!({"action": "accept", "content": {"email": "", "role": "boss"}});
    let done = retry(&client, json!({}), answer).await;
    assert_eq!(done.is_error, Some(true));
    let errors = &done.structured_content.as_ref().unwrap()["errors"];
    let by_field: Vec<(&str, &str)> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["message"].as_str().unwrap()))
        .collect();
    assert_eq!(by_field.len(), 2, "{errors}");
    assert_eq!(by_field[0], ("email", "is required"));
    assert_eq!(by_field[1].0, "role");
    assert!(by_field[1].1.contains("admin"), "{}", by_field[1].1);

    let declined = retry(&client, json!({}), json!({"action": "decline"})).await;
    assert_eq!(text(&declined), "No invitation was sent.");
    client.cancel().await.unwrap();
}

/// A client of the 2025-11-25 revision that answers elicitations like a user would.
#[derive(Clone, Default)]
struct OldClient {
    asked: Arc<Mutex<Vec<Value>>>,
}

impl ClientHandler for OldClient {
    fn get_info(&self) -> ClientConfig {
        serde_json::from_value(json!({
            "protocolVersion": "2025-11-25",
            "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "old-client", "version": "1.0.0"}
        }))
        .unwrap()
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.asked
            .lock()
            .unwrap()
            .push(serde_json::to_value(&request).unwrap());
        Ok(serde_json::from_value(
            json!({"action": "accept", "content": {"email": "lin@example.com", "role": "viewer"}}),
        )
        .unwrap())
    }
}

#[tokio::test]
async fn a_2025_client_gets_an_elicitation_request_instead() {
    let handler = OldClient::default();
    let client = handler.clone().serve(hello()).await.unwrap();
    assert_eq!(
        client.peer_info().unwrap().protocol_version.to_string(),
        "2025-11-25"
    );
    let response = client.call_tool_once(call(json!({}))).await.unwrap();
    let CallToolResponse::Complete(done) = response else {
        panic!("a 2025-11-25 client must not receive an input request: {response:?}")
    };
    assert_eq!(text(&done), "Invited lin@example.com as viewer.");
    let asked = handler.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0]["mode"], "form");
    assert_eq!(
        choices(&asked[0]["requestedSchema"]["properties"]["role"]),
        ["admin", "editor", "viewer"]
    );
    client.cancel().await.unwrap();
}
