//! `$prefab` → A2UI: the tree is walked once, each node becomes one component (plus the
//! `Text` / `Column` helpers a row needs), ids `root`, the node's own `id` or `c1`, `c2`, ….

mod kids;
mod props;

use super::bind::dynamic;
use super::dialect;
use super::table::{self, Conv, Fidelity, Mapping};
use super::{DiagnosticKind, Form, Messages, Notes, Options, ROOT_ID, Version};
use serde_json::{Map, Value, json};
use std::collections::HashSet;

/// Deepest node nesting followed (also bounds `$ref` expansion).
const MAX_DEPTH: usize = 64;
/// Envelope keys that are read; the others are reported.
const READ_KEYS: &[&str] = &["$prefab", "view", "state", "defs"];
/// Props taken as a `Text` fallback's content, in order.
const TEXT_KEYS: &[&str] = &["content", "label", "title", "text", "message"];
/// Prop values that carry nothing (defaults), dropped without a diagnostic.
fn neutral(value: &Value) -> bool {
    matches!(value, Value::Null | Value::Bool(false))
        || value
            .as_str()
            .is_some_and(|s| s.is_empty() || s == "default")
}

pub(crate) fn emit(document: &Value, options: &Options) -> Messages {
    let is_envelope = document.get("$prefab").is_some() || document.get("view").is_some();
    let mut e = Emitter {
        defs: document.get("defs").and_then(Value::as_object),
        version: options.version,
        ..Emitter::default()
    };
    let mut state = document
        .get("state")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    if is_envelope {
        for key in document.as_object().into_iter().flat_map(Map::keys) {
            if !READ_KEYS.contains(&key.as_str()) {
                e.notes.note(
                    DiagnosticKind::Degraded,
                    key,
                    key,
                    "envelope key has no A2UI counterpart; dropped",
                );
            }
        }
        e.root(document.get("view"), "view");
    } else {
        e.root(Some(document), "");
    }
    for (name, value) in std::mem::take(&mut e.seeds) {
        state.entry(name).or_insert(value);
    }
    let mut components: Vec<Value> = e.components.into_iter().filter(|c| !c.is_null()).collect();
    if options.version == Version::V1_0 {
        components.iter_mut().for_each(dialect::drop_return_types);
    }
    Messages {
        messages: messages(options, components, state),
        diagnostics: e.notes.0,
    }
}

/// The messages of one surface, in the options' version and form.
fn messages(options: &Options, components: Vec<Value>, state: Map<String, Value>) -> Vec<Value> {
    let version = options.version.wire();
    let surface = options
        .surface_id
        .as_deref()
        .unwrap_or(super::DEFAULT_SURFACE_ID);
    let mut create = json!({"surfaceId": surface, "catalogId": options.version.basic_catalog()});
    if options.version == Version::V1_0 && options.form == Form::Batch {
        create["components"] = Value::Array(components);
        if !state.is_empty() {
            create["dataModel"] = Value::Object(state);
        }
        return vec![json!({"version": version, "createSurface": create})];
    }
    let mut out = vec![
        json!({"version": version, "createSurface": create}),
        json!({"version": version, "updateComponents": {"surfaceId": surface, "components": components}}),
    ];
    if !state.is_empty() {
        out.push(json!({"version": version, "updateDataModel": {"surfaceId": surface, "path": "/", "value": state}}));
    }
    out
}

/// A node's `children` (empty when it has none).
fn children(node: &Value) -> &[Value] {
    node.get("children")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

fn child_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

#[derive(Default)]
struct Emitter<'a> {
    components: Vec<Value>,
    notes: Notes,
    used: HashSet<String>,
    next: usize,
    defs: Option<&'a Map<String, Value>>,
    depth: usize,
    seeds: Vec<(String, Value)>,
    version: Version,
    /// The `Label` text of the `Field` around the control being written (A2UI `label`).
    label: Option<Value>,
}

