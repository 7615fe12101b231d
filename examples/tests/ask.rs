//! `invite_user` takes a typed form (`FormInput<Invite>`): the model sees `Invite`'s schema;
//! missing arguments are asked with an `InputRequiredResult` on a 2026-07-28 client (it calls
//! again with the answer) and shown as the form view on a 2025-11-25 one (never as an
//! elicitation); raw strings with mistakes come back as the form with the values kept and an
//! error under each field; valid strings reach the tool as an `Invite`. rmcp's client drives
//! the `hello` binary over stdio.
#![allow(clippy::unwrap_used)]
mod form_tree;
use form_tree::{control, error_count, messages_under};

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

/// The view of a UI result (its `$prefab` envelope's `view`).
fn view_of(result: &CallToolResult) -> &Value {
    let envelope = result.structured_content.as_ref().expect("a UI result");
    assert!(envelope.get("$prefab").is_some(), "{envelope}");
    &envelope["view"]
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
    let responses: InputResponses =
        serde_json::from_value(json!({ prefab_mcp::FORM_INPUT_KEY: answer })).unwrap();
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
    let request = &asked["inputRequests"][prefab_mcp::FORM_INPUT_KEY];
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
    let schema = &asked["inputRequests"][prefab_mcp::FORM_INPUT_KEY]["params"]["requestedSchema"];
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
async fn the_model_sees_the_typed_schema() {
    let client = modern().await;
    let tools = client.list_all_tools().await.unwrap();
    let invite = tools.iter().find(|t| t.name == "invite_user").unwrap();
    let schema = serde_json::to_value(&*invite.input_schema).unwrap();
    assert_eq!(schema["properties"]["email"]["format"], "email");
    assert_eq!(schema["required"], json!(["email", "role"]));
    let role = serde_json::to_string(&schema).unwrap();
    assert!(role.contains("editor") && role.contains("viewer"), "{role}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn wrong_answers_come_back_as_the_form_with_an_error_under_each_field() {
    let client = modern().await;
    let answer = json!({"action": "accept", "content": {"email": "", "role": "boss"}});
    let done = retry(&client, json!({}), answer).await;
    assert_ne!(
        done.is_error,
        Some(true),
        "the view replaces itself only with a success"
    );
    let view = view_of(&done);
    assert_eq!(messages_under(view, "email"), ["is required"]);
    let role = messages_under(view, "role");
    assert_eq!(role.len(), 1);
    assert!(role[0].contains("admin"), "{role:?}");
    assert_eq!(control(view, "role")["value"], "boss");
    assert_eq!(error_count(view), 2);
    let said = text(&done);
    assert!(
        said.contains("email: is required") && said.contains("role: must be one of"),
        "{said}"
    );

    let declined = retry(&client, json!({}), json!({"action": "decline"})).await;
    assert!(text(&declined).contains("declined"), "{}", text(&declined));
    assert!(declined.structured_content.is_none());
    client.cancel().await.unwrap();
}

/// A client of the 2025-11-25 revision that would answer elicitations like a user would.
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
        Ok(serde_json::from_value(json!({"action": "decline"})).unwrap())
    }
}

async fn old_call(
    client: &RunningService<RoleClient, OldClient>,
    arguments: Value,
) -> CallToolResult {
    match client.call_tool_once(call(arguments)).await.unwrap() {
        CallToolResponse::Complete(done) => done,
        other => panic!("a 2025-11-25 client must not receive an input request: {other:?}"),
    }
}

#[tokio::test]
async fn a_2025_client_gets_the_form_view_and_never_an_elicitation() {
    let handler = OldClient::default();
    let client = handler.clone().serve(hello()).await.unwrap();
    assert_eq!(
        client.peer_info().unwrap().protocol_version.to_string(),
        "2025-11-25"
    );
    // Nothing given: the empty form, no errors yet; the text names what is missing.
    let done = old_call(&client, json!({})).await;
    assert_ne!(done.is_error, Some(true));
    let view = view_of(&done);
    assert_eq!(error_count(view), 0);
    assert_eq!(control(view, "email")["type"], "Input");
    assert_eq!(
        text(&done),
        "The form is shown for the user to fill in. Missing: email, role."
    );

    // What the view submits: raw strings, an untouched radio group left as its template.
    let submitted = json!({"email": "lin@", "role": "{{ role }}"});
    let done = old_call(&client, submitted).await;
    let view = view_of(&done);
    assert_eq!(control(view, "email")["value"], "lin@");
    assert_eq!(messages_under(view, "email"), ["must be an email address"]);
    assert_eq!(messages_under(view, "role"), ["is required"]);
    assert_eq!(error_count(view), 2);
    let onsubmit = &nodes_of_type(view, "Form")[0]["onSubmit"];
    assert_eq!(onsubmit["tool"], "invite_user");

    // Valid strings reach the tool as an `Invite`.
    let done = old_call(
        &client,
        json!({"email": " lin@example.com ", "role": "viewer"}),
    )
    .await;
    assert_eq!(text(&done), "Invited lin@example.com as viewer.");
    assert!(
        handler.asked.lock().unwrap().is_empty(),
        "no elicitation was sent"
    );
    client.cancel().await.unwrap();
}

fn nodes_of_type<'a>(view: &'a Value, kind: &str) -> Vec<&'a Value> {
    form_tree::nodes(view)
        .into_iter()
        .filter(|n| n["type"] == kind)
        .collect()
}
