//! The class list and inline style of a native element: views of its `class` and `style`
//! attributes, so the serialised HTML shows them as a browser's would.
use super::types::Node;
use wasm_bindgen::JsValue;

/// `element.classList`.
pub struct ClassList(pub(super) Node);

impl ClassList {
    fn get(&self) -> Vec<String> {
        self.0
            .class_name()
            .split_ascii_whitespace()
            .map(str::to_string)
            .collect()
    }

    fn put(&self, classes: &[String]) {
        self.0.set_class_name(&classes.join(" "));
    }

    /// Whether the class is present.
    #[must_use]
    pub fn contains(&self, class: &str) -> bool {
        self.get().iter().any(|c| c == class)
    }

    /// Adds a class.
    pub fn add_1(&self, class: &str) -> Result<(), JsValue> {
        let mut classes = self.get();
        if !classes.iter().any(|c| c == class) {
            classes.push(class.to_string());
            self.put(&classes);
        }
        Ok(())
    }

    /// Removes a class.
    pub fn remove_1(&self, class: &str) -> Result<(), JsValue> {
        let mut classes = self.get();
        let before = classes.len();
        classes.retain(|c| c != class);
        if classes.len() != before {
            self.put(&classes);
        }
        Ok(())
    }

    /// Removes two classes.
    pub fn remove_2(&self, a: &str, b: &str) -> Result<(), JsValue> {
        self.remove_1(a)?;
        self.remove_1(b)
    }

    /// Adds the class when `on`, else removes it; returns `on`.
    pub fn toggle_with_force(&self, class: &str, on: bool) -> Result<bool, JsValue> {
        if on {
            self.add_1(class)?;
        } else {
            self.remove_1(class)?;
        }
        Ok(on)
    }

    /// Flips the class; returns whether it is now present.
    pub fn toggle(&self, class: &str) -> Result<bool, JsValue> {
        let on = !self.contains(class);
        self.toggle_with_force(class, on)
    }
}

/// `element.style`.
pub struct Style(pub(super) Node);

impl Style {
    fn get(&self) -> Vec<(String, String)> {
        let text = self.0.get_attribute("style").unwrap_or_default();
        text.split(';')
            .filter_map(|d| d.split_once(':'))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .filter(|(k, _)| !k.is_empty())
            .collect()
    }

    fn put(&self, decls: &[(String, String)]) {
        if decls.is_empty() {
            let _ = self.0.remove_attribute("style");
            return;
        }
        let text: Vec<String> = decls.iter().map(|(k, v)| format!("{k}: {v};")).collect();
        let _ = self.0.set_attribute("style", &text.join(" "));
    }

    /// Sets a property (an empty value removes it, as in a browser).
    pub fn set_property(&self, name: &str, value: &str) -> Result<(), JsValue> {
        let mut decls = self.get();
        let value = value.trim();
        match decls.iter_mut().find(|(k, _)| k == name) {
            Some(slot) if !value.is_empty() => value.clone_into(&mut slot.1),
            Some(_) => decls.retain(|(k, _)| k != name),
            None if !value.is_empty() => decls.push((name.to_string(), value.to_string())),
            None => {}
        }
        self.put(&decls);
        Ok(())
    }

    /// Removes a property; returns its old value.
    pub fn remove_property(&self, name: &str) -> Result<String, JsValue> {
        let mut decls = self.get();
        let old = self.get_property_value(name)?;
        decls.retain(|(k, _)| k != name);
        self.put(&decls);
        Ok(old)
    }

    /// A property's value (empty when unset).
    pub fn get_property_value(&self, name: &str) -> Result<String, JsValue> {
        Ok(self
            .get()
            .into_iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
            .unwrap_or_default())
    }
}
