//! The document grammar of the [`Walker`]: an app, its header, nodes, actions and their
//! props, checked against the prop tables; every issue is collected.

use super::MAX_DEPTH;
use crate::App;
use crate::components::{Map, RefUse};
use crate::wire::{Path, PropSpec, RefSeen, Walker, describe, is_wire_key, quoted, wire_key};
use serde_json::Value;
use std::borrow::Cow;

impl Walker {
    /// A top-level document: an app envelope, a node, or action(s).
    pub(crate) fn document(&mut self, value: &Value) {
        let root = Path::Root("");
        match super::kind_of(value) {
            super::Kind::App => self.app(value, &root),
            super::Kind::Actions => self.actions(value, &root),
            super::Kind::Node => self.node(value, &root),
        }
        self.templates(value, &root, 0);
    }

    fn app(&mut self, value: &Value, root: &Path<'_>) {
        let Value::Object(map) = value else {
            return self.error(
                root,
                format!("expected an app object, got {}", describe(value)),
            );
        };
        match map.get("$prefab") {
            None => self.error(root, "missing \"$prefab\" (the protocol header)"),
            Some(header) => self.header(header, &root.key("$prefab")),
        }
        if let Some(Value::Object(state)) = map.get("state") {
            let state_path = root.key("state");
            for key in state.keys().filter(|k| k.starts_with('$')) {
                self.error(
                    &state_path.key(key),
                    "state keys must not start with \"$\" (reserved)",
                );
            }
        }
        if let Some(mode) = map.get("mode").and_then(Value::as_str)
            && mode != "light"
            && mode != "dark"
        {
            self.warn(
                &root.key("mode"),
                format!(
                    "unexpected mode {} (expected \"light\" or \"dark\")",
                    quoted(mode)
                ),
            );
        }
        self.props(map, App::PROPS, &["$prefab"], "the app", root);
        if let Some(Value::Array(tools)) = map.get("tools") {
            super::rules::check_tools(tools, &root.key("tools"), self);
        }
        let defs = match map.get("defs") {
            Some(Value::Object(defs)) => Some(defs),
            _ => None,
        };
        super::refs::check(self, defs);
    }

    fn header(&mut self, value: &Value, path: &Path<'_>) {
        let Value::Object(map) = value else {
            return self.error(
                path,
                format!("expected {{\"version\": \"0.3\"}}, got {}", describe(value)),
            );
        };
        match map.get("version") {
            Some(Value::String(v)) if v == "0.2" || v == "0.3" => {}
            Some(other) => self.error(
                &path.key("version"),
                format!(
                    "unsupported protocol version {} (expected \"0.3\" or \"0.2\")",
                    describe(other)
                ),
            ),
            None => self.error(path, "missing \"version\""),
        }
    }

    /// A component or `$ref` node.
    pub(crate) fn node(&mut self, value: &Value, path: &Path<'_>) {
        if self.depth == 0 {
            // `defs` are walked in their order, so the n-th template root met is `defs`' n-th.
            self.owner = def_name(path).map(|_| {
                self.def_nodes.push(0);
                self.def_nodes.len() - 1
            });
        }
        match self.owner {
            Some(i) => self.def_nodes[i] += 1,
            None => self.view_nodes += 1,
        }
        if self.depth >= MAX_DEPTH {
            return self.error(path, format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        let Value::Object(map) = value else {
            return self.error(
                path,
                format!("expected a component object, got {}", describe(value)),
            );
        };
        self.depth += 1;
        if map.contains_key("$ref") {
            self.props(map, RefUse::PROPS, &[], "a $ref node", path);
            if let Some(Value::String(name)) = map.get("$ref") {
                self.refs.push(RefSeen {
                    name: name.clone(),
                    path: path.to_string(),
                    owner: self.owner,
                });
            }
        } else {
            self.tagged(&super::tagged::NODE, map, path);
        }
        self.depth -= 1;
    }

    /// One action or a list of actions.
    pub(crate) fn actions(&mut self, value: &Value, path: &Path<'_>) {
        match value {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.action(item, &path.index(i));
                }
            }
            other => self.action(other, path),
        }
    }

    fn action(&mut self, value: &Value, path: &Path<'_>) {
        if self.depth >= MAX_DEPTH {
            return self.error(path, format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        let Value::Object(map) = value else {
            return self.error(
                path,
                format!("expected an action object, got {}", describe(value)),
            );
        };
        self.depth += 1;
        self.tagged(&super::tagged::ACTION, map, path);
        self.depth -= 1;
    }

    /// A literal value of an enum-like prop must be one of its values (templates pass).
    pub(super) fn enum_value(&mut self, owner: &str, key: &str, text: &str, path: &Path<'_>) {
        let Some(rule) = super::enums::lookup(owner, key) else {
            return;
        };
        if text.contains("{{") || rule.values.contains(&text) {
            return;
        }
        let hint = self.did_you_mean(text, rule.values);
        let message = format!(
            "unexpected {key} {} on {owner} (expected one of: {}){hint}",
            quoted(text),
            rule.values.join(", "),
        );
        if rule.open {
            self.lapse(path, message);
        } else {
            self.error(path, message);
        }
    }

    /// Checks the props of one object against its table; unknown keys are warnings.
    pub(crate) fn props(
        &mut self,
        map: &Map,
        props: &[PropSpec],
        skip: &[&str],
        what: &str,
        path: &Path<'_>,
    ) {
        for spec in props {
            let found = map.iter().find(|(key, _)| is_wire_key(spec.name, key));
            match found {
                Some((key, Value::Null)) if !spec.required => self.warn(
                    &path.key(key),
                    format!("null {key:?} on {what} is treated as absent (kept as is)"),
                ),
                Some((key, value)) => {
                    (spec.check)(value, &path.key(key), self);
                    if let Value::String(text) = value {
                        self.enum_value(what, key, text, &path.key(key));
                    }
                }
                None if spec.required => {
                    let key = wire_key(spec.name);
                    self.error(path, format!("missing required prop {key:?} on {what}"));
                }
                None => {}
            }
        }
        for key in map.keys() {
            if skip.contains(&key.as_str()) || props.iter().any(|s| is_wire_key(s.name, key)) {
                continue;
            }
            let known: Vec<Cow<'_, str>> = props.iter().map(|s| wire_key(s.name)).collect();
            let known: Vec<&str> = known.iter().map(AsRef::as_ref).collect();
            let hint = self.did_you_mean(key, &known);
            self.warn(
                &path.key(key),
                format!("unknown prop {} on {what} (kept as is){hint}", quoted(key)),
            );
        }
    }
}

/// The template name when `path` is the root of a template (`defs.<name>`).
fn def_name<'a>(path: &Path<'a>) -> Option<&'a str> {
    match path {
        Path::Key(Path::Key(root, "defs"), name) if root.is_empty() => Some(name),
        _ => None,
    }
}
