//! Collecting the classes of a `$prefab` document (`serde_json`, feature `json`).

use serde_json::Value;

/// Every `cssClass` string anywhere in `doc` (an envelope, a view or a single component), in
/// document order. Template expressions inside a class string are not evaluated: their
/// pieces are simply not known classes.
///
/// ```
/// let doc = serde_json::json!({"view": {"type": "Row", "cssClass": "flex gap-4",
///     "children": [{"type": "Text", "cssClass": "font-bold"}]}});
/// assert_eq!(prefab::style::classes_of(&doc), ["flex gap-4", "font-bold"]);
/// ```
#[must_use]
pub fn classes_of(doc: &Value) -> Vec<&str> {
    let mut out = Vec::new();
    let mut stack = vec![doc];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(class)) = map.get("cssClass") {
                    out.push(class.as_str());
                }
                stack.extend(map.values().rev());
            }
            Value::Array(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
    out
}

/// The CSS for every class `doc` uses: [`compile`](super::compile) of [`classes_of`].
#[must_use]
pub fn document_css(doc: &Value) -> String {
    super::compile(classes_of(doc))
}
