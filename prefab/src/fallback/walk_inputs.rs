//! Form inputs in the walk: what each input asks for.
use super::blocks::{Block, FieldSummary, FormBlock};
use super::values::{cell_text, number_text};
use super::walk::Walker;
use serde_json::{Map, Value};

impl Walker<'_> {
    pub(super) fn input(&mut self, kind: &str, node: &Map<String, Value>) {
        let name = node
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let input = match kind {
            "Input" => {
                let kind = node
                    .get("inputType")
                    .and_then(Value::as_str)
                    .unwrap_or("text");
                format!("{kind}{}", bounds(node))
            }
            "Textarea" => format!("text (multi-line){}", bounds(node)),
            "Checkbox" | "Switch" => "boolean".into(),
            "Slider" => {
                let bound =
                    |k: &str, d: &str| node.get(k).map_or_else(|| d.to_string(), number_or_text);
                format!("number {}–{}", bound("min", "0"), bound("max", "100"))
            }
            "DatePicker" | "Calendar" => "date".into(),
            "DropZone" => "file upload".into(),
            _ => {
                let options = option_labels(node);
                if options.is_empty() {
                    "choice".into()
                } else {
                    format!("one of: {}", options.join(", "))
                }
            }
        };
        let label = self
            .text(node, "label")
            .or_else(|| self.pending_label.take())
            .or_else(|| self.text(node, "placeholder"));
        let field = FieldSummary {
            name,
            label,
            input,
            required: node.get("required").and_then(Value::as_bool) == Some(true)
                || any_required_option(node),
            description: None,
        };
        match (&mut self.form, self.out.blocks.last_mut()) {
            (Some(form), _) => form.fields.push(field),
            // Loose inputs next to each other are listed together.
            (None, Some(Block::Form(loose))) if loose.submit.is_none() => loose.fields.push(field),
            (None, _) => self.out.blocks.push(Block::Form(FormBlock {
                fields: vec![field],
                submit: None,
            })),
        }
    }
}

fn number_or_text(value: &Value) -> String {
    value.as_f64().map_or_else(|| cell_text(value), number_text)
}

/// ` (18–130)` / ` (2–80 characters)` from an input's bounds; empty when it has none.
fn bounds(node: &Map<String, Value>) -> String {
    let pair = |lo: &str, hi: &str| {
        let get = |k: &str| node.get(k).filter(|v| v.is_number()).map(number_or_text);
        match (get(lo), get(hi)) {
            (Some(a), Some(b)) => Some(format!("{a}–{b}")),
            (Some(a), None) => Some(format!("≥ {a}")),
            (None, Some(b)) => Some(format!("≤ {b}")),
            (None, None) => None,
        }
    };
    if let Some(range) = pair("min", "max") {
        format!(" ({range})")
    } else if let Some(length) = pair("minLength", "maxLength") {
        format!(" ({length} characters)")
    } else {
        String::new()
    }
}

/// A radio group is required when its radios are.
fn any_required_option(node: &Map<String, Value>) -> bool {
    node.get("children")
        .and_then(Value::as_array)
        .is_some_and(|c| {
            c.iter()
                .any(|r| r.get("required").and_then(Value::as_bool) == Some(true))
        })
}

/// The option labels of a Select / RadioGroup / Combobox (its option children).
fn option_labels(node: &Map<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = super::values::children_stack(node);
    while let Some(child) = stack.pop() {
        let value = ["value", "option"]
            .into_iter()
            .find_map(|k| child.get(k).and_then(Value::as_str));
        if let Some(value) = value {
            out.push(value.to_string());
        } else if let Some(children) = child.get("children").and_then(Value::as_array) {
            stack.extend(children.iter().rev());
        }
    }
    out
}
