//! The host a [`View`](crate::View) talks to: it answers the handshake, records every
//! host-bound effect, and answers `tools/call` with the handlers a test registered.
use prefab::display::{ToolError, ToolResult};
use prefab::expr::Value;
use prefab_renderer::bridge::rpc;
use prefab_renderer::dom::arena::{clock, host};
use std::collections::VecDeque;

/// What the view asked of its host, in order.
///
/// ```
/// use prefab::*;
/// use prefab_test::{Effect, View};
/// let app = App::new(Button::new("Open docs").on_click(OpenLink::new("https://example.com")));
/// let view = View::mount(&app);
/// view.get_by_role("button", "Open docs").click();
/// assert_eq!(view.effects(), vec![Effect::OpenLink { url: "https://example.com/".into() }]);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Effect {
    /// `tools/call` (a `toolCall` action).
    ToolCall {
        /// The tool.
        name: String,
        /// Its arguments.
        arguments: serde_json::Value,
    },
    /// `ui/message` (`sendMessage`): the text sent as the user.
    Message {
        /// The message's text.
        text: String,
    },
    /// `ui/open-link` (`openLink`), with the URL as normalised.
    OpenLink {
        /// The URL.
        url: String,
    },
    /// `ui/update-model-context` (`updateContext`).
    UpdateContext {
        /// Its `content` blocks, if any.
        content: Option<serde_json::Value>,
        /// Its `structuredContent`, if any.
        structured: Option<serde_json::Value>,
    },
    /// `ui/request-display-mode` (`requestDisplayMode`).
    DisplayMode {
        /// `inline`, `fullscreen` or `pip`.
        mode: String,
    },
    /// `ui/download-file` (a download).
    Download {
        /// The `contents` (embedded resources or resource links).
        contents: serde_json::Value,
    },
    /// Any other request, answered with "method not found".
    Other {
        /// The method.
        method: String,
        /// Its parameters.
        params: serde_json::Value,
    },
}

/// A tool's answer: what a handler registered with [`View::on_tool`](crate::View::on_tool)
/// returns, and what [`View::mount`](crate::View::mount) shows. Made from a
/// [`ToolResult`], a `Result<ToolResult, ToolError>`, an [`App`](prefab::App) or a
/// `CallToolResult` as JSON.
///
/// ```
/// use prefab_test::ToolReply;
/// let reply = ToolReply::from(serde_json::json!({"content": [], "structuredContent": {"ok": true}}));
/// assert_eq!(reply.to_json()["structuredContent"]["ok"], true);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolReply(serde_json::Value);

impl ToolReply {
    /// The `CallToolResult` as JSON.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        self.0.clone()
    }
}

impl From<serde_json::Value> for ToolReply {
    fn from(result: serde_json::Value) -> Self {
        ToolReply(result)
    }
}

impl From<ToolResult> for ToolReply {
    fn from(result: ToolResult) -> Self {
        ToolReply(serde_json::to_value(result).unwrap_or_default())
    }
}

impl From<&ToolResult> for ToolReply {
    fn from(result: &ToolResult) -> Self {
        ToolReply::from(result.clone())
    }
}

impl From<Result<ToolResult, ToolError>> for ToolReply {
    fn from(result: Result<ToolResult, ToolError>) -> Self {
        ToolReply::from(result.unwrap_or_else(ToolResult::from))
    }
}

impl From<&prefab::App> for ToolReply {
    fn from(app: &prefab::App) -> Self {
        ToolReply(serde_json::json!({
            "content": [{"type": "text", "text": "[Rendered Prefab UI]"}],
            "structuredContent": app.to_value(),
        }))
    }
}

impl From<prefab::App> for ToolReply {
    fn from(app: prefab::App) -> Self {
        ToolReply::from(&app)
    }
}

type Handler = Box<dyn FnMut(&serde_json::Value) -> ToolReply>;

/// The host's side of the channel.
pub(crate) struct Host {
    pub(crate) effects: Vec<Effect>,
    /// Every request the view sent (but the handshake's): (method, params).
    pub(crate) requests: Vec<(String, serde_json::Value)>,
    pub(crate) logs: Vec<String>,
    tools: Vec<(String, Handler)>,
    /// `tools/call`s without a handler, oldest first: (request id, tool).
    pub(crate) pending: VecDeque<(Value, String)>,
    /// The display mode in force (`inline` until the view asks for another one).
    display_mode: String,
    /// The view's answers to the host's own requests: (request id, `result`, or
    /// `{"error": …}`).
    pub(crate) answers: Vec<(Value, serde_json::Value)>,
    /// The id of the host's next request.
    pub(crate) next_id: u32,
}

impl Default for Host {
    fn default() -> Self {
        Host {
            effects: Vec::new(),
            requests: Vec::new(),
            logs: Vec::new(),
            tools: Vec::new(),
            pending: VecDeque::new(),
            display_mode: "inline".into(),
            answers: Vec::new(),
            next_id: 1,
        }
    }
}

