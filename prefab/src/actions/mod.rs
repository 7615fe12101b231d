//! Actions: what happens on a click, a change, a submit, a mount or a key press.
//!
//! An [`Action`] is tagged by `"action"` on the wire; wherever one is accepted a list is too
//! ([`Actions`]), run in order. Every action takes `onSuccess` / `onError` chains.
//!
//! ```
//! use prefab::*;
//! let save = CallTool::new("save")
//!     .arguments("{{ form }}")
//!     .on_success(ShowToast::new("Saved").variant("success"))
//!     .on_error(ShowToast::new("{{ $error }}").variant("error"));
//! let json = serde_json::to_value(Actions::from(save)).unwrap();
//! assert_eq!(json["onSuccess"]["action"], "showToast");
//! ```

#[macro_use]
mod macros;
mod kinds;

pub use kinds::*;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// One action or a list of actions run in order.
///
/// ```
/// use prefab::*;
/// let one: Actions = SetState::new("open", true).into();
/// let many = Actions::from(vec![
///     Action::from(SetState::new("open", false)),
///     Action::from(CloseOverlay::new()),
/// ]);
/// assert_eq!(one.iter().count(), 1);
/// assert_eq!(many.iter().map(Action::tag).collect::<Vec<_>>(), ["setState", "closeOverlay"]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Actions {
    /// A single action.
    One(Box<Action>),
    /// Several actions, run in order; the first failure stops the list.
    Many(Vec<Action>),
}

impl Default for Actions {
    fn default() -> Self {
        Actions::Many(Vec::new())
    }
}

impl Actions {
    /// The actions in run order.
    pub fn iter(&self) -> impl Iterator<Item = &Action> {
        match self {
            Actions::One(a) => std::slice::from_ref(a.as_ref()).iter(),
            Actions::Many(v) => v.iter(),
        }
    }

    /// Appends an action (turning one into many).
    #[must_use]
    pub fn then(self, next: impl Into<Action>) -> Self {
        let mut list = match self {
            Actions::One(a) => vec![*a],
            Actions::Many(v) => v,
        };
        list.push(next.into());
        Actions::Many(list)
    }

    /// Builds actions from JSON (an action object or an array of them).
    ///
    /// # Errors
    /// On anything that is not an action or a list of actions.
    pub fn from_value(value: Value) -> Result<Self, serde_json::Error> {
        match value {
            Value::Array(items) => items
                .into_iter()
                .map(Action::from_value)
                .collect::<Result<_, _>>()
                .map(Actions::Many),
            other => Action::from_value(other).map(|a| Actions::One(Box::new(a))),
        }
    }
}

impl From<Action> for Actions {
    fn from(a: Action) -> Self {
        Actions::One(Box::new(a))
    }
}

impl From<Vec<Action>> for Actions {
    fn from(v: Vec<Action>) -> Self {
        Actions::Many(v)
    }
}

impl<'de> Deserialize<'de> for Actions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Actions::from_value(Value::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Action::from_value(Value::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}
