//! Tool input shown while the model writes it: the arguments of `tool-input-partial` (healed
//! by the host into an object) become an envelope drawn by a streaming pass
//! (`render::stream`), so the view grows in place; the tool result is the last pass.
use super::{App, is_envelope};
use crate::node::prop;
use crate::render::stream;
use prefab::expr::{Map, Value};

/// The class of the root `Div` a bare view is wrapped in (as `prefab::display` does).
const ROOT_CLASS: &str = "pf-app-root";

impl App {
    /// Draws the envelope the arguments of a `tool-input(-partial)` notification hold.
    pub(super) fn preview_tool_input(&self, params: &Value, partial: bool) {
        if self.rendered_result.get() {
            return;
        }
        if let Some(envelope) = arguments_envelope(prop(params, "arguments")) {
            self.stream(&envelope, partial);
        }
    }

    /// One streaming pass over `envelope` (the first one starts the stream): settings,
    /// state and `defs` as they arrived, then the view reconciled with the previous pass.
    pub(super) fn stream(&self, envelope: &Value, partial: bool) {
        let view = prop(envelope, "view");
        if view.is_nullish() {
            return;
        }
        let first = !stream::active();
        if first {
            self.clear_timers();
            let cx = self.fresh_cx();
            self.store.replace(Map::new(), &["$host"]);
            stream::begin(cx);
        }
        // Settings apply again only when they changed since the previous pass (not at every
        // message of a stream: `css` elements, theme attributes and tools stay as they are).
        let same = {
            let last = self.streamed_settings.borrow();
            super::SETTINGS_KEYS
                .iter()
                .all(|k| prop(&last, k) == prop(envelope, k))
        };
        if first || !same {
            self.settings(envelope);
            self.streamed_settings.replace(envelope.clone());
        }
        if let Value::Object(state) = prop(envelope, "state") {
            for (k, v) in state.iter() {
                if self.store.peek(k).as_ref() != Some(v) {
                    self.store.set(k, v.clone());
                }
            }
        }
        let defs_changed = self.load_defs(envelope, false);
        let shared = self.shared.borrow().clone();
        if let Some(node) = stream::pass(shared, view, partial, defs_changed) {
            self.show(&node);
        }
    }
}

/// The envelope tool arguments hold: `{"view": <envelope>}`, an envelope itself,
/// `{"view": <component>, "state"?, "defs"?, …}` (the component wrapped in the root `Div`,
/// as `render_ui`'s result will be), or the first argument that is an envelope.
fn arguments_envelope(args: &Value) -> Option<Value> {
    let Value::Object(map) = args else {
        return None;
    };
    let view = prop(args, "view");
    if let Value::Object(inner) = view {
        if !prop(args, "$prefab").is_nullish() {
            return Some(args.clone());
        }
        if inner.is_empty() {
            return None;
        }
        if prop(view, "type").is_nullish() && is_envelope(view) {
            return Some(view.clone());
        }
        let mut envelope = (**map).clone();
        envelope.insert("view", wrap_root(view));
        return Some(Value::from(envelope));
    }
    if is_envelope(args) {
        return Some(args.clone());
    }
    map.iter().map(|(_, v)| v).find(|v| is_envelope(v)).cloned()
}

/// `{"cssClass": "pf-app-root", "type": "Div", "children": [view]}` unless `view` is that
/// root already.
fn wrap_root(view: &Value) -> Value {
    let is_root = prop(view, "type").as_str() == Some("Div")
        && prop(view, "cssClass")
            .as_str()
            .is_some_and(|c| c.split(' ').any(|c| c == ROOT_CLASS));
    if is_root {
        return view.clone();
    }
    let mut root = Map::new();
    root.insert("cssClass", Value::from(ROOT_CLASS));
    root.insert("type", Value::from("Div"));
    root.insert("children", Value::from(vec![view.clone()]));
    Value::from(root)
}
