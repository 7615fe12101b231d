//! Children through the row's [`Kids`]: child lists, single children, a button's label,
//! tabs, a modal's trigger and content, options and templates.

use super::{Emitter, child_path, children};
use crate::a2ui::DiagnosticKind;
use crate::a2ui::bind::pointer;
use crate::a2ui::table::{ICONS, Kids, Mapping};
use serde_json::{Map, Value, json};

impl Emitter<'_> {
    /// Children through the row's [`Kids`]; returns the prefab keys consumed.
    pub(super) fn kids(
        &mut self,
        row: &Mapping,
        node: &Value,
        path: &str,
        in_template: bool,
        out: &mut Map<String, Value>,
    ) -> Vec<&'static str> {
        let children = children(node);
        let kids_path = child_path(path, "children");
        match row.kids {
            Kids::Leaf => {
                if !children.is_empty() {
                    self.notes.note(
                        DiagnosticKind::Degraded,
                        &kids_path,
                        row.prefab,
                        "children dropped",
                    );
                }
                Vec::new()
            }
            Kids::List => {
                let ids = self.list(children, &kids_path, in_template);
                out.insert("children".into(), json!(ids));
                Vec::new()
            }
            Kids::One => {
                let id = self.one(children, &kids_path, in_template);
                out.insert("child".into(), json!(id));
                Vec::new()
            }
            Kids::Label => self.label(node, path, in_template, out),
            Kids::Tabs => {
                self.tabs(children, &kids_path, in_template, out);
                Vec::new()
            }
            Kids::Modal => {
                self.modal(children, &kids_path, in_template, out);
                Vec::new()
            }
            Kids::Options(ty, value_key, label_key) => {
                let options = self.options(
                    children,
                    &kids_path,
                    in_template,
                    (ty, value_key, label_key),
                );
                out.insert("options".into(), json!(options));
                Vec::new()
            }
            Kids::Template => {
                let key = node.get("key").and_then(Value::as_str).unwrap_or_default();
                let template = self.one(children, &kids_path, true);
                match pointer(key, in_template) {
                    Some(p) => {
                        out.insert(
                            "children".into(),
                            json!({"componentId": template, "path": p}),
                        );
                    }
                    None => {
                        self.notes.note(
                            DiagnosticKind::Expression,
                            child_path(path, "key"),
                            key,
                            "not a plain state path; the list is empty",
                        );
                        out.insert("children".into(), json!([]));
                    }
                }
                vec!["key"]
            }
        }
    }

    /// A modal's first child as its `trigger` (an empty Column when there is none) and the
    /// rest as its `content`.
    fn modal(
        &mut self,
        children: &[Value],
        kids_path: &str,
        in_template: bool,
        out: &mut Map<String, Value>,
    ) {
        let trigger = children
            .first()
            .and_then(|t| self.node(t, &format!("{kids_path}[0]"), in_template, None))
            .unwrap_or_else(|| self.synth(json!({"component": "Column", "children": []})));
        let content = self.one(
            children.get(1..).unwrap_or_default(),
            kids_path,
            in_template,
        );
        out.insert("trigger".into(), json!(trigger));
        out.insert("content".into(), json!(content));
    }

    /// The children of type `ty` as `{label, value}` options (the label from `label_key`,
    /// else the value); any other child is dropped with a note.
    fn options(
        &mut self,
        children: &[Value],
        kids_path: &str,
        in_template: bool,
        (ty, value_key, label_key): (&'static str, &'static str, &'static str),
    ) -> Vec<Value> {
        let mut options = Vec::new();
        for (i, child) in children.iter().enumerate() {
            let value = child.get(value_key).and_then(Value::as_str);
            match (child.get("type").and_then(Value::as_str), value) {
                (Some(t), Some(value)) if t == ty => {
                    let label = child
                        .get(label_key)
                        .and_then(Value::as_str)
                        .unwrap_or(value);
                    let label =
                        self.dynamic(label, &format!("{kids_path}[{i}].{label_key}"), in_template);
                    options.push(json!({"label": label, "value": value}));
                }
                _ => self.notes.note(
                    DiagnosticKind::Degraded,
                    format!("{kids_path}[{i}]"),
                    ty,
                    "not an option; dropped",
                ),
            }
        }
        options
    }

    /// A button's `label` (or `icon`) as its child component.
    pub(super) fn label(
        &mut self,
        node: &Value,
        path: &str,
        in_template: bool,
        out: &mut Map<String, Value>,
    ) -> Vec<&'static str> {
        let label = node
            .get("label")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let icon = node.get("icon").and_then(Value::as_str);
        let icon_name = icon
            .and_then(|i| ICONS.iter().find(|(l, _)| *l == i))
            .map(|(_, a)| *a);
        let child = match (label.is_empty(), icon_name) {
            (true, Some(name)) => json!({"component": "Icon", "name": name}),
            _ => {
                if icon.is_some() {
                    self.notes.note(
                        DiagnosticKind::Degraded,
                        child_path(path, "icon"),
                        "icon",
                        "button icon dropped",
                    );
                }
                let text = self.dynamic(label, &child_path(path, "label"), in_template);
                json!({"component": "Text", "text": text})
            }
        };
        let id = self.synth(child);
        out.insert("child".into(), json!(id));
        vec!["label", "icon"]
    }

    pub(super) fn tabs(
        &mut self,
        children: &[Value],
        path: &str,
        in_template: bool,
        out: &mut Map<String, Value>,
    ) {
        let mut tabs = Vec::new();
        for (i, tab) in children.iter().enumerate() {
            let tab_path = format!("{path}[{i}]");
            if tab.get("type").and_then(Value::as_str) != Some("Tab") {
                self.notes.note(
                    DiagnosticKind::Degraded,
                    &tab_path,
                    "Tabs",
                    "not a Tab; dropped",
                );
                continue;
            }
            let title = tab.get("title").and_then(Value::as_str).unwrap_or_default();
            let title = self.dynamic(title, &child_path(&tab_path, "title"), in_template);
            let body = super::children(tab);
            let child = self.one(body, &child_path(&tab_path, "children"), in_template);
            tabs.push(json!({"title": title, "child": child}));
        }
        if tabs.is_empty() {
            let child = self.synth(json!({"component": "Column", "children": []}));
            tabs.push(json!({"title": "", "child": child}));
        }
        out.insert("tabs".into(), json!(tabs));
    }
}
