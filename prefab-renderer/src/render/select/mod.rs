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
    (
        "SelectGroup",
        part("div", "pf-select-group", Prop::None, Role::Group).row(),
    ),
    (
        "SelectLabel",
        part("div", "pf-select-label", Prop::Label, Role::None).row(),
    ),
    (
        "SelectOption",
        part("div", "pf-select-item", Prop::Label, Role::Option).row(),
    ),
    (
        "SelectSeparator",
        part("div", "pf-select-separator", Prop::None, Role::Separator).row(),
    ),
    ("Combobox", With(picker::picker)),
    (
        "ComboboxGroup",
        part("div", "pf-combobox-group", Prop::None, Role::Group).row(),
    ),
    (
        "ComboboxLabel",
        part("div", "pf-combobox-label", Prop::Label, Role::None).row(),
    ),
    (
        "ComboboxOption",
        part("div", "pf-combobox-item", Prop::Label, Role::Option).row(),
    ),
    (
        "ComboboxSeparator",
        part("div", "pf-combobox-separator", Prop::None, Role::Separator).row(),
    ),
];
