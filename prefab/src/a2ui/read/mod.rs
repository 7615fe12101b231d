//! A2UI → `$prefab`: messages are applied in order to one surface (its components by id and
//! its data model), and the envelope is read from the surface's `root`.

mod component;
mod kids;

use super::{DiagnosticKind, Envelope, Notes, ROOT_ID};
use serde_json::{Value, json};
use std::collections::HashMap;

/// A2UI messages applied in order: `createSurface`, `updateComponents`, `updateDataModel`,
/// `deleteSurface` (also inside a `{"messages": [...]}` wrapper). One surface is shown: the
/// first one created; messages for others are reported.
///
/// ```
/// use prefab::a2ui::Reader;
/// use serde_json::json;
/// let mut reader = Reader::new();
/// reader.apply(&json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}}));
/// reader.apply(&json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
///     {"id": "root", "component": "Text", "text": {"path": "/greeting"}}]}}));
/// reader.apply(&json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/greeting", "value": "Hi"}}));
/// let out = reader.envelope();
/// assert_eq!(out.envelope["view"]["children"][0], json!({"type": "Text", "content": "{{ greeting }}"}));
/// assert_eq!(out.envelope["state"], json!({"greeting": "Hi"}));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Reader {
    surface: Option<Surface>,
    notes: Notes,
    index: usize,
}

#[derive(Clone, Debug, Default)]
struct Surface {
    id: String,
    components: HashMap<String, (Value, String)>,
    data: Value,
}

impl Reader {
    /// A reader with no surface yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies one message (or a `{"messages": [...]}` wrapper of several).
    pub fn apply(&mut self, message: &Value) {
        if let Some(list) = message.get("messages").and_then(Value::as_array) {
            list.iter().for_each(|m| self.apply(m));
            return;
        }
        let path = format!("messages[{}]", self.index);
        self.index += 1;
        let Some((kind, body)) = message
            .as_object()
            .and_then(|o| o.iter().find(|(k, _)| *k != "version"))
        else {
            self.notes.note(
                DiagnosticKind::Unsupported,
                path,
                "message",
                "not an A2UI message; ignored",
            );
            return;
        };
        let surface_id = body
            .get("surfaceId")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if kind == "createSurface" && self.surface.as_ref().is_none_or(|s| s.id == surface_id) {
            self.surface = Some(Surface {
                id: surface_id.to_owned(),
                data: json!({}),
                ..Surface::default()
            });
        }
        let Some(surface) = self.surface.as_mut().filter(|s| s.id == surface_id) else {
            self.notes.note(
                DiagnosticKind::Unsupported,
                path,
                kind,
                format!("surface {surface_id:?} is not the one shown; ignored"),
            );
            return;
        };
        match kind.as_str() {
            "createSurface" | "updateComponents" => {
                let key = format!("{path}.{kind}.components");
                for (i, component) in body
                    .get("components")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let id = component
                        .get("id")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    let component = super::dialect::markdown_heading(component);
                    surface
                        .components
                        .insert(id.to_owned(), (component, format!("{key}[{i}]")));
                }
                if let Some(data) = body.get("dataModel") {
                    surface.data = data.clone();
                }
            }
            "updateDataModel" => {
                let at = body.get("path").and_then(Value::as_str).unwrap_or("/");
                let value = body.get("value").cloned().unwrap_or_default();
                if !set_pointer(&mut surface.data, at, value) {
                    self.notes.note(
                        DiagnosticKind::Unsupported,
                        format!("{path}.updateDataModel.path"),
                        at,
                        "no such place in the data model; ignored",
                    );
                }
            }
            "deleteSurface" => self.surface = None,
            other => self.notes.note(
                DiagnosticKind::Unsupported,
                path,
                other,
                "message has no prefab counterpart; ignored",
            ),
        }
    }

    /// The `$prefab` envelope of the surface as it stands, with the diagnostics so far.
    #[must_use]
    pub fn envelope(&self) -> Envelope {
        let mut read = Read {
            components: self.surface.as_ref().map(|s| &s.components),
            notes: self.notes.clone(),
            depth: 0,
        };
        let root = read.node(ROOT_ID, "surface");
        let mut envelope = json!({
            "$prefab": {"version": crate::PROTOCOL_VERSION},
            "view": {"type": "Div", "cssClass": "pf-app-root", "children": root.into_iter().collect::<Vec<_>>()},
        });
        if let Some(data) = self
            .surface
            .as_ref()
            .map(|s| &s.data)
            .filter(|d| d.as_object().is_some_and(|o| !o.is_empty()))
        {
            envelope["state"] = data.clone();
        }
        Envelope {
            envelope,
            diagnostics: read.notes.0,
        }
    }
}

/// Writes `value` at JSON Pointer `at` (`/` or empty: the whole model; `null`: delete).
fn set_pointer(data: &mut Value, at: &str, value: Value) -> bool {
    let tokens: Vec<String> = at
        .split('/')
        .skip(1)
        .filter(|t| !t.is_empty())
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let Some((last, parents)) = tokens.split_last() else {
        *data = if value.is_null() { json!({}) } else { value };
        return true;
    };
    let mut here = data;
    for token in parents {
        if here.is_null() {
            *here = json!({});
        }
        here = match here {
            Value::Object(o) => o.entry(token.clone()).or_insert(Value::Null),
            Value::Array(a) => match token.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    if here.is_null() {
        *here = json!({});
    }
    match here {
        Value::Object(o) if value.is_null() => {
            o.remove(last);
        }
        Value::Object(o) => {
            o.insert(last.clone(), value);
        }
        Value::Array(a) => match last.parse::<usize>() {
            Ok(i) if i < a.len() => a[i] = value,
            Ok(i) if i == a.len() => a.push(value),
            _ => return false,
        },
        _ => return false,
    }
    true
}

struct Read<'a> {
    components: Option<&'a HashMap<String, (Value, String)>>,
    notes: Notes,
    depth: usize,
}
