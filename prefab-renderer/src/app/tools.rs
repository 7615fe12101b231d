//! App tools (`tools` in the envelope: listed to and called by the host, or by
//! `invokeAppTool`), and what actions reach through [`AppHandle`]: `toolCall` sequencing
//! and replies, timers.
use super::App;
use crate::cx::{AppHandle, Done};
use crate::node::prop;
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
    pub(super) fn run_tool(&self, name: &str, arguments: &Value, done: Done) {
        let Some(tool) = self.find_tool(name) else {
            return done(Err(crate::text::fill("unknown app tool \"{}\"", &[name])));
        };
        let mut event = match arguments {
            Value::Object(map) => (**map).clone(),
            Value::Undefined | Value::Null => Map::new(),
            _ => {
                return done(Err(crate::text::fill(
                    "{}: arguments must be an object",
                    &[name],
                )));
            }
        };
        if let Value::Object(bind) = prop(&tool, "bind") {
            for (k, _) in bind.iter() {
                if event.get(k).is_some() {
                    return done(Err(crate::text::fill(
                        "{}: argument \"{}\" is bound by the app",
                        &[name, k],
                    )));
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

impl AppHandle for App {
    fn timer_epoch(&self) -> u32 {
        self.epoch.get()
    }

    fn add_timer(&self, handle: i32) {
        let mut timers = self.timers.borrow_mut();
        if timers.len() > 256 {
            timers.drain(..128);
        }
        timers.push(handle);
    }

    fn fastmcp_app(&self) -> Option<Value> {
        self.fastmcp_app.borrow().clone()
    }

    fn sequence_start(&self, tool: &str) -> u64 {
        let mut seqs = self.sequences.borrow_mut();
        let entry = sequence_of(&mut seqs, tool);
        entry.1 += 1;
        entry.1
    }

    fn sequence_finish(&self, tool: &str, seq: u64) -> bool {
        let mut seqs = self.sequences.borrow_mut();
        let entry = sequence_of(&mut seqs, tool);
        if seq < entry.2 {
            return false;
        }
        entry.2 = seq;
        true
    }

    /// A patch merges, a full envelope with a view replaces the view.
    fn apply_tool_reply(&self, structured: &Value) {
        if !prop(structured, "update").is_nullish() && prop(structured, "view").is_nullish() {
            self.apply_update(prop(structured, "update"));
        } else if !prop(structured, "$prefab").is_nullish()
            && !prop(structured, "view").is_nullish()
        {
            self.mount(structured);
        }
    }

    fn invoke_app_tool(&self, name: &str, arguments: &Value, done: Done) {
        self.run_tool(name, arguments, done);
    }
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
