//! App tools (`tools` in the envelope: listed to and called by the host, or by
//! `invokeAppTool`), `toolCall` sequencing, timers and the `fetch` allowance.
use super::{App, current};
use crate::bridge;
use crate::js;
use crate::render::prop;
use crate::template::{self, Frame};
use prefab::expr::{Map, Value};

impl App {
    pub(super) fn find_tool(&self, name: &str) -> Option<Value> {
        match &*self.tools.borrow() {
            Value::Array(list) => list
                .iter()
                .find(|t| prop(t, "name").as_str() == Some(name))
                .cloned(),
            _ => None,
        }
    }

    /// Runs an app tool: `$event` = arguments plus `bind` (evaluated on the state), then
    /// its `actions`, then `result` evaluated against state + `$event`.
    pub(super) fn run_tool(&self, name: &str, arguments: &Value, done: crate::actions::Done) {
        let Some(tool) = self.find_tool(name) else {
            return done(Err(format!("unknown app tool \"{name}\"")));
        };
        let mut event = match arguments {
            Value::Object(map) => (**map).clone(),
            Value::Undefined | Value::Null => Map::new(),
            _ => return done(Err(format!("{name}: arguments must be an object"))),
        };
        if let Value::Object(bind) = prop(&tool, "bind") {
            for (k, _) in bind.iter() {
                if event.get(k).is_some() {
                    return done(Err(format!("{name}: argument \"{k}\" is bound by the app")));
                }
            }
            let frame = Frame::root(&self.store);
            for (k, v) in bind.iter() {
                event.insert(k, template::interpolate(v, &*frame));
            }
        }
        let event = Value::from(event);
        let cx = self.cx();
        let result_template = prop(&tool, "result").clone();
        let store = self.store.clone();
        let ctx = crate::actions::Ctx::with_event(event.clone());
        crate::actions::run_with(
            &cx,
            prop(&tool, "actions"),
            ctx,
            Box::new(move |outcome| match outcome {
                Ok(_) => {
                    let frame = Frame::push(
                        &Frame::root(&store),
                        vec![("$event".into(), template::Binding::Value(event))],
                    );
                    done(Ok(template::interpolate(&result_template, &*frame)));
                }
                Err(e) => done(Err(e)),
            }),
        );
    }
}

/// `invokeAppTool {tool, arguments}`: `$result` = the tool's result.
pub fn invoke_app_tool(fields: &Map, done: crate::actions::Done) {
    let Some(app) = current() else {
        return done(Err("invokeAppTool: no app".into()));
    };
    let name = fields
        .get("tool")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let arguments = fields.get("arguments").cloned().unwrap_or(Value::Undefined);
    app.run_tool(&name, &arguments, done);
}

/// `_meta.fastmcp.app` of the current envelope (sent back with `tools/call`).
#[must_use]
pub fn fastmcp_app() -> Option<Value> {
    current().and_then(|a| a.fastmcp_app.borrow().clone())
}

/// Applies the `structuredContent` of a `tools/call` reply: a patch merges, a full
/// envelope with a view replaces the view.
pub fn apply_tool_reply(structured: &Value) {
    if let Some(app) = current() {
        if !prop(structured, "update").is_nullish() && prop(structured, "view").is_nullish() {
            app.apply_update(prop(structured, "update"));
        } else if !prop(structured, "$prefab").is_nullish()
            && !prop(structured, "view").is_nullish()
        {
            app.mount(structured);
        }
    }
}

/// Starts a `toolCall` of `tool`; returns its sequence number.
pub fn sequence_start(tool: &str) -> u64 {
    current().map_or(0, |app| {
        let mut seqs = app.sequences.borrow_mut();
        let entry = sequence_of(&mut seqs, tool);
        entry.1 += 1;
        entry.1
    })
}

/// Whether the response of call `seq` may be applied (no newer one was applied yet).
pub fn sequence_finish(tool: &str, seq: u64) -> bool {
    current().is_none_or(|app| {
        let mut seqs = app.sequences.borrow_mut();
        let entry = sequence_of(&mut seqs, tool);
        if seq < entry.2 {
            return false;
        }
        entry.2 = seq;
        true
    })
}

/// The sequence entry of `tool`, added at (0, 0) when it is new.
fn sequence_of<'a>(
    seqs: &'a mut Vec<(String, u64, u64)>,
    tool: &str,
) -> &'a mut (String, u64, u64) {
    let at = match seqs.iter().position(|(name, ..)| name == tool) {
        Some(at) => at,
        None => {
            seqs.push((tool.to_string(), 0, 0));
            seqs.len() - 1
        }
    };
    &mut seqs[at]
}

/// The timer generation: it changes at teardown and when a new view mounts.
#[must_use]
pub fn timer_epoch() -> u32 {
    current().map_or(0, |a| a.epoch.get())
}

/// Remembers a timeout handle so teardown can clear it.
pub fn add_timer(handle: i32) {
    if let Some(app) = current() {
        let mut timers = app.timers.borrow_mut();
        if timers.len() > 256 {
            timers.drain(..128);
        }
        timers.push(handle);
    }
}

/// Whether `fetch` may reach `origin`: with a host, only declared connect domains
/// (`hostCapabilities.sandbox.csp.connectDomains`, `https://*.example.com` wildcards
/// allowed); a standalone page relies on its own CSP.
#[must_use]
pub fn fetch_allowed(origin: &str) -> bool {
    if !bridge::is_connected() {
        return true;
    }
    let caps = js::to_value(&bridge::host_capabilities());
    let Value::Array(domains) = prop(prop(prop(&caps, "sandbox"), "csp"), "connectDomains") else {
        return false;
    };
    domains
        .iter()
        .filter_map(Value::as_str)
        .any(|d| origin_matches(d, origin))
}

fn origin_matches(declared: &str, origin: &str) -> bool {
    let declared = declared.trim_end_matches('/');
    if declared == origin {
        return true;
    }
    if let Some((scheme, rest)) = declared.split_once("://*.")
        && let Some((o_scheme, host)) = origin.split_once("://")
    {
        return scheme == o_scheme && host.ends_with(&format!(".{rest}"));
    }
    false
}
