//! Objects named by a tag — nodes by `type`, actions by `action` — checked against the prop
//! table of their name, and, when the name is unknown or missing, checked inside anyway so
//! that one answer lists the problems below it too and one retry fixes them all.
//!
//! Inside an object of unknown kind, the props every node (or action) has are checked as
//! usual; when the name is close to a known one ("Txt" → "Text"), the props that one knows
//! are checked against its table as well (types and enum values; a missing required prop is
//! not reported, since the intended name is a guess). Every other prop is searched for
//! objects that look like nodes (a capitalised `type`, or a `$ref`) or actions (an `action`
//! name), which are walked as such.

use super::MAX_JSON_DEPTH;
use crate::components::{Component, Map, Node};
use crate::wire::{Check, Path, PropSpec, Walker, describe, hint, is_wire_key, quoted};
use crate::{Action, Actions};
use serde_json::Value;

/// One kind of tagged object: its tag key, known names and their prop tables, the props
/// every object of the kind has, and how messages name it.
pub(super) struct Tagged {
    key: &'static str,
    names: &'static [&'static str],
    props_of: fn(&str) -> Option<&'static [PropSpec]>,
    any: &'static [PropSpec],
    unknown: &'static str,
    expected: &'static str,
    missing: &'static str,
}

/// Components, by `type`.
pub(super) const NODE: Tagged = Tagged {
    key: "type",
    names: Component::TYPES,
    props_of: Component::props_of,
    // The base props of the `components!` macro, plus the `let` and `children` of containers.
    any: &[
        PropSpec::new("id", false, <String as Check>::check),
        PropSpec::new("aria_label", false, <String as Check>::check),
        PropSpec::new("aria_labelled_by", false, <String as Check>::check),
        PropSpec::new("css_class", false, <String as Check>::check),
        PropSpec::new("on_mount", false, <Actions as Check>::check),
        PropSpec::new("r#let", false, <Map as Check>::check),
        PropSpec::new("children", false, <Vec<Node> as Check>::check),
    ],
    unknown: "unknown component type",
    expected: "a component type name",
    missing: "missing \"type\" (or \"$ref\") on a component",
};

/// Actions, by `action`.
pub(super) const ACTION: Tagged = Tagged {
    key: "action",
    names: Action::TAGS,
    props_of: Action::props_of,
    any: &[
        PropSpec::new("on_success", false, <Actions as Check>::check),
        PropSpec::new("on_error", false, <Actions as Check>::check),
    ],
    unknown: "unknown action",
    expected: "an action name",
    missing: "missing \"action\" on an action",
};

impl Walker {
    /// Checks an object of `kind` against the table of its tag, or inside it when the tag is
    /// unknown, not a string or missing.
    pub(super) fn tagged(&mut self, kind: &Tagged, map: &Map, path: &Path<'_>) {
        let guess = match map.get(kind.key) {
            Some(Value::String(name)) => {
                if let Some(props) = (kind.props_of)(name) {
                    self.props(map, props, &[kind.key], name, path);
                    return super::rules::check(name, map, path, self);
                }
                let guess = self.closest(name, kind.names);
                let message = format!("{} {}{}", kind.unknown, quoted(name), hint(guess));
                self.error(path, message);
                guess.and_then(|g| Some((g, (kind.props_of)(g)?)))
            }
            Some(other) => {
                let message = format!("expected {}, got {}", kind.expected, describe(other));
                self.error(&path.key(kind.key), message);
                None
            }
            None => {
                self.error(path, kind.missing);
                None
            }
        };
        self.inside_unknown(kind, map, guess, path);
    }

    /// Checks what can be checked inside an object whose tag is unknown; `guess` is the
    /// closest known name and its prop table.
    fn inside_unknown(
        &mut self,
        kind: &Tagged,
        map: &Map,
        guess: Option<(&str, &[PropSpec])>,
        path: &Path<'_>,
    ) {
        for (key, value) in map {
            if key == kind.key || value.is_null() {
                continue;
            }
            let at = path.key(key);
            let find = |table: &[PropSpec]| table.iter().position(|s| is_wire_key(s.name, key));
            let guessed = guess.and_then(|(name, table)| Some((name, &table[find(table)?])));
            if let Some((name, spec)) = guessed {
                (spec.check)(value, &at, self);
                if let Value::String(text) = value {
                    self.enum_value(name, key, text, &at);
                }
            } else if let Some(i) = find(kind.any) {
                (kind.any[i].check)(value, &at, self);
            } else {
                self.nested(value, &at, 0);
            }
        }
    }

    /// Walks the nodes and actions found anywhere inside `value`.
    fn nested(&mut self, value: &Value, path: &Path<'_>, level: usize) {
        if level >= MAX_JSON_DEPTH {
            return;
        }
        match value {
            Value::Object(map) if looks_like_node(map) => self.node(value, path),
            Value::Object(map) if map.get("action").is_some_and(Value::is_string) => {
                self.actions(value, path);
            }
            Value::Object(map) => {
                for (key, item) in map {
                    self.nested(item, &path.key(key), level + 1);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.nested(item, &path.index(i), level + 1);
                }
            }
            _ => {}
        }
    }
}

/// A `$ref`, or a `type` that starts with a capital letter like every component type (data
/// such as `{"type": "bar"}` is left alone).
fn looks_like_node(map: &Map) -> bool {
    map.contains_key("$ref")
        || map
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_uppercase()))
}
