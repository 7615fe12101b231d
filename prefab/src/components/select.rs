//! Selects and comboboxes with their options, groups, labels and separators.

components! {
    /// A dropdown bound to the selected option's value.
    container Select {
        ; name: String, value: String, placeholder: String, size: String, side: String,
        align: String, disabled: bool, required: bool, invalid: bool, on_change: crate::Actions,
    } => Select::new().name("color").child(SelectOption::new("red", "Red"));
    /// A group of options.
    container SelectGroup {} => SelectGroup::new().child(SelectLabel::new("Warm"));
    /// A group heading inside a [`Select`].
    leaf SelectLabel { label: String } => SelectLabel::new("Warm");
    /// One option of a [`Select`].
    leaf SelectOption { value: String, label: String ; selected: bool, disabled: bool }
        => SelectOption::new("red", "Red").selected(true);
    /// A divider between options.
    leaf SelectSeparator {} => SelectSeparator::new();
    /// A searchable dropdown.
    container Combobox {
        ; name: String, value: String, placeholder: String, search_placeholder: String,
        disabled: bool, side: String, align: String, invalid: bool, on_change: crate::Actions,
    } => Combobox::new().name("city").child(ComboboxOption::new("par", "Paris"));
    /// A group of combobox options.
    container ComboboxGroup {} => ComboboxGroup::new();
    /// A group heading inside a [`Combobox`].
    leaf ComboboxLabel { label: String } => ComboboxLabel::new("Europe");
    /// One option of a [`Combobox`].
    leaf ComboboxOption { value: String, label: String ; disabled: bool }
        => ComboboxOption::new("par", "Paris");
    /// A divider between combobox options.
    leaf ComboboxSeparator {} => ComboboxSeparator::new();
}