impl Emitter<'_> {
    fn fresh_id(&mut self) -> String {
        loop {
            self.next += 1;
            let id = format!("c{}", self.next);
            if self.used.insert(id.clone()) {
                return id;
            }
        }
    }

    /// The node's own `id` when it is free and not of the generated forms; else a fresh one.
    fn claim_id(&mut self, node: &Value) -> String {
        match node.get("id").and_then(Value::as_str) {
            Some(id) if !generated(id) && self.used.insert(id.to_owned()) => id.to_owned(),
            _ => self.fresh_id(),
        }
    }

    /// A helper component of the emitter's own (a button's `Text`, a wrapping `Column`).
    fn synth(&mut self, mut component: Value) -> String {
        let id = self.fresh_id();
        component["id"] = json!(id);
        self.components.push(component);
        id
    }

    /// The root: the envelope's `pf-app-root` wrapper is unwrapped; the root gets id `root`.
    fn root(&mut self, view: Option<&Value>, path: &str) {
        self.used.insert(ROOT_ID.to_owned());
        let Some(view) = view else {
            return self.root_node(None, path);
        };
        let class = view
            .get("cssClass")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let wrapper = view.get("type").and_then(Value::as_str) == Some("Div")
            && class.split_whitespace().next() == Some("pf-app-root")
            && view.as_object().is_some_and(|o| {
                o.keys()
                    .all(|k| ["type", "cssClass", "children"].contains(&k.as_str()))
            });
        if !wrapper {
            return self.root_node(Some(view), path);
        }
        if class.split_whitespace().count() > 1 {
            let at = child_path(path, "cssClass");
            self.notes.note(
                DiagnosticKind::Degraded,
                at,
                "cssClass",
                "root classes dropped",
            );
        }
        let kids_path = child_path(path, "children");
        if let [only] = children(view) {
            return self.root_node(Some(only), &format!("{kids_path}[0]"));
        }
        let slot = self.components.len();
        self.components.push(Value::Null);
        let ids = self.list(children(view), &kids_path, false);
        self.components[slot] = json!({"id": ROOT_ID, "component": "Column", "children": ids});
    }

    /// `node` as the component `root` (an empty `Column` when there is none or it is dropped).
    fn root_node(&mut self, node: Option<&Value>, path: &str) {
        if let Some(node) = node {
            if node.get("id").is_some() {
                let at = child_path(path, "id");
                self.notes
                    .note(DiagnosticKind::Degraded, at, "id", "the root's id is root");
            }
            if self.node(node, path, false, Some(ROOT_ID)).is_some() {
                return;
            }
        }
        self.components
            .push(json!({"id": ROOT_ID, "component": "Column", "children": []}));
    }

    fn list(&mut self, children: &[Value], path: &str, in_template: bool) -> Vec<String> {
        (children.iter().enumerate())
            .filter_map(|(i, child)| self.node(child, &format!("{path}[{i}]"), in_template, None))
            .collect()
    }

    /// Several children as one id: the only one, or a `Column` around them.
    fn one(&mut self, children: &[Value], path: &str, in_template: bool) -> String {
        let ids = self.list(children, path, in_template);
        match <[String; 1]>::try_from(ids) {
            Ok([id]) => id,
            Err(ids) => self.synth(json!({"component": "Column", "children": ids})),
        }
    }

    fn node(
        &mut self,
        node: &Value,
        path: &str,
        in_template: bool,
        id: Option<&str>,
    ) -> Option<String> {
        if self.depth >= MAX_DEPTH {
            self.notes.note(
                DiagnosticKind::Unsupported,
                path,
                "node",
                "nested too deeply; dropped",
            );
            return None;
        }
        self.depth += 1;
        let out = self.node_inner(node, path, in_template, id);
        self.depth -= 1;
        out
    }

    fn node_inner(
        &mut self,
        node: &Value,
        path: &str,
        in_template: bool,
        id: Option<&str>,
    ) -> Option<String> {
        if let Some(name) = node.get("$ref").and_then(Value::as_str) {
            if node.get("let").is_some() {
                self.notes.note(
                    DiagnosticKind::Expression,
                    child_path(path, "let"),
                    "let",
                    "scoped bindings dropped",
                );
            }
            let Some(body) = self.defs.and_then(|defs| defs.get(name)) else {
                self.notes.note(
                    DiagnosticKind::Unsupported,
                    path,
                    "$ref",
                    format!("no definition {name:?}; dropped"),
                );
                return None;
            };
            return self.node(body, path, in_template, id);
        }
        let ty = node.get("type").and_then(Value::as_str).unwrap_or_default();
        if let Some((text, control)) = labelled(node) {
            let kids = child_path(path, "children");
            let at = usize::from(text.is_some());
            self.label = text.map(|t| self.dynamic(t, &format!("{kids}[0].text"), in_template));
            let out = self.node(control, &format!("{kids}[{at}]"), in_template, id);
            self.label = None;
            return out;
        }
        let row = match table::by_prefab(ty, node) {
            Some(row) => row,
            None => return self.fallback(node, ty, path, in_template, id),
        };
        if row.fidelity == Fidelity::Degraded {
            self.notes.note(
                DiagnosticKind::Degraded,
                path,
                ty,
                format!("shown as A2UI {}", row.a2ui),
            );
        }
        let id = id.map_or_else(|| self.claim_id(node), str::to_owned);
        let slot = self.components.len();
        self.components.push(Value::Null);
        match self.component(row, node, path, in_template, &id) {
            Some(mut component) => {
                if self.version == Version::V1_0 {
                    dialect::heading_to_markdown(&mut component, path, &mut self.notes);
                }
                self.components[slot] = Value::Object(component);
                Some(id)
            }
            None => None,
        }
    }

    /// A type without a row: a `Column` of its children, a `Text` of its text, or nothing.
    fn fallback(
        &mut self,
        node: &Value,
        ty: &str,
        path: &str,
        in_template: bool,
        id: Option<&str>,
    ) -> Option<String> {
        let children = node.get("children").and_then(Value::as_array);
        let text = TEXT_KEYS
            .iter()
            .find_map(|k| node.get(*k).and_then(Value::as_str));
        let id = match (children, text) {
            (Some(children), _) if !children.is_empty() => {
                self.notes.note(
                    DiagnosticKind::Degraded,
                    path,
                    ty,
                    "no A2UI counterpart; its children shown in a Column",
                );
                let id = id.map_or_else(|| self.claim_id(node), str::to_owned);
                let slot = self.components.len();
                self.components.push(Value::Null);
                let ids = self.list(children, &child_path(path, "children"), in_template);
                self.components[slot] = json!({"id": id, "component": "Column", "children": ids});
                id
            }
            (_, Some(text)) => {
                self.notes.note(
                    DiagnosticKind::Degraded,
                    path,
                    ty,
                    "no A2UI counterpart; its text shown as Text",
                );
                let id = id.map_or_else(|| self.claim_id(node), str::to_owned);
                let text = self.dynamic(text, path, in_template);
                self.components
                    .push(json!({"id": id, "component": "Text", "text": text}));
                id
            }
            _ => {
                let ty = if ty.is_empty() { "node" } else { ty };
                self.notes.note(
                    DiagnosticKind::Unsupported,
                    path,
                    ty,
                    "no A2UI counterpart; dropped",
                );
                return None;
            }
        };
        Some(id)
    }

    /// A template → a dynamic value, reported and left as written when richer than a binding.
    fn dynamic(&mut self, text: &str, path: &str, in_template: bool) -> Value {
        dynamic(text, in_template).unwrap_or_else(|()| {
            self.notes.note(
                DiagnosticKind::Expression,
                path,
                text,
                "richer than a data binding; left as written",
            );
            Value::String(text.to_owned())
        })
    }

    fn component(
        &mut self,
        row: &Mapping,
        node: &Value,
        path: &str,
        in_template: bool,
        id: &str,
    ) -> Option<Map<String, Value>> {
        let mut out = Map::new();
        out.insert("id".into(), json!(id));
        out.insert("component".into(), json!(row.a2ui));
        for (key, text) in row.fixed {
            out.insert(
                (*key).into(),
                serde_json::from_str(text).unwrap_or_default(),
            );
        }
        let mut handled: Vec<&str> = vec!["type", "id", "children"];
        handled.extend(row.when.iter().map(|(k, _)| *k));
        for &(prefab_key, a2ui_key, conv) in row.props {
            handled.push(prefab_key);
            if matches!(conv, Conv::Bind(_)) {
                handled.push("value");
            }
            let value = node.get(prefab_key);
            let prop_path = child_path(path, prefab_key);
            if let Some(v) = self.prop(conv, node, value, &prop_path, in_template)? {
                out.insert(a2ui_key.into(), v);
            }
        }
        handled.extend(self.kids(row, node, path, in_template, &mut out));
        self.common(row, node, path, in_template, &handled, &mut out);
        table::fill_required(table::A2UI_REQUIRED, row.a2ui, &mut out);
        Some(out)
    }
}

