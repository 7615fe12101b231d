//! The `select` family: `Select` and `Combobox` (one popup picker, `picker.rs`), and their
//! passive parts (groups, labels, options, separators), drawn by the form family's `part`.
mod picker;

use super::Render::With;
use super::Row;
use super::form::part;

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Select", With(picker::picker)),
    (
        "SelectGroup",
        part("div", "pf-select-group", "", "group").row(),
    ),
    (
        "SelectLabel",
        part("div", "pf-select-label", "label", "").row(),
    ),
    (
        "SelectOption",
        part("div", "pf-select-item", "label", "option").row(),
    ),
    (
        "SelectSeparator",
        part("div", "pf-select-separator", "", "separator").row(),
    ),
    ("Combobox", With(picker::picker)),
    (
        "ComboboxGroup",
        part("div", "pf-combobox-group", "", "group").row(),
    ),
    (
        "ComboboxLabel",
        part("div", "pf-combobox-label", "label", "").row(),
    ),
    (
        "ComboboxOption",
        part("div", "pf-combobox-item", "label", "option").row(),
    ),
    (
        "ComboboxSeparator",
        part("div", "pf-combobox-separator", "", "separator").row(),
    ),
];
