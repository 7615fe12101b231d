//! A2UI surfaces in the viewer. A tool result's content item of MIME `application/a2ui+json`
//! (what `display_a2ui` returns) holds A2UI messages, v0.9 or the v1.0 batch form
//! (`{"messages": [...]}`); they are applied in order to one surface (components by id, the
//! data model) and the surface is read into a `$prefab` envelope as `prefab::a2ui` reads it.
//! Later results update the same surface: one with only data-model changes becomes a state
//! patch, so the view stays mounted.
//!
//! Size matters here (the renderer is inlined in every page): every component is one row of
//! [`rows::ROWS`], read by one generic function that writes JSON text ([`write`]); dynamic
//! values and actions are read in [`bind`]; diagnostics are left to the native reader.
mod bind;
mod rows;
mod write;

use crate::js::stringify;
use crate::node::prop;
use prefab::expr::{Map, Value};
use std::cell::RefCell;

/// The MIME type of an A2UI resource item.
pub const MIME: &str = "application/a2ui+json";

/// The shown surface: its id (`undefined` when there is none), components by id and data
/// model.
#[derive(Default)]
struct Surface {
    id: Value,
    components: Map,
    data: Value,
}

thread_local! {
    static SURFACE: RefCell<Option<Surface>> = const { RefCell::new(None) };
}

/// The envelope, or the `update` state patch, for a tool result with A2UI content.
///
/// In the browser (the JSON text is written with `JSON.stringify`):
///
/// ```no_run
/// use prefab::expr::Value;
/// use prefab_renderer::{a2ui, json, node::prop};
/// let text = r#"{\"messages\": [{\"version\": \"v0.9\", \"createSurface\": {\"surfaceId\": \"s\"}}, {\"version\": \"v0.9\", \"updateComponents\": {\"surfaceId\": \"s\", \"components\": [{\"id\": \"root\", \"component\": \"Text\", \"text\": {\"path\": \"/hi\"}}]}}]}"#;
/// let result = json::parse(&[r#"{"content": [{"type": "resource", "resource": {"mimeType": "application/a2ui+json", "text": ""#, text, r#""}}]}"#].concat()).unwrap();
/// let envelope = a2ui::from_result(&result).unwrap();
/// let view = prop(&envelope, "view");
/// let Value::Array(children) = prop(view, "children") else { panic!("no children") };
/// assert_eq!(prop(&children[0], "content").as_str(), Some("{{ hi }}"));
/// ```
#[must_use]
pub fn from_result(result: &Value) -> Option<Value> {
    let Value::Array(items) = prop(result, "content") else {
        return None;
    };
    let mut first = true;
    let mut layout = false;
    let mut changed = Map::new();
    SURFACE.with(|s| {
        let s = &mut *s.borrow_mut();
        let s = s.get_or_insert_with(Surface::default);
        for item in items.iter() {
            let r = prop(item, "resource");
            if prop(r, "mimeType").as_str() != Some(MIME) {
                continue;
            }
            let payload = crate::json::parse(prop(r, "text").as_str().unwrap_or("")).ok()?;
            let Value::Array(list) = prop(&payload, "messages") else {
                continue;
            };
            for message in list.iter() {
                layout |= apply(s, message, first, &mut changed);
                first = false;
            }
        }
        if first {
            return None;
        }
        let mut w = String::new();
        if layout {
            w.push_str("{\"view\":{\"type\":\"Div\",\"cssClass\":\"pf-app-root\"");
            write::kids(&s.components, &mut w, &[Value::from("root")], 0);
            w.push('}');
            if !s.data.is_nullish() {
                key(&mut w, "state");
                w.push_str(&stringify(&s.data));
            }
        } else {
            w.push_str("{\"update\":{\"state\":");
            w.push_str(&stringify(&Value::from(changed)));
            w.push('}');
        }
        w.push('}');
        crate::json::parse(&w).ok()
    })
}

/// Applies one message (`first` of its result: a `createSurface` there starts a new surface);
/// `true` when it changed components, else the data model's changed top-level keys go into
/// `changed`.
fn apply(s: &mut Surface, message: &Value, first: bool, changed: &mut Map) -> bool {
    let Some((kind, body)) = (match message {
        Value::Object(m) => m.iter().find(|(k, _)| *k != "version"),
        _ => None,
    }) else {
        return false;
    };
    let id = prop(body, "surfaceId");
    let create = kind == "createSurface" && (first || s.id.is_nullish() || s.id == *id);
    if !create && s.id != *id {
        return false;
    }
    if create || kind == "deleteSurface" {
        *s = Surface {
            id: if create { id.clone() } else { Value::Undefined },
            ..Surface::default()
        };
    }
    if let Value::Array(list) = prop(body, "components") {
        for c in list.iter() {
            s.components
                .insert(prop(c, "id").as_str().unwrap_or(""), c.clone());
        }
    }
    let data = prop(body, "dataModel");
    if !data.is_nullish() {
        s.data = data.clone();
    }
    if kind != "updateDataModel" {
        return true;
    }
    let path = prop(body, "path").as_str().unwrap_or("");
    let tokens: Vec<&str> = path.split('/').filter(|t| !t.is_empty()).collect();
    let value = prop(body, "value");
    // The whole model (an object, or emptied) at the root, else the value at the pointer
    // (objects made on the way, an array index may be the length).
    s.data = match value {
        _ if !tokens.is_empty() => {
            crate::store::set_in(&s.data, &tokens, value.clone(), true).unwrap_or(s.data.clone())
        }
        Value::Object(_) => value.clone(),
        _ => Value::from(Map::new()),
    };
    if let Value::Object(map) = &s.data {
        for (k, v) in map
            .iter()
            .filter(|(k, _)| tokens.first().is_none_or(|t| t == k))
        {
            changed.insert(k, v.clone());
        }
    }
    false
}

/// The value of `key` in `list` (`k=v` or a bare `k`, separated by `;`).
fn pick<'a>(list: &'a str, key: &str) -> Option<&'a str> {
    list.split(';')
        .filter(|pair| !pair.is_empty())
        .map(|pair| pair.split_once('=').unwrap_or((pair, pair)))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// `s` as a JSON string.
fn quote(s: &str) -> String {
    stringify(&Value::from(s))
}

/// `,"k":` (every prop of a node written here follows its `type`).
fn key(w: &mut String, k: &str) {
    w.push_str(",\"");
    w.push_str(k);
    w.push_str("\":");
}
