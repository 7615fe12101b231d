//! The state a browser keeps for form controls outside their attributes: what was typed
//! (`value`) and whether a box is checked.
use super::types::Node;

impl Node {
    /// The control's value: what was typed or set, else the `value` attribute (a
    /// `<textarea>`'s text).
    #[must_use]
    pub fn value(&self) -> String {
        if let Some(v) = self.0.value.borrow().as_ref() {
            return v.clone();
        }
        if self.local_name() == "textarea" {
            return self.text_content().unwrap_or_default();
        }
        self.get_attribute("value").unwrap_or_default()
    }

    /// Sets the control's value (the attribute is left as it is, as in a browser).
    pub fn set_value(&self, value: &str) {
        *self.0.value.borrow_mut() = Some(value.to_string());
    }

    /// Whether a checkbox or radio is checked.
    #[must_use]
    pub fn checked(&self) -> bool {
        self.0
            .checked
            .get()
            .unwrap_or_else(|| self.has_attribute("checked"))
    }

    /// Checks or unchecks a checkbox or radio.
    pub fn set_checked(&self, checked: bool) {
        self.0.checked.set(Some(checked));
    }

    /// Files of a file input: none natively.
    #[must_use]
    pub fn files(&self) -> Option<web_sys::FileList> {
        None
    }

    /// Form validation: natively every form is valid.
    #[must_use]
    pub fn report_validity(&self) -> bool {
        true
    }
}
