//! A form's fields named by the arguments its submit sends them as.
use super::blocks::FieldSummary;
use serde_json::Value;
use std::collections::HashMap;

/// Names each field by the argument its form's submit sends it as, when the submit passes
/// the input's state whole (`{"address": {"zip": "{{ address__zip }}"}}` → `address.zip`):
/// that is what the model would send the tool.
pub(super) fn name_by_arguments(fields: &mut [FieldSummary], submit: &Value) {
    let actions = match submit {
        Value::Array(list) => list.iter().collect(),
        one => vec![one],
    };
    let mut paths = HashMap::new();
    for arguments in actions.iter().filter_map(|a| a.get("arguments")) {
        argument_paths(arguments, "", &mut paths);
    }
    for field in fields {
        if let Some(path) = paths.get(field.name.as_str()) {
            field.name.clone_from(path);
        }
    }
}

/// State name → argument path of every sole `{{ name }}` template in `arguments`.
fn argument_paths(arguments: &Value, prefix: &str, out: &mut HashMap<String, String>) {
    let Value::Object(map) = arguments else {
        return;
    };
    for (key, value) in map {
        let path = format!("{prefix}{key}");
        match value {
            Value::Object(_) => argument_paths(value, &format!("{path}."), out),
            Value::String(text) => {
                if let Some(name) = super::values::template_path(text) {
                    out.insert(name.to_string(), path);
                }
            }
            _ => {}
        }
    }
}
