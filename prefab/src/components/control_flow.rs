//! Control flow: `Condition` (if / elif / else), `ForEach` (repeat per item), `Slot`
//! (render a node held in state). `$ref` uses of `defs` are [`RefUse`](super::RefUse).

use super::{Map, Node};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

components! {
    /// Renders the children of the first case whose `when` is truthy, else `else`.
    leaf Condition { cases: Vec<ConditionCase> ; r#else: Vec<Node> }
        => Condition::new(vec![ConditionCase::new("{{ loggedIn }}").child(Text::new("Hi"))])
            .r#else(vec![Node::from(Button::new("Log in"))]);
    /// Renders its children once per item of the list at `key` (`$item`, `$index` in scope).
    container ForEach { key: String } => ForEach::new("users").child(Text::new("{{ $item.name }}"));
    /// Renders `state[name]` when it holds a component, else the children (fallback).
    container Slot { name: String } => Slot::new("detail").child(Muted::new("Pick a row"));
}

/// One branch of a [`Condition`].
///
/// ```
/// use prefab::*;
/// let case = ConditionCase::new("{{ n > 3 }}").child(Text::new("big"));
/// assert_eq!(case.children.as_ref().map(Vec::len), Some(1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ConditionCase {
    /// The condition (a `{{ }}` template).
    pub when: String,
    /// What to render when it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<Node>>,
    /// Unknown fields, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

impl ConditionCase {
    /// A case rendered when `when` is truthy.
    #[must_use]
    pub fn new(when: impl Into<String>) -> Self {
        Self {
            when: when.into(),
            ..Self::default()
        }
    }

    /// Appends a child.
    #[must_use]
    pub fn child(mut self, node: impl Into<Node>) -> Self {
        self.children.get_or_insert_with(Vec::new).push(node.into());
        self
    }
}
