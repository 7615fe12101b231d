//! Children: child lists and templates, a button's label, tabs, modals, options, layout.

use super::Read;
use super::component::collect;
use crate::a2ui::DiagnosticKind;
use crate::a2ui::bind::dotted;
use crate::a2ui::table::{CLASS_PROPS, Kids, Mapping};
use serde_json::{Map, Value, json};

impl Read<'_> {
    /// A `children` list or template as prefab children.
    pub(super) fn child_list(&mut self, children: &Value, path: &str) -> Vec<Value> {
        if let Some(ids) = children.as_array() {
            return (ids.iter().enumerate())
                .filter_map(|(i, id)| {
                    self.node(id.as_str().unwrap_or_default(), &format!("{path}[{i}]"))
                })
                .collect();
        }
        let pointer = children
            .get("path")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(key) = dotted(pointer) else {
            self.notes.note(
                DiagnosticKind::Expression,
                format!("{path}.path"),
                pointer,
                "path has no prefab state name; empty list",
            );
            return Vec::new();
        };
        let id = children
            .get("componentId")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let body = self.node(id, &format!("{path}.componentId"));
        vec![
            json!({"type": "ForEach", "key": key, "children": body.into_iter().collect::<Vec<_>>()}),
        ]
    }

    /// The row's children; returns the A2UI keys read.
    pub(super) fn kids(
        &mut self,
        row: &Mapping,
        c: &Value,
        path: &str,
        node: &mut Map<String, Value>,
    ) -> Vec<&'static str> {
        let one = |this: &mut Self, key: &str| -> Vec<Value> {
            let id = c.get(key).and_then(Value::as_str).unwrap_or_default();
            this.node(id, &format!("{path}.{key}"))
                .into_iter()
                .collect()
        };
        let (children, keys): (Vec<Value>, Vec<&'static str>) = match row.kids {
            Kids::Leaf => return Vec::new(),
            Kids::List => (
                self.child_list(
                    c.get("children").unwrap_or(&Value::Null),
                    &format!("{path}.children"),
                ),
                vec!["children", "justify", "align"],
            ),
            Kids::Template => match c.get("children") {
                Some(list @ Value::Array(_)) => {
                    self.notes.note(
                        DiagnosticKind::Degraded,
                        path.to_owned(),
                        "List",
                        "a static List shown as a Column",
                    );
                    node.insert("type".into(), json!("Column"));
                    (
                        self.child_list(list, &format!("{path}.children")),
                        vec!["children", "direction", "align"],
                    )
                }
                Some(template) => {
                    let list = self.child_list(template, &format!("{path}.children"));
                    if let Some(Value::Object(for_each)) = list.into_iter().next() {
                        node.extend(for_each.into_iter().filter(|(k, _)| k != "type"));
                    }
                    return vec!["children"];
                }
                None => (Vec::new(), vec![]),
            },
            Kids::One => (one(self, "child"), vec!["child"]),
            Kids::Modal => {
                let mut kids = one(self, "trigger");
                kids.extend(one(self, "content"));
                (kids, vec!["trigger", "content"])
            }
            Kids::Label => {
                self.label(c, path, node);
                return vec!["child"];
            }
            Kids::Tabs => (self.tabs(c, path), vec!["tabs"]),
            Kids::Options(ty, value_key, label_key) => (
                self.options(c, path, ty, value_key, label_key),
                vec!["options", "variant"],
            ),
        };
        self.layout(c, node);
        node.insert("children".into(), json!(children));
        keys
    }

    /// A Tabs' `tabs`: one `Tab` (its title, its child) each.
    fn tabs(&mut self, c: &Value, path: &str) -> Vec<Value> {
        let mut tabs = Vec::new();
        for (i, tab) in c
            .get("tabs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let tab_path = format!("{path}.tabs[{i}]");
            let mut out = Map::new();
            out.insert("type".into(), json!("Tab"));
            self.dynamic(
                tab.get("title").unwrap_or(&json!("")),
                &format!("{tab_path}.title"),
                "title",
                &mut out,
            );
            let id = tab.get("child").and_then(Value::as_str).unwrap_or_default();
            let body: Vec<Value> = self
                .node(id, &format!("{tab_path}.child"))
                .into_iter()
                .collect();
            out.insert("children".into(), json!(body));
            tabs.push(Value::Object(out));
        }
        tabs
    }

    /// A choice's `options`: one node of type `ty` each, its value under `value_key` and
    /// its label under `label_key`.
    fn options(
        &mut self,
        c: &Value,
        path: &str,
        ty: &str,
        value_key: &str,
        label_key: &str,
    ) -> Vec<Value> {
        let mut options = Vec::new();
        for (i, option) in c
            .get("options")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let mut out = Map::new();
            out.insert("type".into(), json!(ty));
            out.insert(
                value_key.into(),
                option.get("value").cloned().unwrap_or_default(),
            );
            self.dynamic(
                option.get("label").unwrap_or(&json!("")),
                &format!("{path}.options[{i}].label"),
                label_key,
                &mut out,
            );
            options.push(Value::Object(out));
        }
        options
    }

    /// `align` / `justify` of a Row or Column → `items-*` / `justify-*` classes.
    pub(super) fn layout(&mut self, c: &Value, node: &mut Map<String, Value>) {
        let classes: Vec<String> = CLASS_PROPS
            .iter()
            .filter_map(|(prefix, prop, pairs)| {
                let value = c.get(*prop).and_then(Value::as_str)?;
                pairs
                    .iter()
                    .find(|(_, a)| *a == value)
                    .map(|(p, _)| format!("{prefix}{p}"))
            })
            .collect();
        if !classes.is_empty() {
            node.insert("cssClass".into(), json!(classes.join(" ")));
        }
    }

    /// A button's child: its first `Text` gives the label, its first `Icon` the icon.
    pub(super) fn label(&mut self, c: &Value, path: &str, node: &mut Map<String, Value>) {
        let id = c.get("child").and_then(Value::as_str).unwrap_or_default();
        let child = self.node(id, &format!("{path}.child"));
        let mut found = Map::new();
        collect(child.as_ref(), &mut found);
        let simple = child
            .as_ref()
            .and_then(|ch| ch.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|t| t == "Text" || t == "Icon");
        if !simple && child.is_some() {
            self.notes.note(
                DiagnosticKind::Degraded,
                format!("{path}.child"),
                "Button",
                "button content shown as its label and icon",
            );
        }
        node.insert(
            "label".into(),
            found.remove("content").unwrap_or_else(|| json!("")),
        );
        if let Some(icon) = found.remove("name") {
            node.insert("icon".into(), icon);
        }
    }
}
