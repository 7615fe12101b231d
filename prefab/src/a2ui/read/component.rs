//! One component → one prefab node: the row, its props, and the report of the rest.

use super::Read;
use crate::a2ui::DiagnosticKind;
use crate::a2ui::actions;
use crate::a2ui::bind::{dotted, template};
use crate::a2ui::emit::generated;
use crate::a2ui::table::{self, Conv, ICONS, Mapping, REQUIRED_MESSAGE, shown_value};
use crate::expr::call_template;
use serde_json::{Map, Value, json};

/// Component keys every row reads.
const COMMON_KEYS: &[&str] = &["id", "component", "accessibility"];
/// Deepest component nesting followed (cycles stop here too).
const MAX_DEPTH: usize = 64;

impl Read<'_> {
    /// The prefab node of component `id`; `from` names the referring place.
    pub(super) fn node(&mut self, id: &str, from: &str) -> Option<Value> {
        let Some((component, path)) = self.components.and_then(|c| c.get(id)) else {
            self.notes.note(
                DiagnosticKind::Unsupported,
                from.to_owned(),
                id,
                "no component with this id; nothing shown",
            );
            return None;
        };
        if self.depth >= MAX_DEPTH {
            self.notes.note(
                DiagnosticKind::Unsupported,
                path.clone(),
                id,
                "nested too deeply (or a cycle); dropped",
            );
            return None;
        }
        self.depth += 1;
        let out = self.component(component, path);
        self.depth -= 1;
        out
    }

    pub(super) fn component(&mut self, c: &Value, path: &str) -> Option<Value> {
        let name = c
            .get("component")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let row = self.row(c, name, path)?;
        let mut node = Map::new();
        node.insert("type".into(), json!(row.prefab));
        if let Some(id) = c
            .get("id")
            .and_then(Value::as_str)
            .filter(|id| !generated(id))
        {
            node.insert("id".into(), json!(id));
        }
        for (key, text) in row.when {
            node.insert(
                (*key).into(),
                serde_json::from_str(text).unwrap_or_default(),
            );
        }
        let mut read: Vec<&str> = COMMON_KEYS.to_vec();
        read.extend(row.fixed.iter().map(|(k, _)| *k));
        let mut label = None;
        let mut after = Vec::new();
        for &(prefab_key, a2ui_key, conv) in row.props {
            read.push(a2ui_key);
            if conv == Conv::FieldLabel {
                label = c
                    .get(a2ui_key)
                    .filter(|v| !v.is_null() && v.as_str() != Some(""));
                continue;
            }
            if let (Conv::Required, Some(checks)) = (conv, c.get(a2ui_key)) {
                after = self.checks(checks, &format!("{path}.{a2ui_key}"), prefab_key, &mut node);
                continue;
            }
            if let Some(value) = c.get(a2ui_key) {
                self.prop(
                    conv,
                    prefab_key,
                    value,
                    &format!("{path}.{a2ui_key}"),
                    &mut node,
                );
            }
        }
        read.extend(self.kids(row, c, path, &mut node));
        if let Some(label) = c.pointer("/accessibility/label") {
            self.dynamic(
                label,
                &format!("{path}.accessibility.label"),
                "ariaLabel",
                &mut node,
            );
        }
        self.rest(c, path, &read, &node);
        let ty = node
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        table::fill_required(table::PREFAB_REQUIRED, &ty, &mut node);
        if row.props.iter().any(|(k, ..)| *k == "content") && !node.contains_key("content") {
            node.insert("content".into(), json!(""));
        }
        if row.shows_value {
            after.insert(
                0,
                json!({"type": table::SHOWN_VALUE, "content": shown_value(&node)}),
            );
        }
        Some(self.field(node, label, after, path))
    }

    /// The row for component `c` (named `name`): the first whose fixed props match, else the
    /// last row of the name (reported as degraded), else none (reported, dropped).
    fn row(&mut self, c: &Value, name: &str, path: &str) -> Option<&'static Mapping> {
        let matches = |row: &&Mapping| {
            row.fixed
                .iter()
                .all(|(k, text)| c.get(*k) == serde_json::from_str::<Value>(text).ok().as_ref())
        };
        if let Some(row) = table::by_a2ui(name).find(matches) {
            return Some(row);
        }
        // The last row takes what the others leave (a DateTimeInput with no `enableDate`
        // is a DatePicker).
        let Some(row) = table::by_a2ui(name).last() else {
            self.notes.note(
                DiagnosticKind::Unsupported,
                path.to_owned(),
                name,
                "no prefab counterpart; dropped",
            );
            return None;
        };
        self.notes.note(
            DiagnosticKind::Degraded,
            path.to_owned(),
            name,
            format!("variant shown as {}", row.prefab),
        );
        Some(row)
    }

    /// A control's label, shown value and check messages: a `Field` around it, the `Label`
    /// (tied to the control by id) before it, the value and each message (a `FieldError`
    /// shown while its check fails) after it. The node alone when there is none.
    fn field(
        &mut self,
        node: Map<String, Value>,
        label: Option<&Value>,
        after: Vec<Value>,
        path: &str,
    ) -> Value {
        if label.is_none() && after.is_empty() {
            return Value::Object(node);
        }
        let mut children = Vec::new();
        if let Some(label) = label {
            let mut text = Map::new();
            text.insert("type".into(), json!("Label"));
            self.dynamic(label, &format!("{path}.label"), "text", &mut text);
            if let Some(id) = node.get("id") {
                text.insert("forId".into(), id.clone());
            }
            children.push(Value::Object(text));
        }
        children.push(Value::Object(node));
        children.extend(after);
        json!({"type": "Field", "children": children})
    }

    /// A control's A2UI `checks`: a `required` one sets prop `key`; each with a message
    /// (other than [`REQUIRED_MESSAGE`], which prefab's `required` is written with) is a
    /// `Condition` showing the message as a `FieldError` while the check fails. A condition
    /// with no prefab expression is reported and dropped.
    fn checks(
        &mut self,
        checks: &Value,
        path: &str,
        key: &str,
        node: &mut Map<String, Value>,
    ) -> Vec<Value> {
        let mut errors = Vec::new();
        for (i, check) in checks.as_array().into_iter().flatten().enumerate() {
            let at = format!("{path}[{i}]");
            let condition = check.get("condition").unwrap_or(&Value::Null);
            let call = condition.get("call").and_then(Value::as_str);
            if call == Some("required") {
                node.insert(key.into(), json!(true));
            }
            let message = check
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default();
            if message.is_empty() || (call == Some("required") && message == REQUIRED_MESSAGE) {
                continue;
            }
            let args = condition.get("args").unwrap_or(&Value::Null);
            match call.and_then(|call| call_template(call, &args.into(), &dotted)) {
                Some(fails) => errors.push(json!({"type": "Condition", "cases": [{
                    "when": fails,
                    "children": [{"type": "FieldError", "content": message}],
                }]})),
                None => self.notes.note(
                    DiagnosticKind::Expression,
                    at,
                    call.unwrap_or("check"),
                    "check condition has no prefab expression; its message is not shown",
                ),
            }
        }
        errors
    }

    /// A dynamic value into prop `key`, reported when it cannot be read back.
    pub(super) fn dynamic(
        &mut self,
        value: &Value,
        path: &str,
        key: &str,
        node: &mut Map<String, Value>,
    ) {
        match template(value) {
            Ok((v, note)) => {
                if let Some(note) = note {
                    self.notes
                        .note(DiagnosticKind::Expression, path.to_owned(), key, note);
                }
                node.insert(key.into(), v);
            }
            Err(why) => self.notes.note(
                DiagnosticKind::Expression,
                path.to_owned(),
                key,
                format!("{why} has no prefab template; dropped"),
            ),
        }
    }

    pub(super) fn prop(
        &mut self,
        conv: Conv,
        key: &str,
        value: &Value,
        path: &str,
        node: &mut Map<String, Value>,
    ) {
        match conv {
            Conv::Dyn => self.dynamic(value, path, key, node),
            Conv::Lit => {
                node.insert(key.into(), value.clone());
            }
            Conv::LitOr(default) => {
                if serde_json::from_str::<Value>(default).ok().as_ref() != Some(value) {
                    node.insert(key.into(), value.clone());
                }
            }
            Conv::Map(pairs) => match pairs.iter().find(|(_, a)| Some(*a) == value.as_str()) {
                Some((p, _)) => {
                    node.insert(key.into(), json!(p));
                }
                None => self.notes.note(
                    DiagnosticKind::Degraded,
                    path.to_owned(),
                    &value.to_string(),
                    "value has no prefab counterpart; dropped",
                ),
            },
            Conv::Icon => match (value.as_str(), value.get("path")) {
                (Some(name), _) => match ICONS.iter().find(|(_, a)| *a == name) {
                    Some((lucide, _)) => {
                        node.insert(key.into(), json!(lucide));
                    }
                    None => self.notes.note(
                        DiagnosticKind::Degraded,
                        path.to_owned(),
                        name,
                        "not a catalog icon name; empty icon",
                    ),
                },
                (None, Some(_)) => {
                    self.notes.note(
                        DiagnosticKind::Degraded,
                        path.to_owned(),
                        "icon",
                        "bound icon names are A2UI names, not lucide names",
                    );
                    self.dynamic(value, path, key, node);
                }
                _ => self.notes.note(
                    DiagnosticKind::Degraded,
                    path.to_owned(),
                    "icon",
                    "custom SVG path icon; empty icon",
                ),
            },
            Conv::Bind(default) => match value.get("path").and_then(Value::as_str) {
                Some(p) => match dotted(p) {
                    Some(name) => {
                        node.insert("name".into(), json!(name));
                    }
                    None => self.notes.note(
                        DiagnosticKind::Expression,
                        path.to_owned(),
                        p,
                        "path has no prefab state name; unbound",
                    ),
                },
                None if serde_json::from_str::<Value>(default).ok().as_ref() == Some(value) => {}
                None if value.is_object() => self.notes.note(
                    DiagnosticKind::Expression,
                    path.to_owned(),
                    "value",
                    "function value; unbound",
                ),
                None => {
                    node.insert("value".into(), value.clone());
                }
            },
            // Read by `component`: messages beside the node as well as a prop of it.
            Conv::Required => {}
            // Read by `component`: a `Label` around the node, not a prop of it.
            Conv::FieldLabel => {}
            Conv::Action => match actions::to_prefab(value) {
                Ok(Some(action)) => {
                    node.insert(key.into(), action);
                }
                Ok(None) => {}
                Err(why) => self.notes.note(
                    DiagnosticKind::Action,
                    path.to_owned(),
                    "action",
                    format!("{why}; dropped"),
                ),
            },
        }
    }

    /// Every A2UI key not read is reported.
    pub(super) fn rest(&mut self, c: &Value, path: &str, read: &[&str], node: &Map<String, Value>) {
        let ty = node
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        for key in c.as_object().into_iter().flat_map(Map::keys) {
            if !read.contains(&key.as_str()) {
                self.notes.note(
                    DiagnosticKind::Degraded,
                    format!("{path}.{key}"),
                    key,
                    format!("{ty} has no prop for it; dropped"),
                );
            }
        }
    }
}

/// The first `Text` content and `Icon` name in a prefab subtree.
pub(super) fn collect(node: Option<&Value>, found: &mut Map<String, Value>) {
    let Some(node) = node else { return };
    let key = match node.get("type").and_then(Value::as_str) {
        Some("Icon") => "name",
        Some(_) => "content",
        None => return,
    };
    if let Some(v) = node.get(key).filter(|_| !found.contains_key(key)) {
        found.insert(key.into(), v.clone());
    }
    for child in node
        .get("children")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        collect(Some(child), found);
    }
}
