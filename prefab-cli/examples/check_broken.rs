//! A deliberately broken MCP Apps server over stdio: the fixture of `prefab check`'s tests
//! (`tests/check.rs`). Each tool (or the resource it points at) has one planted problem,
//! named by the tool; the tool `good` has none.
//!
//! ```sh
//! cargo run -p prefab-cli --example check_broken
//! ```
use prefab_mcp::meta::UI_MIME_TYPE;
use prefab_mcp::transport::serve_stdio;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    Resource, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{Value, json};
use std::process::ExitCode;

const GOOD: &str = "ui://broken/good";

/// `_meta` of a UI tool with both keys.
fn ui(uri: &str) -> Value {
    json!({"ui": {"resourceUri": uri}, "ui/resourceUri": uri})
}

fn read_only() -> Value {
    json!({"readOnlyHint": true})
}

/// The tools: name, `_meta`, input schema, annotations.
fn tools() -> Vec<Value> {
    let object = json!({"type": "object", "properties": {}});
    let tool = |name: &str, meta: Value, schema: &Value, annotations: Value| json!({"name": name, "_meta": meta, "inputSchema": schema, "annotations": annotations});
    vec![
        tool("good", ui(GOOD), &object, read_only()),
        tool(
            "flat_missing",
            json!({"ui": {"resourceUri": GOOD}}),
            &object,
            read_only(),
        ),
        tool(
            "nested_missing",
            json!({"ui/resourceUri": GOOD}),
            &object,
            read_only(),
        ),
        tool(
            "uri_mismatch",
            json!({"ui": {"resourceUri": GOOD}, "ui/resourceUri": "ui://broken/other"}),
            &object,
            read_only(),
        ),
        tool(
            "unreadable",
            ui("ui://broken/missing"),
            &object,
            read_only(),
        ),
        tool(
            "wrong_mime",
            ui("ui://broken/wrong-mime"),
            &object,
            read_only(),
        ),
        tool(
            "csp_list_only",
            ui("ui://broken/csp-list-only"),
            &object,
            read_only(),
        ),
        tool("too_big", ui("ui://broken/big"), &object, read_only()),
        tool("near_cap", ui("ui://broken/near"), &object, read_only()),
        tool("placeholder", ui(GOOD), &object, read_only()),
        tool("no_text", ui(GOOD), &object, read_only()),
        tool("bad_prefab", ui(GOOD), &object, read_only()),
        tool(
            "app_only",
            json!({"ui": {"resourceUri": GOOD, "visibility": ["app"]}, "ui/resourceUri": GOOD}),
            &object,
            read_only(),
        ),
        // Not read-only: called only with --call (its result is a placeholder).
        tool("side_effect", ui(GOOD), &object, json!({})),
        tool(
            "needs_args",
            ui(GOOD),
            &json!({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}),
            read_only(),
        ),
        tool(
            "oneof_root",
            json!({}),
            &json!({"oneOf": [{"type": "object"}, {"type": "object"}]}),
            json!({}),
        ),
        tool(
            "string_root",
            json!({}),
            &json!({"type": "string"}),
            json!({}),
        ),
        tool(
            "nested_args",
            json!({}),
            &json!({"type": "object", "properties": {"address": {"type": "object"}}}),
            json!({}),
        ),
    ]
}

/// `resources/list`: every planted resource but `ui://broken/missing`.
fn listed() -> Vec<Value> {
    let csp = json!({"ui": {"csp": {"connectDomains": []}}});
    let entry = |uri: &str, mime: &str, meta: &Value| json!({"uri": uri, "name": uri, "mimeType": mime, "_meta": meta});
    vec![
        entry(GOOD, UI_MIME_TYPE, &csp),
        entry("ui://broken/wrong-mime", "text/html", &csp),
        entry("ui://broken/csp-list-only", UI_MIME_TYPE, &csp),
        entry("ui://broken/big", UI_MIME_TYPE, &csp),
        entry("ui://broken/near", UI_MIME_TYPE, &csp),
    ]
}

/// `resources/read` of `uri`.
fn read(uri: &str) -> Option<Value> {
    let csp = json!({"ui": {"csp": {"connectDomains": []}}});
    let page = "<!doctype html><p>view</p>";
    let (mime, meta, text) = match uri {
        GOOD => (UI_MIME_TYPE, csp, page.to_owned()),
        "ui://broken/wrong-mime" => ("text/html", csp, page.to_owned()),
        "ui://broken/csp-list-only" => (UI_MIME_TYPE, json!({}), page.to_owned()),
        "ui://broken/big" => (UI_MIME_TYPE, csp, "x".repeat(1100 * 1024)),
        "ui://broken/near" => (UI_MIME_TYPE, csp, "x".repeat(900 * 1024)),
        _ => return None,
    };
    Some(json!({"contents": [{"uri": uri, "mimeType": mime, "text": text, "_meta": meta}]}))
}

/// The result of calling `name`.
fn result(name: &str) -> Value {
    let envelope = |view: Value| json!({"$prefab": {"version": "0.3"}, "view": view});
    let text = |t: &str| json!([{"type": "text", "text": t}]);
    let good = envelope(json!({"type": "Text", "content": "3 users"}));
    match name {
        "placeholder" | "side_effect" => {
            json!({"content": text("[Rendered Prefab UI]"), "structuredContent": good})
        }
        "no_text" => json!({"content": [], "structuredContent": good}),
        "bad_prefab" => json!({
            "content": text("3 users"),
            "structuredContent": envelope(json!({"type": "NoSuchComponent"})),
        }),
        _ => json!({"content": text("3 users: Ada, Bob and Cy"), "structuredContent": good}),
    }
}

/// Parses a fixture value into rmcp's type.
fn typed<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, McpError> {
    serde_json::from_value(value).map_err(|e| McpError::internal_error(e.to_string(), None))
}

struct Broken;

impl ServerHandler for Broken {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .build();
        ServerConfig::new(capabilities)
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let tools = tools()
            .into_iter()
            .map(typed::<Tool>)
            .collect::<Result<_, _>>()?;
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let result: CallToolResult = typed(result(&request.name))?;
        Ok(CallToolResponse::Complete(result))
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let resources = listed()
            .into_iter()
            .map(typed::<Resource>)
            .collect::<Result<_, _>>()?;
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let Some(contents) = read(&request.uri) else {
            return Err(McpError::resource_not_found(
                format!("no resource {}", request.uri),
                None,
            ));
        };
        let result: ReadResourceResult = typed(contents)?;
        Ok(ReadResourceResponse::Complete(result))
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    match serve_stdio(Broken).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("check_broken: {e}");
            ExitCode::FAILURE
        }
    }
}
