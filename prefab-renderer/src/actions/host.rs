//! Actions that talk to the MCP Apps host: `openLink` (`ui/open-link`), `toolCall`
//! (`tools/call`), `sendMessage` (`ui/message`), `updateContext`
//! (`ui/update-model-context`), `requestDisplayMode` (`ui/request-display-mode`).
use super::{Call, Done, text_field};
use crate::bridge::{self, DEFAULT_TIMEOUT_MS, rpc};
use crate::js;
use crate::node::prop;
use prefab::expr::{Map, Value};

/// Sends `method` and converts the reply: a JSON-RPC error or `isError: true` fails.
fn host_request(method: &str, params: &Value, done: Done) {
    let name = method.to_string();
    bridge::request(method, Some(params), DEFAULT_TIMEOUT_MS, move |reply| {
        let method = name;
        done(match reply {
            Ok(result) => {
                if prop(&result, "isError").truthy() {
                    Err(content_text(&result)
                        .unwrap_or_else(|| crate::text::fill("{} failed", &[&method])))
                } else {
                    Ok(result)
                }
            }
            Err(e) => Err(e.message),
        });
    });
}

/// Text contents of a result joined with newlines (`None` when there are none).
fn content_text(result: &Value) -> Option<String> {
    let Value::Array(items) = prop(result, "content") else {
        return None;
    };
    let texts: Vec<&str> = items
        .iter()
        .filter(|c| prop(c, "type").as_str() == Some("text"))
        .filter_map(|c| prop(c, "text").as_str())
        .collect();
    (!texts.is_empty()).then(|| texts.join("\n"))
}

/// `[{type: "text", text}]`.
pub(crate) fn text_content(text: &str) -> Value {
    Value::from(vec![rpc::object(&[
        ("type", "text".into()),
        ("text", text.into()),
    ])])
}

/// Opens `url` after the URL-parser check: through the host when connected, else a new
/// window with `noopener`.
pub fn open_link(url: &str, done: Done) {
    let Some(url) = crate::url::safe_link(url) else {
        done(Err(crate::text::fill(
            "openLink: refused URL \"{}\" (only http, https and mailto)",
            &[url],
        )));
        return;
    };
    if bridge::is_connected() {
        let params = rpc::object(&[("url", url.as_str().into())]);
        host_request("ui/open-link", &params, done);
    } else {
        // A blocked pop-up is not an error (`open` returns null); a throwing `open` is reported.
        if let Some(w) = crate::dom::window() {
            crate::dom::report(w.open_with_url_and_target_and_features(
                &url,
                "_blank",
                "noopener,noreferrer",
            ));
        }
        done(Ok(Value::Undefined));
    }
}

pub(super) fn open_link_action(fields: &Map, done: Done) {
    match text_field(fields, "openLink", "url") {
        Ok(url) => open_link(&url, done),
        Err(e) => done(Err(e)),
    }
}

pub(super) fn send_message(fields: &Map, done: Done) {
    let content = match text_field(fields, "sendMessage", "content") {
        Ok(c) => c,
        Err(e) => return done(Err(e)),
    };
    if !bridge::is_connected() {
        return done(Ok(Value::Undefined));
    }
    let params = rpc::object(&[("role", "user".into()), ("content", text_content(&content))]);
    host_request("ui/message", &params, done);
}

pub(super) fn update_context(fields: &Map, done: Done) {
    if !bridge::is_connected() {
        return done(Ok(Value::Undefined));
    }
    let mut entries: Vec<(&str, Value)> = Vec::new();
    match fields.get("content") {
        Some(Value::String(text)) => entries.push(("content", text_content(text))),
        Some(v @ Value::Array(_)) => entries.push(("content", v.clone())),
        _ => {}
    }
    if let Some(structured @ Value::Object(_)) = fields.get("structuredContent") {
        entries.push(("structuredContent", structured.clone()));
    }
    host_request("ui/update-model-context", &rpc::object(&entries), done);
}

pub(super) fn request_display_mode(fields: &Map, done: Done) {
    let mode = match text_field(fields, "requestDisplayMode", "mode") {
        Ok(m) if matches!(m.as_str(), "inline" | "fullscreen" | "pip") => m,
        Ok(m) => {
            return done(Err(crate::text::fill(
                "requestDisplayMode: unknown mode \"{}\"",
                &[&m],
            )));
        }
        Err(e) => return done(Err(e)),
    };
    if !bridge::is_connected() {
        return done(Ok(Value::from(mode)));
    }
    let params = rpc::object(&[("mode", mode.as_str().into())]);
    let done: Done = Box::new(move |outcome| {
        done(outcome.map(|result| prop(&result, "mode").clone()));
    });
    host_request("ui/request-display-mode", &params, done);
}

/// `toolCall`: `tools/call` through the host. The reply's `$prefab` patch (`update`) merges
/// into the state and a full envelope replaces the view; `resultKey` stores `$result`.
/// Responses that arrive after a newer call to the same tool was applied are dropped, so an
/// older response never overwrites newer state.
pub(super) fn tool_call(call: &Call, fields: &Map, done: Done) {
    let tool = match text_field(fields, "toolCall", "tool") {
        Ok(t) => t,
        Err(e) => return done(Err(e)),
    };
    let arguments = match fields.get("arguments") {
        None | Some(Value::Undefined | Value::Null) => Value::from(Map::new()),
        Some(v @ Value::Object(_)) => v.clone(),
        Some(other) => {
            return done(Err(crate::text::fill(
                "toolCall.arguments must be an object, got {}",
                &[crate::node::kind(other)],
            )));
        }
    };
    if !bridge::is_connected() {
        return done(Err("toolCall needs an MCP Apps host".into()));
    }
    let mut entries = vec![
        ("name", Value::from(tool.as_str())),
        ("arguments", arguments),
    ];
    let cx = call.cx.clone();
    if let Some(fastmcp) = cx.app().and_then(|a| a.fastmcp_app()) {
        let meta = rpc::object(&[("fastmcp", rpc::object(&[("app", fastmcp)]))]);
        entries.push(("_meta", meta));
    }
    let unwrap = fields.get("unwrapResult").is_some_and(Value::truthy);
    let result_key = fields
        .get("resultKey")
        .and_then(Value::as_str)
        .map(str::to_string);
    let seq = cx.app().map_or(0, |a| a.sequence_start(&tool));
    let store = call.cx.frame.store().clone();
    let done: Done = Box::new(move |outcome| {
        if !cx.app().is_none_or(|a| a.sequence_finish(&tool, seq)) {
            crate::log::warn(&crate::text::fill(
                "toolCall {}: dropped a response older than the last one applied",
                &[&tool],
            ));
            return;
        }
        let outcome = outcome.map(|result| {
            let structured = prop(&result, "structuredContent").clone();
            if structured.is_nullish() {
                let text = content_text(&result).unwrap_or_default();
                return js::parse_json(&text).unwrap_or(Value::from(text));
            }
            if let Some(app) = cx.app() {
                app.apply_tool_reply(&structured);
            }
            let wrap = prop(prop(prop(&result, "_meta"), "fastmcp"), "wrap_result").truthy();
            let inner = prop(&structured, "result");
            if (unwrap || wrap) && !matches!(inner, Value::Undefined) {
                inner.clone()
            } else {
                structured
            }
        });
        if let (Ok(result), Some(key)) = (&outcome, &result_key)
            && let Err(e) = store.set_path(key, result.clone())
        {
            crate::log::warn(&e);
        }
        done(outcome);
    });
    host_request("tools/call", &rpc::object(&entries), done);
}
