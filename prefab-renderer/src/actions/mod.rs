//! Actions: the 16 `$prefab` action types, `onSuccess`/`onError` chains, `$event`,
//! `$result`, `$error`.
//!
//! Execution follows prefab-ui's renderer: every field except `onSuccess`/`onError` is
//! interpolated first (against state + scope + `$event`/`$result`/`$error`); a list runs in
//! order and stops at the first failure (after that action's own `onError`); a failure
//! inside `onSuccess` does not fail the parent. Asynchronous actions (host requests,
//! `fetch`, the file picker) continue the list when they finish. Nothing from the wire is
//! evaluated as JavaScript.
mod browser;
mod host;
mod state;

pub use browser::toast_region;
pub use host::open_link;
pub(crate) use host::text_content;

use crate::cx::Cx;
use crate::node::prop;
use crate::template::{self, Binding, Frame};
use prefab::expr::{Map, Value};
use std::rc::Rc;
use std::sync::Arc;

/// Deepest `onSuccess`/`onError` nesting.
const MAX_DEPTH: u32 = 10;

pub use crate::cx::{Done, Outcome};

/// The implicit values an action sees.
///
/// ```
/// let ctx = prefab_renderer::actions::Ctx::with_event(prefab::expr::Value::from("typed"));
/// assert_eq!(ctx.event, prefab::expr::Value::from("typed"));
/// ```
#[derive(Clone, Default)]
pub struct Ctx {
    /// `$event`: the triggering value.
    pub event: Value,
    /// `$result` (inside `onSuccess`).
    pub result: Value,
    /// `$error` (inside `onError`).
    pub error: Value,
    depth: u32,
}

impl Ctx {
    /// A context with `$event` = `event`.
    #[must_use]
    pub fn with_event(event: Value) -> Ctx {
        Ctx {
            event,
            ..Ctx::default()
        }
    }
}

/// Runs `actions` (an action or an array of actions) with `$event` = `event`.
pub fn run(cx: &Cx, actions: &Value, event: Value) {
    let ctx = Ctx {
        event,
        ..Ctx::default()
    };
    run_with(cx, actions, ctx, Box::new(|_| {}));
}

/// Runs `actions` and calls `done` with the outcome of the last one (or the first failure).
pub fn run_with(cx: &Cx, actions: &Value, ctx: Ctx, done: Done) {
    match actions {
        Value::Array(list) => run_list(
            cx.clone(),
            list.clone(),
            0,
            Value::Undefined,
            Rc::new(ctx),
            done,
        ),
        Value::Object(_) => run_one(cx, actions, Rc::new(ctx), done),
        Value::Undefined | Value::Null => done(Ok(Value::Undefined)),
        other => done(Err(crate::text::fill(
            "expected an action or a list of actions, got {}",
            &[crate::node::kind(other)],
        ))),
    }
}

fn run_list(cx: Cx, list: Arc<Vec<Value>>, i: usize, last: Value, ctx: Rc<Ctx>, done: Done) {
    let Some(action) = list.get(i).cloned() else {
        done(Ok(last));
        return;
    };
    let (next_cx, next_ctx) = (cx.clone(), ctx.clone());
    run_one(
        &cx,
        &action,
        ctx,
        Box::new(move |outcome| match outcome {
            Ok(result) => run_list(next_cx, list, i + 1, result, next_ctx, done),
            Err(e) => done(Err(e)),
        }),
    );
}

/// The scope an action's templates see.
fn frame(cx: &Cx, ctx: &Ctx) -> Rc<Frame> {
    let mut vars = vec![(Arc::from("$event"), Binding::Value(ctx.event.clone()))];
    if !matches!(ctx.result, Value::Undefined) {
        vars.push((Arc::from("$result"), Binding::Value(ctx.result.clone())));
    }
    if !matches!(ctx.error, Value::Undefined) {
        vars.push((Arc::from("$error"), Binding::Value(ctx.error.clone())));
    }
    Frame::push(&cx.frame, vars)
}

