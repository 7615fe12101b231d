//! Fields → a prefab `Form` whose submit action sends the field values.
use super::FormSpec;
use super::coerce::FieldError;
use super::field::{FieldKind, FormField};
use super::prefill;
use crate::FieldError as FieldErrorNode;
use crate::{
    Button, CallTool, Checkbox, Field, FieldDescription, FieldTitle, Form, Input, Label, Node,
    Number, Radio, RadioGroup, Select, SelectOption, Textarea,
};
use serde_json::{Map, Value};

/// Up to this many options a choice is shown as radio buttons, above as a select.
const MAX_RADIOS: usize = 4;

/// The `toolCall` arguments of the submit action: one template per field, bound to the
/// input's state name, nested like the fields (`{"address": {"zip": "{{ address__zip }}"}}`).
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

/// `Form[fields…, form-level errors…, Button(submit)]` with `onSubmit` calling the spec's
/// tool with the field values.
pub(crate) fn form_node(spec: &FormSpec) -> Form {
    let arguments = match submit_arguments(&spec.fields) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    Form::new()
        .css_class("gap-4")
        .on_submit(CallTool::new(spec.tool.clone()).arguments(arguments))
        .children(spec.fields.iter().map(|f| field_node(f, &spec.errors)))
        .children(
            prefill::unplaced(&spec.fields, &spec.errors)
                .into_iter()
                .map(FieldErrorNode::new),
        )
        .child(Button::new(spec.submit_label.clone()).button_type("submit"))
}

/// `Field[Label, control, FieldError…, FieldDescription]` (a checkbox carries its own
/// label); a group is `Field[FieldTitle, FieldDescription, FieldError…, fields…]`.
fn field_node(field: &FormField, errors: &[FieldError]) -> Field {
    let messages = prefill::messages_for(errors, &field.name);
    let mut node = Field::new();
    if !messages.is_empty() {
        node = node.invalid(true);
    }
    if let FieldKind::Group { fields } = &field.kind {
        let mut group = node
            .css_class("gap-4")
            .child(FieldTitle::new(field.label.clone()));
        if let Some(description) = &field.description {
            group = group.child(FieldDescription::new(description.clone()));
        }
        return group
            .children(messages.into_iter().map(FieldErrorNode::new))
            .children(fields.iter().map(|f| field_node(f, errors)));
    }
    if !matches!(field.kind, FieldKind::Boolean) {
        let mut label = Label::new(field.label.clone()).for_id(field.state_name());
        if !field.required {
            label = label.optional(true);
        }
        node = node.child(label);
    }
    node = node
        .child(control(field))
        .children(messages.into_iter().map(FieldErrorNode::new));
    if let Some(description) = &field.description {
        node = node.child(FieldDescription::new(description.clone()));
    }
    node
}

/// Text of a default value as an input shows it.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

