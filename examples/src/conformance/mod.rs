//! The conformance server: the fixtures the official MCP conformance suite
//! (npm `@modelcontextprotocol/conformance`) calls on a server under test, served by
//! `src/bin/conformance.rs` on `prefab-mcp`'s stateless Streamable HTTP transport so the
//! suite also exercises our layer in front of rmcp (parameter checks, `Host`/`Origin`
//! guard, CORS, limits). `cargo xtask test` runs every server scenario against it.
//!
//! Tools are `test_*` (text, image, audio, embedded resource, mixed content, logging,
//! progress, a tool error, sampling and elicitation) plus `json_schema_2020_12_tool`;
//! resources, the resource template and prompts live in [`fixtures`].
//!
//! Served statelessly (the default), the server keeps no state between requests, so what
//! needs a session is answered honestly instead of pretending: `logging/setLevel` is
//! accepted but has nothing to apply to (each tool call sends its log messages on its own
//! response stream), `resources/subscribe` is not offered (no stream could ever carry
//! the updates), and the tools that would send the client a request (`sampling/…`,
//! `elicitation/…`) return a tool error saying why; `xtask/mcp-conformance/expected-failures.yml`
//! names the spec rule for each scenario this leaves failing. In session mode
//! (`--sessions`) one [`Conformance`] serves each session: it sends those requests (with
//! the transport's bounded wait), keeps the session's log level and its subscriptions.
// The suite checks the 2025-11-25 revision, whose logging rmcp marks deprecated (SEP-2577
// drops it after that revision); the fixtures implement it on purpose.
#![allow(deprecated)]
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, LoggingLevel, LoggingMessageNotificationParam,
    ProgressNotificationParam, ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, prompt_handler, tool, tool_handler, tool_router};
use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

pub mod asking;
pub mod fixtures;

/// A 1×1 red PNG (base64), the image of every image fixture.
pub const RED_PIXEL_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/// Eight samples of silence as an 8 kHz, 8-bit mono WAV (base64), the audio fixture.
pub const SILENT_WAV: &str =
    "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

/// The conformance server; [`Conformance::default`] is the stateless one.
///
/// ```
/// use rmcp::ServerHandler;
/// use examples::conformance::Conformance;
/// let caps = Conformance::default().get_info().capabilities;
/// assert!(caps.tools.is_some() && caps.prompts.is_some() && caps.resources.is_some());
/// assert!(caps.logging.is_some() && caps.completions.is_some());
/// let subscribe = |s: Conformance| s.get_info().capabilities.resources.and_then(|r| r.subscribe);
/// assert_eq!(subscribe(Conformance::default()), None);
/// assert_eq!(subscribe(Conformance::in_session()), Some(true));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Conformance {
    /// `Some` in session mode: what the session keeps.
    session: Option<Arc<Session>>,
}

/// What one session keeps: the client's log level and its subscriptions.
#[derive(Debug)]
struct Session {
    level: Mutex<LoggingLevel>,
    subscribed: Mutex<HashSet<String>>,
}

impl Conformance {
    /// A server for one session (session mode): it declares resource subscriptions.
    #[must_use]
    pub fn in_session() -> Self {
        Conformance {
            session: Some(Arc::new(Session {
                level: Mutex::new(LoggingLevel::Debug),
                subscribed: Mutex::default(),
            })),
        }
    }

    /// Whether the session's log level lets `level` through (always when stateless).
    fn logs(&self, level: LoggingLevel) -> bool {
        self.session.as_ref().is_none_or(|s| {
            let min = *s.level.lock().unwrap_or_else(PoisonError::into_inner);
            level as u8 >= min as u8
        })
    }
}

/// Arguments of `test_sampling`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct SamplingArgs {
    /// The prompt to send to the model.
    pub prompt: String,
}

/// Arguments of `test_elicitation`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct ElicitationArgs {
    /// The message to show the user.
    pub message: String,
}

