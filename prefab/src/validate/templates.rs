//! The `{{ … }}` templates in a document's strings: their syntax, and the names of their
//! pipes (`{{ total | currency }}`).
//!
//! The renderer draws a broken template as text and passes a value through an unknown pipe
//! unchanged, so neither stops a document from rendering: both are warnings for a document
//! and errors in a model-written view (a strict walk), where they are surely mistakes.

use super::MAX_JSON_DEPTH;
use crate::expr::{BUILTIN_PIPES, Expr, PipeCall, parse};
use crate::wire::{Path, Walker, hint, quoted};
use serde_json::Value;

impl Walker {
    /// Checks the templates in every string of `value`.
    pub(super) fn templates(&mut self, value: &Value, path: &Path<'_>, level: usize) {
        if level >= MAX_JSON_DEPTH {
            return;
        }
        match value {
            Value::String(text) => self.template(text, path),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.templates(item, &path.index(i), level + 1);
                }
            }
            Value::Object(map) => {
                for (key, item) in map {
                    self.templates(item, &path.key(key), level + 1);
                }
            }
            _ => {}
        }
    }

    /// Checks each `{{ … }}` of one string.
    fn template(&mut self, text: &str, path: &Path<'_>) {
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            let after = &rest[start + 2..];
            let Some(end) = after.find("}}") else {
                let message = format!(
                    "template {}: `{{{{` is never closed by `}}}}`",
                    quoted(text)
                );
                return self.lapse(path, message);
            };
            match parse(after[..end].trim()) {
                Ok(expr) => self.pipes(&expr, text, path),
                Err(e) => self.lapse(path, format!("template {}: {e}", quoted(text))),
            }
            rest = &after[end + 2..];
        }
    }

    /// Reports every pipe of `expr` that is not a built-in one.
    fn pipes(&mut self, expr: &Expr, text: &str, path: &Path<'_>) {
        let mut stack = vec![expr];
        while let Some(expr) = stack.pop() {
            match expr {
                Expr::Literal(_) | Expr::Path(_) => {}
                Expr::Unary(_, inner) | Expr::Not(inner) => stack.push(inner),
                Expr::Arith(first, rest) => {
                    stack.push(first);
                    stack.extend(rest.iter().map(|(_, e)| e));
                }
                Expr::Compare(a, _, b) => stack.extend([&**a, &**b]),
                Expr::Logical(_, items) => stack.extend(items),
                Expr::Ternary(a, b, c) => stack.extend([&**a, &**b, &**c]),
                Expr::Pipe(base, calls) => {
                    stack.push(base);
                    for call in calls {
                        if let PipeCall::Named { name, .. } = call {
                            self.pipe_name(name, text, path);
                        }
                    }
                }
            }
        }
    }

    fn pipe_name(&mut self, name: &str, text: &str, path: &Path<'_>) {
        if BUILTIN_PIPES.contains(&name) {
            return;
        }
        let guess = self.closest(name, &BUILTIN_PIPES);
        let message = format!(
            "unknown pipe {} in template {}{} (known pipes: {})",
            quoted(name),
            quoted(text),
            hint(guess),
            BUILTIN_PIPES.join(", ")
        );
        self.lapse(path, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::validate::{Mode, validate_with};
    use serde_json::json;

    #[test]
    fn unknown_pipes_anywhere_in_an_expression() {
        let doc = json!({"type": "Text", "content": "{{ a ? (b | uper) : -(c | rond:2) }} {{ d | upper }}"});
        let strict = validate_with(&doc, Mode::Generated);
        let messages: Vec<&str> = strict.errors.iter().map(|i| i.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages
                .iter()
                .any(|m| m.contains("\"uper\"") && m.contains("did you mean \"upper\""))
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("\"rond\"") && m.contains("did you mean \"round\""))
        );
        let lenient = validate_with(&doc, Mode::Document);
        assert!(lenient.errors.is_empty());
        assert_eq!(lenient.warnings.len(), 2);
    }
}