fn run_one(cx: &Cx, action: &Value, ctx: Rc<Ctx>, done: Done) {
    if ctx.depth > MAX_DEPTH {
        done(Err("actions nested more than 10 levels deep".into()));
        return;
    }
    let Some(name) = prop(action, "action").as_str().map(str::to_string) else {
        crate::log::warn("an action without a string \"action\" field was skipped");
        done(Err("invalid action".into()));
        return;
    };
    let scope = frame(cx, &ctx);
    let fields = resolve(action, &name, &scope);
    let on_success = prop(action, "onSuccess").clone();
    let on_error = prop(action, "onError").clone();
    let (cb_cx, cb_ctx) = (cx.clone(), ctx.clone());
    let finish: Done = Box::new(move |outcome| match outcome {
        Ok(result) => {
            if on_success.is_nullish() {
                done(Ok(result));
                return;
            }
            let child = Ctx {
                event: cb_ctx.event.clone(),
                result: result.clone(),
                error: Value::Undefined,
                depth: cb_ctx.depth + 1,
            };
            run_with(
                &cb_cx,
                &on_success,
                child,
                Box::new(move |_| done(Ok(result))),
            );
        }
        Err(message) => {
            crate::log::warn(&crate::text::fill("action failed: {}", &[&message]));
            if on_error.is_nullish() {
                done(Err(message));
                return;
            }
            let child = Ctx {
                event: cb_ctx.event.clone(),
                result: Value::Undefined,
                error: Value::from(message.as_str()),
                depth: cb_ctx.depth + 1,
            };
            run_with(
                &cb_cx,
                &on_error,
                child,
                Box::new(move |_| done(Err(message))),
            );
        }
    });
    let call = Call {
        cx: cx.clone(),
        scope,
        ctx,
        raw: action.clone(),
    };
    dispatch(&name, &call, &fields, finish);
}

/// Everything an action implementation may need.
pub(crate) struct Call {
    pub cx: Cx,
    /// State + scope + `$event`/`$result`/`$error`.
    pub scope: Rc<Frame>,
    pub ctx: Rc<Ctx>,
    /// The action as it came from the wire (before interpolation).
    pub raw: Value,
}

/// Interpolates every field except the callbacks (and `setInterval`'s, which it reads raw).
fn resolve(action: &Value, name: &str, scope: &Rc<Frame>) -> Map {
    let Value::Object(map) = action else {
        return Map::new();
    };
    let mut out = Map::new();
    for (key, value) in map.iter() {
        let raw = matches!(key, "onSuccess" | "onError")
            || (name == "setInterval"
                && matches!(key, "duration" | "while" | "onTick" | "onComplete"));
        let value = if raw {
            value.clone()
        } else {
            template::interpolate(value, &**scope)
        };
        out.insert(key, value);
    }
    out
}

fn dispatch(name: &str, call: &Call, fields: &Map, done: Done) {
    match name {
        "setState" => done(state::set_state(call, fields)),
        "toggleState" => done(state::toggle_state(call, fields)),
        "appendState" => done(state::append_state(call, fields)),
        "popState" => done(state::pop_state(call, fields)),
        "showToast" => done(browser::show_toast(fields)),
        "closeOverlay" => done(browser::close_overlay(call)),
        "openLink" => host::open_link_action(fields, done),
        "toolCall" => host::tool_call(call, fields, done),
        "sendMessage" => host::send_message(fields, done),
        "updateContext" => host::update_context(fields, done),
        "requestDisplayMode" => host::request_display_mode(fields, done),
        "fetch" => browser::fetch(fields, done),
        "openFilePicker" => browser::open_file_picker(call, fields, done),
        "setInterval" => done(browser::set_interval(call)),
        "callHandler" => done(browser::call_handler(call, fields)),
        "invokeAppTool" => invoke_app_tool(call, fields, done),
        other => done(Err(crate::text::fill("unknown action \"{}\"", &[other]))),
    }
}

/// `invokeAppTool {tool, arguments}`: `$result` = the tool's result.
fn invoke_app_tool(call: &Call, fields: &Map, done: Done) {
    let Some(app) = call.cx.app() else {
        return done(Err("invokeAppTool: no app".into()));
    };
    let name = fields
        .get("tool")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let arguments = fields.get("arguments").unwrap_or(&Value::Undefined);
    app.invoke_app_tool(name, arguments, done);
}

/// A string field, or an error naming it.
pub(crate) fn text_field(fields: &Map, action: &str, key: &str) -> Result<String, String> {
    match fields.get(key) {
        Some(Value::String(s)) => Ok(String::from(&**s)),
        Some(Value::Number(_) | Value::Bool(_)) => {
            Ok(fields.get(key).map(Value::to_js_string).unwrap_or_default())
        }
        _ => Err(crate::text::fill("{}.{} must be a string", &[action, key])),
    }
}