#[tool_router]
impl Conformance {
    #[tool(description = "Returns simple text content")]
    async fn test_simple_text(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::text(
            "This is a simple text response for testing.",
        )])
    }

    #[tool(description = "Returns image content (a 1x1 PNG)")]
    async fn test_image_content(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::image(RED_PIXEL_PNG, "image/png")])
    }

    #[tool(description = "Returns audio content (a short WAV)")]
    async fn test_audio_content(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::audio(SILENT_WAV, "audio/wav")])
    }

    #[tool(description = "Returns an embedded text resource")]
    async fn test_embedded_resource(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::resource(
            ResourceContents::text(
                "This is an embedded resource content.",
                "test://embedded-resource",
            )
            .with_mime_type("text/plain"),
        )])
    }

    #[tool(description = "Returns text, image and resource content together")]
    async fn test_multiple_content_types(&self) -> CallToolResult {
        CallToolResult::success(vec![
            ContentBlock::text("Multiple content types test:"),
            ContentBlock::image(RED_PIXEL_PNG, "image/png"),
            ContentBlock::resource(
                ResourceContents::text(
                    r#"{"test":"data","value":123}"#,
                    "test://mixed-content-resource",
                )
                .with_mime_type("application/json"),
            ),
        ])
    }

    #[tool(description = "Sends three info log messages while it runs")]
    async fn test_tool_with_logging(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        let steps = [
            "Tool execution started",
            "Tool processing data",
            "Tool execution completed",
        ];
        for (i, step) in steps.into_iter().enumerate() {
            if i > 0 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            if !self.logs(LoggingLevel::Info) {
                continue;
            }
            let message = LoggingMessageNotificationParam::new(LoggingLevel::Info, step.into())
                .with_logger("conformance");
            if let Err(e) = context.peer.notify_logging_message(message).await {
                return CallToolResult::error(vec![ContentBlock::text(format!(
                    "log {step:?}: {e}"
                ))]);
            }
        }
        CallToolResult::success(vec![ContentBlock::text("Logged three messages")])
    }

    #[tool(description = "Reports progress 0, 50 and 100 of 100 when given a progress token")]
    async fn test_tool_with_progress(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        let token = context.meta.get_progress_token();
        for (i, progress) in [0.0, 50.0, 100.0].into_iter().enumerate() {
            if i > 0 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let Some(token) = &token else { continue };
            let param = ProgressNotificationParam::new(token.clone(), progress).with_total(100.0);
            if let Err(e) = context.peer.notify_progress(param).await {
                return CallToolResult::error(vec![ContentBlock::text(format!("progress: {e}"))]);
            }
        }
        CallToolResult::success(vec![ContentBlock::text("Progress reported")])
    }

    #[tool(description = "Always fails with a tool error")]
    async fn test_error_handling(&self) -> CallToolResult {
        CallToolResult::error(vec![ContentBlock::text(
            "This tool intentionally returns an error for testing",
        )])
    }

    #[tool(description = "Asks the client's model to complete a prompt (sampling)")]
    async fn test_sampling(
        &self,
        Parameters(args): Parameters<SamplingArgs>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        asking::sample(&context, &args.prompt).await
    }

    #[tool(description = "Asks the user for a username and an email (elicitation)")]
    async fn test_elicitation(
        &self,
        Parameters(args): Parameters<ElicitationArgs>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        asking::elicit(&context, asking::user_info(&args.message)).await
    }

    #[tool(description = "Elicits a form whose fields have defaults (SEP-1034)")]
    async fn test_elicitation_sep1034_defaults(
        &self,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        asking::elicit(&context, asking::with_defaults()).await
    }

    #[tool(description = "Elicits a form with every enum variant (SEP-1330)")]
    async fn test_elicitation_sep1330_enums(
        &self,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        asking::elicit(&context, asking::with_enums()).await
    }

    #[tool(description = "Answers on its response stream after a short wait (SEP-1699 polling)")]
    async fn test_reconnection(&self) -> CallToolResult {
        tokio::time::sleep(Duration::from_millis(100)).await;
        CallToolResult::success(vec![ContentBlock::text(
            "Reconnection test completed successfully",
        )])
    }

    #[tool(
        description = "Tool with JSON Schema 2020-12 features",
        input_schema = json_schema_2020_12()
    )]
    async fn json_schema_2020_12_tool(&self) -> CallToolResult {
        CallToolResult::success(vec![ContentBlock::text("Schema accepted")])
    }
}

/// The input schema of `json_schema_2020_12_tool`: `$schema`, `$defs` with a `$ref`, and
/// `additionalProperties: false`, which a server must pass through unchanged.
fn json_schema_2020_12() -> Arc<rmcp::model::JsonObject> {
    let schema = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "type": "object",
                "properties": {"street": {"type": "string"}, "city": {"type": "string"}}
            }
        },
        "properties": {
            "name": {"type": "string"},
            "address": {"$ref": "#/$defs/address"}
        },
        "additionalProperties": false
    });
    Arc::new(match schema {
        serde_json::Value::Object(map) => map,
        _ => rmcp::model::JsonObject::new(),
    })
}

#[tool_handler]
#[prompt_handler]
impl ServerHandler for Conformance {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .enable_resources();
        let capabilities = if self.session.is_some() {
            capabilities
                .enable_resources_subscribe()
                .enable_logging()
                .enable_completions()
                .build()
        } else {
            capabilities.enable_logging().enable_completions().build()
        };
        ServerConfig::new(capabilities).with_server_info(rmcp::model::Implementation::new(
            "prefab-conformance",
            env!("CARGO_PKG_VERSION"),
        ))
    }

    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if let Some(session) = &self.session {
            *session.level.lock().unwrap_or_else(PoisonError::into_inner) = request.level;
        }
        Ok(())
    }

    async fn subscribe(
        &self,
        request: rmcp::model::SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let Some(session) = &self.session else {
            return Err(ErrorData::method_not_found::<
                rmcp::model::SubscribeRequestMethod,
            >());
        };
        fixtures::read(&request.uri)?;
        let mut subscribed = session
            .subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        subscribed.insert(request.uri);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: rmcp::model::UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let Some(session) = &self.session else {
            return Err(ErrorData::method_not_found::<
                rmcp::model::UnsubscribeRequestMethod,
            >());
        };
        let mut subscribed = session
            .subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        subscribed.remove(&request.uri);
        Ok(())
    }

    async fn complete(
        &self,
        request: rmcp::model::CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CompleteResult, ErrorData> {
        fixtures::complete(&request)
    }

    async fn list_resources(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListResourcesResult, ErrorData> {
        Ok(fixtures::resources())
    }

    async fn list_resource_templates(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListResourceTemplatesResult, ErrorData> {
        Ok(fixtures::resource_templates())
    }

    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, ErrorData> {
        fixtures::read(&request.uri).map(Into::into)
    }
}
