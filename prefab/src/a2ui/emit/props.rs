//! Props through their [`Conv`]ersions, the props every component may carry, and the report
//! of the rest.

use super::{Emitter, child_path, neutral};
use crate::a2ui::DiagnosticKind;
use crate::a2ui::actions;
use crate::a2ui::bind::pointer;
use crate::a2ui::table::{CLASS_PROPS, Conv, ICONS, Kids, Mapping, REQUIRED_MESSAGE};
use serde_json::{Map, Value, json};

impl Emitter<'_> {
    /// One prop through its conversion; `Ok(None)` writes nothing, `None` drops the node.
    #[allow(clippy::option_option)]
    pub(super) fn prop(
        &mut self,
        conv: Conv,
        node: &Value,
        value: Option<&Value>,
        path: &str,
        in_template: bool,
    ) -> Option<Option<Value>> {
        let out = match (conv, value) {
            (Conv::Dyn, Some(Value::String(s))) => Some(self.dynamic(s, path, in_template)),
            (Conv::Dyn, Some(Value::Number(n))) => Some(json!(n.to_string())),
            (Conv::Lit | Conv::LitOr(_), Some(v)) => Some(v.clone()),
            (Conv::LitOr(default), None) => serde_json::from_str(default).ok(),
            (Conv::Map(pairs), Some(v)) => {
                let text = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
                let found = pairs
                    .iter()
                    .find(|(p, _)| *p == text)
                    .map(|(_, a)| json!(a));
                if found.is_none() {
                    self.notes.note(
                        DiagnosticKind::Degraded,
                        path,
                        &text,
                        "value has no A2UI counterpart; dropped",
                    );
                }
                found
            }
            (Conv::Icon, v) => {
                let name = v.and_then(Value::as_str).unwrap_or_default();
                let key = name.to_ascii_lowercase().replace('_', "-");
                let Some((_, a2ui)) = ICONS.iter().find(|(lucide, _)| *lucide == key) else {
                    self.notes.note(
                        DiagnosticKind::Unsupported,
                        path,
                        name,
                        "icon not in the A2UI basic catalog; dropped",
                    );
                    return None;
                };
                Some(json!(a2ui))
            }
            (Conv::Bind(default), _) => Some(self.bind(node, path, in_template, default)),
            (Conv::Required, Some(Value::Bool(true))) => {
                let name = node
                    .get("name")
                    .and_then(Value::as_str)
                    .and_then(|n| pointer(n, in_template));
                name.map(|p| {
                    json!([{"condition": {"call": "required", "args": {"value": {"path": p}}, "returnType": "boolean"}, "message": REQUIRED_MESSAGE}])
                })
            }
            (Conv::Action, Some(action)) => {
                let (mapped, lost) = actions::to_a2ui(action, in_template);
                for why in lost {
                    self.notes.note(DiagnosticKind::Action, path, "action", why);
                }
                Some(mapped.unwrap_or_else(|| json!({"event": {"name": ""}})))
            }
            (Conv::Action, None) => Some(json!({"event": {"name": ""}})),
            (Conv::FieldLabel, v) => match (self.label.take(), v) {
                (Some(label), v) => {
                    if let Some(v) = v.filter(|v| !neutral(v)) {
                        self.notes.note(
                            DiagnosticKind::Degraded,
                            path,
                            &v.to_string(),
                            "the A2UI label holds the Field's Label; dropped",
                        );
                    }
                    Some(label)
                }
                (None, Some(Value::String(s))) if !s.is_empty() => {
                    self.notes.note(
                        DiagnosticKind::Degraded,
                        path,
                        s,
                        "written as the A2UI label, which reads back as a Field's Label",
                    );
                    Some(self.dynamic(s, path, in_template))
                }
                (None, _) => None,
            },
            (_, Some(v)) if !neutral(v) => {
                self.notes.note(
                    DiagnosticKind::Degraded,
                    path,
                    &v.to_string(),
                    "value not carried; dropped",
                );
                None
            }
            _ => None,
        };
        Some(out)
    }

    /// The stateful value: `{"path": "/name"}`, a literal `value`, or the default.
    pub(super) fn bind(
        &mut self,
        node: &Value,
        path: &str,
        in_template: bool,
        default: &str,
    ) -> Value {
        let literal = node
            .get("value")
            .filter(|v| !v.as_str().is_some_and(|s| s.contains("{{")));
        match node.get("name").and_then(Value::as_str) {
            Some(name) => match pointer(name, in_template) {
                Some(p) => {
                    if let Some(v) = literal.filter(|_| !name.contains('.') && !in_template) {
                        self.seeds.push((name.to_owned(), v.clone()));
                    }
                    json!({ "path": p })
                }
                None => {
                    self.notes.note(
                        DiagnosticKind::Expression,
                        path,
                        name,
                        "state name is not a plain path; unbound",
                    );
                    serde_json::from_str(default).unwrap_or_default()
                }
            },
            None => literal
                .cloned()
                .unwrap_or_else(|| serde_json::from_str(default).unwrap_or_default()),
        }
    }

    /// The props every component may carry, and the report of everything else.
    pub(super) fn common(
        &mut self,
        row: &Mapping,
        node: &Value,
        path: &str,
        in_template: bool,
        handled: &[&str],
        out: &mut Map<String, Value>,
    ) {
        let Some(object) = node.as_object() else {
            return;
        };
        for (key, value) in object {
            let key_path = child_path(path, key);
            match key.as_str() {
                k if handled.contains(&k) => {}
                "ariaLabel" => {
                    let label = value
                        .as_str()
                        .map(|s| self.dynamic(s, &key_path, in_template));
                    out.insert("accessibility".into(), json!({ "label": label }));
                }
                "cssClass" if row.kids == Kids::List => {
                    self.classes(value.as_str().unwrap_or_default(), &key_path, out)
                }
                "let" => self.notes.note(
                    DiagnosticKind::Expression,
                    &key_path,
                    key,
                    "scoped bindings dropped",
                ),
                k if k.starts_with("on") && k.len() > 2 => self.notes.note(
                    DiagnosticKind::Action,
                    &key_path,
                    key,
                    "no A2UI trigger; dropped",
                ),
                _ if neutral(value) => {}
                _ => self.notes.note(
                    DiagnosticKind::Degraded,
                    &key_path,
                    key,
                    format!("{} has no A2UI property for it; dropped", row.prefab),
                ),
            }
        }
    }

    /// `items-*` / `justify-*` classes → `align` / `justify`; the other classes are reported.
    pub(super) fn classes(&mut self, class: &str, path: &str, out: &mut Map<String, Value>) {
        let mut dropped = Vec::new();
        for token in class.split_whitespace() {
            let mapped = CLASS_PROPS.iter().find_map(|(prefix, prop, pairs)| {
                let rest = token.strip_prefix(prefix)?;
                pairs
                    .iter()
                    .find(|(p, _)| *p == rest)
                    .map(|(_, a)| (*prop, *a))
            });
            match mapped {
                Some((prop, value)) => {
                    out.insert(prop.into(), json!(value));
                }
                None => dropped.push(token),
            }
        }
        if !dropped.is_empty() {
            self.notes.note(
                DiagnosticKind::Degraded,
                path,
                &dropped.join(" "),
                "classes dropped",
            );
        }
    }
}
