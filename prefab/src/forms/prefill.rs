//! Putting a submission back into a form: the submitted values become the inputs' initial
//! values (what the user typed stays), and each [`FieldError`] is matched to its field.
use super::coerce::{FieldError, coerce_boolean, is_blank, unflatten};
use super::field::{FieldKind, FormField};
use serde_json::{Map, Value};

/// Sets each leaf field's initial value from `values` (nested objects or dotted keys, as a
/// form or an elicitation sends them). Blank values and unresolved `{{ … }}` templates leave
/// the field empty; a checkbox reads `"on"`, `"true"` and `true` as checked.
pub(super) fn fill(fields: &mut [FormField], values: &Value) {
    let nested = unflatten(values);
    fill_object(fields, &nested);
}

fn fill_object(fields: &mut [FormField], given: &Map<String, Value>) {
    for field in fields {
        let key = super::coerce::leaf_key(&field.name).to_string();
        let value = given.get(&key);
        if let FieldKind::Group { fields: inner } = &mut field.kind {
            if let Some(Value::Object(map)) = value {
                fill_object(inner, map);
            }
            continue;
        }
        if let Some(value) = value {
            set_value(field, value);
        }
    }
}

/// Sets the initial value of the field named `name` (a dotted name reaches into groups).
/// Returns whether a field of that name exists.
pub(super) fn fill_one(fields: &mut [FormField], name: &str, value: &Value) -> bool {
    for field in fields {
        if let FieldKind::Group { fields: inner } = &mut field.kind {
            if fill_one(inner, name, value) {
                return true;
            }
            continue;
        }
        if field.name == name {
            set_value(field, value);
            return true;
        }
    }
    false
}

fn set_value(field: &mut FormField, value: &Value) {
    field.default = if is_blank(value) {
        None
    } else if matches!(field.kind, FieldKind::Boolean) {
        Some(Value::Bool(coerce_boolean(value).unwrap_or(false)))
    } else {
        Some(value.clone())
    };
}

/// The messages for the field (or group) named `name`.
pub(super) fn messages_for<'a>(errors: &'a [FieldError], name: &str) -> Vec<&'a str> {
    errors
        .iter()
        .filter(|e| e.field == name)
        .map(|e| e.message.as_str())
        .collect()
}

/// The errors no field (or group) of `fields` shows: an empty field name, or a name the form
/// does not have. Shown above the submit button, prefixed with their field name.
pub(super) fn unplaced(fields: &[FormField], errors: &[FieldError]) -> Vec<String> {
    let mut names = Vec::new();
    collect_names(fields, &mut names);
    errors
        .iter()
        .filter(|e| e.field.is_empty() || !names.contains(&e.field.as_str()))
        .map(|e| {
            if e.field.is_empty() {
                e.message.clone()
            } else {
                format!("{}: {}", e.field, e.message)
            }
        })
        .collect()
}

fn collect_names<'a>(fields: &'a [FormField], out: &mut Vec<&'a str>) {
    for field in fields {
        out.push(&field.name);
        if let FieldKind::Group { fields } = &field.kind {
            collect_names(fields, out);
        }
    }
}