fn control(field: &FormField) -> Node {
    let name = field.state_name();
    let default = field.default.as_ref().map(shown);
    let required = field.required.then_some(true);
    match &field.kind {
        FieldKind::Boolean => {
            let value = field
                .default
                .as_ref()
                .and_then(Value::as_bool)
                .unwrap_or(false);
            Checkbox::new()
                .id(name.clone())
                .name(name)
                .value(value)
                .label(field.label.clone())
                .into()
        }
        FieldKind::Choice { options } if options.len() <= MAX_RADIOS => {
            let mut group = RadioGroup::new().id(name.clone()).name(name);
            group.value = default;
            group
                .children(options.iter().map(|o| {
                    let mut radio = Radio::new().option(shown(&o.value)).label(o.label.clone());
                    radio.required = required;
                    radio
                }))
                .into()
        }
        FieldKind::Choice { options } => {
            let mut select = Select::new()
                .id(name.clone())
                .name(name)
                .placeholder(format!("Choose {}", field.label.to_lowercase()));
            select.value = default;
            select.required = required;
            select
                .children(
                    options
                        .iter()
                        .map(|o| SelectOption::new(shown(&o.value), o.label.clone())),
                )
                .into()
        }
        FieldKind::Textarea | FieldKind::List { .. } => {
            let mut area = Textarea::new().id(name.clone()).name(name).rows(4);
            area.value = default;
            area.required = required;
            if matches!(field.kind, FieldKind::List { .. }) {
                area = area.placeholder("One per line");
            } else {
                area.min_length = field.min_length.and_then(|n| i64::try_from(n).ok());
                area.max_length = field.max_length.and_then(|n| i64::try_from(n).ok());
            }
            area.into()
        }
        kind => {
            let input_type = match kind {
                FieldKind::Email => "email",
                FieldKind::Url => "url",
                FieldKind::Date => "date",
                FieldKind::DateTime => "datetime-local",
                FieldKind::Time => "time",
                FieldKind::Number | FieldKind::Integer => "number",
                _ => "text",
            };
            let mut input = Input::new()
                .id(name.clone())
                .name(name)
                .input_type(input_type);
            input.value = default;
            input.required = required;
            input.min_length = field.min_length.and_then(|n| i64::try_from(n).ok());
            input.max_length = field.max_length.and_then(|n| i64::try_from(n).ok());
            number_attributes(&mut input, field);
            input.pattern = field.pattern.as_deref().map(html_pattern);
            input.into()
        }
    }
}

/// `min`, `max` and `step` of a number input. The browser has no exclusive bound: an
/// `exclusiveMinimum` is its `min` too (values below are refused in the browser, the bound
/// itself by the server). `step` is a number on the wire (prefab-ui 0.21.1's `Input.step`):
/// a number field has the schema's `multipleOf`, or no `step` (our renderer then gives the
/// input `step="any"`, so it takes decimals; see COMPATIBILITY.md); an integer steps by its
/// `multipleOf` when that is whole, else by 1.
fn number_attributes(input: &mut Input, field: &FormField) {
    let tighter = |a: Option<f64>, b: Option<f64>, pick: fn(f64, f64) -> f64| match (a, b) {
        (Some(a), Some(b)) => Some(pick(a, b)),
        (a, b) => a.or(b),
    };
    input.min = tighter(field.min, field.exclusive_min, f64::max).map(Number);
    input.max = tighter(field.max, field.exclusive_max, f64::min).map(Number);
    input.step = match field.kind {
        FieldKind::Number => field.step.map(Number),
        FieldKind::Integer => Some(Number(
            field
                .step
                .filter(|s| s.fract() == 0.0 && *s >= 1.0)
                .unwrap_or(1.0),
        )),
        _ => None,
    };
}

/// A JSON Schema `pattern` (it matches anywhere in the text) as an HTML `pattern` attribute
/// (the browser anchors it: `^(?:…)$`): as it is when it is anchored at both ends already,
/// else `.*(?:…).*`, so both accept the same texts.
fn html_pattern(pattern: &str) -> String {
    if anchored(pattern) {
        pattern.to_string()
    } else {
        format!(".*(?:{pattern}).*")
    }
}

/// Whether `pattern` is `^…$` with no `|` outside groups and classes (`^a|b$` is not: its
/// `b$` matches anywhere before the end).
fn anchored(pattern: &str) -> bool {
    let Some(body) = pattern.strip_prefix('^').and_then(|p| p.strip_suffix('$')) else {
        return false;
    };
    let (mut depth, mut in_class, mut escaped) = (0_usize, false, false);
    for c in body.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '[' => in_class = true,
            ']' => in_class = false,
            '(' if !in_class => depth += 1,
            ')' if !in_class => depth = depth.saturating_sub(1),
            '|' if !in_class && depth == 0 => return false,
            _ => {}
        }
    }
    // `^a\$`: the last `$` is escaped, a literal dollar.
    !escaped
}