/// A `Field` holding a control whose A2UI component has a `label`, after a `Label` (text,
/// and `forId` naming the control if any) and, for a control A2UI draws with its value,
/// before that value's text (as read, [`SHOWN_VALUE`](table::SHOWN_VALUE)); one of the two
/// at least. The label's text (if any) and the control.
fn labelled(node: &Value) -> Option<(Option<&str>, &Value)> {
    let field = node.as_object()?;
    if field.get("type")?.as_str()? != "Field"
        || field.keys().any(|k| k != "type" && k != "children")
    {
        return None;
    }
    let kids = field.get("children")?.as_array()?;
    let is = |v: &Value, ty: &str| v.get("type").and_then(Value::as_str) == Some(ty);
    let (label, rest) = match kids.split_first() {
        Some((first, rest)) if is(first, "Label") => (Some(first.as_object()?), rest),
        _ => (None, &kids[..]),
    };
    let (control, shown) = match rest {
        [control] => (control, None),
        [control, shown] => (control, Some(shown)),
        _ => return None,
    };
    let ty = control.get("type").and_then(Value::as_str)?;
    let row = table::by_prefab(ty, control)?;
    if !row.props.iter().any(|(.., conv)| *conv == Conv::FieldLabel) {
        return None;
    }
    match shown {
        Some(shown) => {
            let text = table::shown_value(control.as_object()?);
            (row.shows_value
                && is(shown, table::SHOWN_VALUE)
                && shown.as_object()?.len() == 2
                && shown.get("content").and_then(Value::as_str) == Some(&*text))
            .then_some(())?;
        }
        None => label.map(|_| ())?,
    }
    let Some(label) = label else {
        return Some((None, control));
    };
    let for_control = match label.get("forId") {
        None => true,
        Some(id) => control.get("id") == Some(id),
    };
    (label
        .keys()
        .all(|k| ["type", "text", "forId"].contains(&k.as_str()))
        && for_control)
        .then_some(())?;
    Some((Some(label.get("text")?.as_str()?), control))
}

/// Ids the emitter generates (`root`, `c<digits>`), which are never taken from nodes.
pub(crate) fn generated(id: &str) -> bool {
    id == ROOT_ID
        || id
            .strip_prefix('c')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