pub(crate) fn to_json(v: &Value) -> serde_json::Value {
    v.to_json().unwrap_or(serde_json::Value::Null)
}

impl Host {
    pub(crate) fn on_tool(&mut self, name: &str, handler: Handler) {
        self.tools.retain(|(n, _)| n != name);
        self.tools.push((name.to_string(), handler));
    }

    /// Handles what the view posted until it posts nothing more.
    pub(crate) fn pump(&mut self) {
        for _ in 0..10_000 {
            clock::run_microtasks();
            let posted = host::take_posted();
            if posted.is_empty() {
                return;
            }
            for message in posted {
                self.handle(&message);
            }
        }
    }

    /// The view's answer to a request of the host's (`View::call_app_tool`, `teardown`, …).
    fn record_answer(&mut self, id: Value, message: &Value) {
        let answer = match prefab_renderer::node::prop(message, "error") {
            e if e.is_nullish() => to_json(prefab_renderer::node::prop(message, "result")),
            e => serde_json::json!({ "error": to_json(e) }),
        };
        self.answers.push((id, answer));
    }

    fn handle(&mut self, message: &Value) {
        let get = |k| prefab_renderer::node::prop(message, k);
        let method = get("method").as_str().unwrap_or_default().to_string();
        let (id, params) = (get("id").clone(), get("params"));
        if method.is_empty() && !id.is_nullish() {
            return self.record_answer(id, message);
        }
        if id.is_nullish() {
            if method == "notifications/message" {
                let data = prefab_renderer::node::prop(params, "data");
                self.logs.push(
                    data.as_str()
                        .map_or_else(|| to_json(data).to_string(), str::to_string),
                );
            }
            return;
        }
        if method != "ui/initialize" {
            self.requests.push((method.clone(), to_json(params)));
        }
        let p = |k| to_json(prefab_renderer::node::prop(params, k));
        let text = |k| {
            prefab_renderer::node::prop(params, k)
                .as_str()
                .unwrap_or_default()
                .to_string()
        };
        let answer = match method.as_str() {
            "ui/initialize" => Some(initialize_result()),
            "tools/call" => {
                let name = text("name");
                self.effects.push(Effect::ToolCall {
                    name: name.clone(),
                    arguments: p("arguments"),
                });
                match self.tools.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, handler)) => Some(Value::from(&handler(&p("arguments")).0)),
                    None => {
                        self.pending.push_back((id, name));
                        return;
                    }
                }
            }
            "ui/message" => {
                let content = p("content");
                let texts: Vec<&str> = content
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| c["text"].as_str())
                    .collect();
                self.effects.push(Effect::Message {
                    text: texts.join("\n"),
                });
                None
            }
            "ui/open-link" => {
                self.effects.push(Effect::OpenLink { url: text("url") });
                None
            }
            "ui/update-model-context" => {
                let present = |v: serde_json::Value| (!v.is_null()).then_some(v);
                self.effects.push(Effect::UpdateContext {
                    content: present(p("content")),
                    structured: present(p("structuredContent")),
                });
                None
            }
            "ui/request-display-mode" => {
                let mode = text("mode");
                self.effects
                    .push(Effect::DisplayMode { mode: mode.clone() });
                // As a host grants a mode it offers: the context changes first; the answer
                // is the mode in force.
                if MODES.contains(&mode.as_str()) && mode != self.display_mode {
                    let patch = rpc::object(&[("displayMode", mode.as_str().into())]);
                    let changed = "ui/notifications/host-context-changed";
                    host::deliver(rpc::notification(changed, Some(&patch)));
                    self.display_mode = mode;
                }
                Some(rpc::object(&[("mode", self.display_mode.as_str().into())]))
            }
            "ui/download-file" => {
                self.effects.push(Effect::Download {
                    contents: p("contents"),
                });
                None
            }
            _ => {
                self.effects.push(Effect::Other {
                    method: method.clone(),
                    params: to_json(params),
                });
                let error = rpc::RpcError::new(rpc::code::METHOD_NOT_FOUND, "Method not found");
                host::deliver(rpc::error_response(&id, &error));
                return;
            }
        };
        host::deliver(rpc::response(&id, &answer.unwrap_or_else(rpc::empty)));
    }
}

/// The display modes the host offers.
const MODES: [&str; 3] = ["inline", "fullscreen", "pip"];

/// The host's answer to `ui/initialize`: a light, inline, `en-US` host in UTC.
fn initialize_result() -> Value {
    Value::from(&serde_json::json!({
        "protocolVersion": prefab_renderer::bridge::PROTOCOL_VERSION,
        "hostInfo": {"name": "prefab-test", "version": env!("CARGO_PKG_VERSION")},
        "hostCapabilities": {
            "openLinks": {},
            "serverTools": {},
            "logging": {},
            "updateModelContext": {},
            "message": {}
        },
        "hostContext": {
            "theme": "light",
            "displayMode": "inline",
            "availableDisplayModes": ["inline", "fullscreen", "pip"],
            "locale": "en-US",
            "timeZone": "UTC",
            "platform": "web"
        }
    }))
}
