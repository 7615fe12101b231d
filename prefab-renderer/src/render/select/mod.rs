//! The `select` family: `Select` and `Combobox` (one popup picker, `picker.rs`), and their
//! passive parts (groups, labels, options, separators), drawn by the form family's `part`.
mod picker;

use super::Render::With;
use super::Row;
use super::form::part;
use super::plain::{Prop, Role};

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Select", With(picker::picker)),
    ("SelectGroup", part("div", Prop::None, Role::Group).row()),
    ("SelectLabel", part("div", Prop::Label, Role::None).row()),
    (
        "SelectOption",
        part("div", Prop::Label, Role::Option)
            .class("pf-select-item")
            .row(),
    ),
    (
        "SelectSeparator",
        part("div", Prop::None, Role::Separator).row(),
    ),
    ("Combobox", With(picker::picker)),
    ("ComboboxGroup", part("div", Prop::None, Role::Group).row()),
    ("ComboboxLabel", part("div", Prop::Label, Role::None).row()),
    (
        "ComboboxOption",
        part("div", Prop::Label, Role::Option)
            .class("pf-combobox-item")
            .row(),
    ),
    (
        "ComboboxSeparator",
        part("div", Prop::None, Role::Separator).row(),
    ),
];
