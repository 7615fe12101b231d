//! The [`Walker`]: walks a JSON document with the prop tables and collects every issue.

use super::suggest::{SUGGEST_BUDGET, did_you_mean_within, quoted};
use super::{Issue, MAX_DEPTH, PropSpec, Report, describe};
use crate::components::from_json::is_wire_key;
use crate::components::{Component, Map, RefUse};
use crate::{Action, App};
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// A JSON path built on the stack while walking; formatted only when an issue is reported.
#[derive(Clone, Copy)]
pub(crate) enum Path<'a> {
    Root(&'a str),
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    pub(crate) fn key(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    pub(crate) fn index(&'a self, index: usize) -> Path<'a> {
        Path::Index(self, index)
    }

    fn is_empty(&self) -> bool {
        matches!(self, Path::Root(r) if r.is_empty())
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root(r) => f.write_str(r),
            Path::Key(parent, key) if parent.is_empty() => write_key(f, key),
            Path::Key(parent, key) => {
                write!(f, "{parent}.")?;
                write_key(f, key)
            }
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// A path key, cut like [`quoted`] text when it is long (a path names a place; a huge key
/// must not make a huge message).
fn write_key(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    match key.char_indices().nth(super::suggest::MAX_ECHO) {
        None => f.write_str(key),
        Some((cut, _)) => write!(f, "{}…", &key[..cut]),
    }
}

/// The wire key of a Rust field name: `r#let` → `let`, `button_type` → `buttonType`.
pub(crate) fn wire_key(rust: &str) -> Cow<'_, str> {
    let rust = rust.strip_prefix("r#").unwrap_or(rust);
    if !rust.contains('_') {
        return Cow::Borrowed(rust);
    }
    let mut out = String::with_capacity(rust.len());
    let mut upper = false;
    for c in rust.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Collects issues while walking a document.
pub(crate) struct Walker {
    report: Report,
    depth: usize,
    /// `$ref` uses seen so far.
    pub(super) refs: Vec<RefSeen>,
    /// Nodes seen outside `defs` (the view).
    pub(super) view_nodes: usize,
    /// Nodes seen in each `defs` template, in the order of `defs`.
    pub(super) def_nodes: Vec<usize>,
    /// The `defs` template being walked, as an index into `def_nodes` (`None`: the view).
    owner: Option<usize>,
    /// Edit-distance cells left for "did you mean" suggestions.
    suggest_budget: usize,
}

/// One `$ref` use met while walking.
pub(super) struct RefSeen {
    /// The template it names.
    pub name: String,
    /// Where it is.
    pub path: String,
    /// The template it is inside, as an index into `defs` (`None`: the view).
    pub owner: Option<usize>,
}

impl Walker {
    pub(crate) fn new() -> Self {
        Self {
            report: Report::default(),
            depth: 0,
            refs: Vec::new(),
            view_nodes: 0,
            def_nodes: Vec::new(),
            owner: None,
            suggest_budget: SUGGEST_BUDGET,
        }
    }

    /// ` (did you mean "X"?)` within this walk's suggestion budget.
    pub(crate) fn did_you_mean(&mut self, word: &str, candidates: &[&str]) -> String {
        did_you_mean_within(word, candidates, &mut self.suggest_budget)
    }

    pub(crate) fn finish(self) -> Report {
        self.report
    }

    pub(crate) fn error(&mut self, path: &Path<'_>, message: impl Into<String>) {
        self.report
            .errors
            .push(Issue::new(path.to_string(), message));
    }

    pub(crate) fn warn(&mut self, path: &Path<'_>, message: impl Into<String>) {
        self.report
            .warnings
            .push(Issue::new(path.to_string(), message));
    }

    /// A top-level document: an app envelope, a node, or action(s).
    pub(crate) fn document(&mut self, value: &Value) {
        let root = Path::Root("");
        match super::kind_of(value) {
            super::Kind::App => self.app(value, &root),
            super::Kind::Actions => self.actions(value, &root),
            super::Kind::Node => self.node(value, &root),
        }
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

    pub(super) fn push_error(&mut self, path: String, message: String) {
        self.report.errors.push(Issue::new(path, message));
    }

    pub(super) fn push_warning(&mut self, path: String, message: String) {
        self.report.warnings.push(Issue::new(path, message));
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
            match map.get("type") {
                Some(Value::String(ty)) => match Component::props_of(ty) {
                    Some(props) => {
                        self.props(map, props, &["type"], ty, path);
                        super::rules::check(ty, map, path, self);
                    }
                    None => {
                        let hint = self.did_you_mean(ty, Component::TYPES);
                        self.error(path, format!("unknown component type {}{hint}", quoted(ty)));
                    }
                },
                Some(other) => self.error(
                    &path.key("type"),
                    format!("expected a component type name, got {}", describe(other)),
                ),
                None => self.error(path, "missing \"type\" (or \"$ref\") on a component"),
            }
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
        match map.get("action") {
            Some(Value::String(tag)) => match Action::props_of(tag) {
                Some(props) => {
                    self.props(map, props, &["action"], tag, path);
                    super::rules::check(tag, map, path, self);
                }
                None => {
                    let hint = self.did_you_mean(tag, Action::TAGS);
                    self.error(path, format!("unknown action {}{hint}", quoted(tag)));
                }
            },
            Some(other) => self.error(
                &path.key("action"),
                format!("expected an action name, got {}", describe(other)),
            ),
            None => self.error(path, "missing \"action\" on an action"),
        }
        self.depth -= 1;
    }

    /// A literal value of an enum-like prop must be one of its values (templates pass).
    fn enum_value(&mut self, owner: &str, key: &str, text: &str, path: &Path<'_>) {
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
            self.warn(path, message);
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
