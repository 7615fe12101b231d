//! Fields → a prefab `Form` whose submit action sends the field values.
use super::field::{FieldKind, FormField};
use serde_json::{Map, Value, json};

/// Up to this many options a choice is shown as radio buttons, above as a select.
const MAX_RADIOS: usize = 4;

/// The `toolCall` arguments of the submit action: one template per field, bound to the
/// input's state name, nested like the fields (`{"address": {"zip": "{{ address.zip }}"}}`).
/// A sole template keeps its type when the renderer resolves it.
#[must_use]
pub fn submit_arguments(fields: &[FormField]) -> Value {
    let mut out = Map::new();
    for field in fields {
        let key = field
            .name
            .rsplit('.')
            .next()
            .unwrap_or(&field.name)
            .to_string();
        let value = match &field.kind {
            FieldKind::Group { fields } => submit_arguments(fields),
            _ => Value::String(format!("{{{{ {} }}}}", field.state_name())),
        };
        out.insert(key, value);
    }
    Value::Object(out)
}

/// `Form[fields…, Button(submit)]` with `onSubmit` calling `tool` with the field values.
pub(crate) fn form_node(fields: &[FormField], tool: &str, submit_label: &str) -> Value {
    let mut children: Vec<Value> = fields.iter().map(field_node).collect();
    children.push(json!({
        "label": submit_label,
        "buttonType": "submit",
        "type": "Button",
    }));
    json!({
        "cssClass": "gap-4",
        "type": "Form",
        "onSubmit": {
            "action": "toolCall",
            "tool": tool,
            "arguments": submit_arguments(fields),
        },
        "children": children,
    })
}

fn field_node(field: &FormField) -> Value {
    let mut children = Vec::new();
    if let FieldKind::Group { fields } = &field.kind {
        children.push(json!({"content": field.label, "type": "FieldTitle"}));
        if let Some(description) = &field.description {
            children.push(json!({"content": description, "type": "FieldDescription"}));
        }
        children.extend(fields.iter().map(field_node));
        return json!({"cssClass": "gap-4", "type": "Field", "children": children});
    }
    if !matches!(field.kind, FieldKind::Boolean) {
        let mut label = Map::new();
        label.insert("text".into(), Value::String(field.label.clone()));
        label.insert("forId".into(), Value::String(field.state_name()));
        if !field.required {
            label.insert("optional".into(), Value::Bool(true));
        }
        label.insert("type".into(), "Label".into());
        children.push(Value::Object(label));
    }
    children.push(control(field));
    if let Some(description) = &field.description {
        children.push(json!({"content": description, "type": "FieldDescription"}));
    }
    json!({"type": "Field", "children": children})
}

/// Text of a default value as an input shows it.
fn shown(value: &Value) -> Value {
    match value {
        Value::String(_) => value.clone(),
        Value::Array(items) => Value::String(
            items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        other => Value::String(other.to_string()),
    }
}

fn control(field: &FormField) -> Value {
    let name = field.state_name();
    let mut node = Map::new();
    node.insert("id".into(), Value::String(name.clone()));
    node.insert("name".into(), Value::String(name));
    let set = |node: &mut Map<String, Value>, key: &str, value: Option<Value>| {
        if let Some(value) = value {
            node.insert(key.into(), value);
        }
    };
    let kind = match &field.kind {
        FieldKind::Boolean => {
            let value = field
                .default
                .as_ref()
                .and_then(Value::as_bool)
                .unwrap_or(false);
            node.insert("value".into(), Value::Bool(value));
            node.insert("label".into(), Value::String(field.label.clone()));
            "Checkbox"
        }
        FieldKind::Choice { options } => {
            set(&mut node, "value", field.default.as_ref().map(shown));
            let radios = options.len() <= MAX_RADIOS;
            let items: Vec<Value> = options
                .iter()
                .map(|o| {
                    let value = shown(&o.value);
                    if radios {
                        json!({"option": value, "label": o.label, "type": "Radio"})
                    } else {
                        json!({"value": value, "label": o.label, "type": "SelectOption"})
                    }
                })
                .collect();
            if !radios {
                node.insert(
                    "placeholder".into(),
                    Value::String(format!("Choose {}", field.label.to_lowercase())),
                );
            }
            node.insert("children".into(), Value::Array(items));
            if radios { "RadioGroup" } else { "Select" }
        }
        FieldKind::Textarea | FieldKind::List { .. } => {
            set(&mut node, "value", field.default.as_ref().map(shown));
            if matches!(field.kind, FieldKind::List { .. }) {
                node.insert("placeholder".into(), "One per line".into());
            }
            node.insert("rows".into(), Value::from(4));
            set(
                &mut node,
                "minLength",
                field
                    .min_length
                    .map(Value::from)
                    .filter(|_| field.kind == FieldKind::Textarea),
            );
            set(
                &mut node,
                "maxLength",
                field
                    .max_length
                    .map(Value::from)
                    .filter(|_| field.kind == FieldKind::Textarea),
            );
            "Textarea"
        }
        kind => {
            set(&mut node, "value", field.default.as_ref().map(shown));
            let input_type = match kind {
                FieldKind::Email => "email",
                FieldKind::Url => "url",
                FieldKind::Date => "date",
                FieldKind::DateTime => "datetime-local",
                FieldKind::Time => "time",
                FieldKind::Number | FieldKind::Integer => "number",
                _ => "text",
            };
            node.insert("inputType".into(), input_type.into());
            set(&mut node, "minLength", field.min_length.map(Value::from));
            set(&mut node, "maxLength", field.max_length.map(Value::from));
            set(&mut node, "min", field.min.map(Value::from));
            set(&mut node, "max", field.max.map(Value::from));
            if *kind == FieldKind::Integer {
                node.insert("step".into(), Value::from(1));
            }
            set(
                &mut node,
                "pattern",
                field.pattern.clone().map(Value::String),
            );
            "Input"
        }
    };
    if field.required && !matches!(field.kind, FieldKind::Boolean) {
        node.insert("required".into(), Value::Bool(true));
    }
    node.insert("type".into(), kind.into());
    Value::Object(node)
}
