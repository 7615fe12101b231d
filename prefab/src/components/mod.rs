//! Typed components of the `$prefab` wire format, with builders.
//!
//! A UI is a tree of [`Node`]s. A node is either a [`Component`] — an enum with one variant
//! per wire `type` (`Column`, `Button`, `DataTable`, …) — or a [`RefUse`] of a named
//! template from the app's `defs`.
//!
//! Every component type is a plain struct with public fields and a builder:
//!
//! ```
//! use prefab::*;
//! let view = Column::new()
//!     .gap(4)
//!     .child(H1::new("Users"))
//!     .child(Button::new("Reload").on_click(CallTool::new("list_users")));
//! let json = serde_json::to_value(Node::from(view)).unwrap();
//! assert_eq!(json["cssClass"], "gap-4");
//! assert_eq!(json["children"][1]["onClick"]["action"], "toolCall");
//! ```
//!
//! Field presence round-trips: optional props are `Option`s and absent stays absent; props
//! this crate does not know are kept in each struct's `extra` map and written back.
//! Props that take a literal or a `{{ }}` template are [`Bind`]s.
//!
//! Families: [`layout`], [`typography`], [`card`], [`data`], [`form`], [`select`],
//! [`interactive`], [`media`], [`charts`], [`control_flow`]; the prefab-rs extension
//! [`sortable`] (drag-and-drop).

#[macro_use]
mod macros;
pub mod card;
pub mod charts;
pub mod control_flow;
pub mod data;
pub mod form;
pub(crate) mod from_json;
pub mod interactive;
pub mod layout;
pub mod media;
mod node;
pub mod select;
pub mod sortable;
pub mod typography;

pub use crate::wire::{Bind, Map, Number};
pub use node::{Component, Node, RefUse};

/// Every family with its wire types (`<family>::TYPES`), for checks that mirror the model
/// (the renderer's registry test).
pub const FAMILIES: &[(&str, &[&str])] = &[
    ("card", card::TYPES),
    ("charts", charts::TYPES),
    ("control_flow", control_flow::TYPES),
    ("data", data::TYPES),
    ("form", form::TYPES),
    ("interactive", interactive::TYPES),
    ("layout", layout::TYPES),
    ("media", media::TYPES),
    ("select", select::TYPES),
    ("sortable", sortable::TYPES),
    ("typography", typography::TYPES),
];

/// Rows of data: literal objects, or a `{{ }}` template that yields them.
pub type Rows = Bind<Vec<Map>>;

/// Joins CSS class lists, skipping empty parts.
pub(crate) fn join_classes(existing: Option<String>, extra: &str) -> Option<String> {
    let extra = extra.trim();
    match existing {
        Some(mut s) if !s.trim().is_empty() => {
            if !extra.is_empty() {
                s.push(' ');
                s.push_str(extra);
            }
            Some(s)
        }
        _ if extra.is_empty() => None,
        _ => Some(extra.to_owned()),
    }
}

/// Prepends CSS classes (compiled layout props go before user classes, like prefab-ui).
pub(crate) fn prepend_classes(existing: Option<String>, first: &str) -> Option<String> {
    match existing {
        Some(s) if !s.trim().is_empty() => join_classes(Some(first.to_owned()), &s),
        _ => join_classes(None, first),
    }
}

/// Text modifiers of prefab-ui (`bold`, `italic`, …), compiled into `cssClass`.
///
/// ```
/// use prefab::*;
/// let p = P::new("Careful").bold().uppercase();
/// assert_eq!(p.css_class.as_deref(), Some("font-bold uppercase"));
/// ```
pub trait TextStyle: Sized {
    /// The component's `cssClass`.
    fn css_class_mut(&mut self) -> &mut Option<String>;

    /// Appends a class.
    #[must_use]
    fn with_class(mut self, class: impl AsRef<str>) -> Self {
        let slot = self.css_class_mut();
        *slot = join_classes(slot.take(), class.as_ref());
        self
    }
    /// `font-bold`.
    #[must_use]
    fn bold(self) -> Self {
        self.with_class("font-bold")
    }
    /// `italic`.
    #[must_use]
    fn italic(self) -> Self {
        self.with_class("italic")
    }
    /// `underline`.
    #[must_use]
    fn underline(self) -> Self {
        self.with_class("underline")
    }
    /// `line-through`.
    #[must_use]
    fn strikethrough(self) -> Self {
        self.with_class("line-through")
    }
    /// `uppercase`.
    #[must_use]
    fn uppercase(self) -> Self {
        self.with_class("uppercase")
    }
    /// `lowercase`.
    #[must_use]
    fn lowercase(self) -> Self {
        self.with_class("lowercase")
    }
    /// `font-mono`.
    #[must_use]
    fn mono(self) -> Self {
        self.with_class("font-mono")
    }
    /// `text-<align>` (`left`, `center`, `right`, `justify`).
    #[must_use]
    fn text_align(self, align: impl std::fmt::Display) -> Self {
        self.with_class(format!("text-{align}"))
    }
}
