//! Walks a `$prefab` envelope (plain JSON, so any UI works, typed or hand-written) and
//! extracts the [`Block`]s and [`ActionSummary`]s the text fallback is made of.
use super::blocks::{ActionSummary, Block, FormBlock};
use super::values::{describe_actions, lookup_path, resolve_text};
use serde_json::{Map, Value};

/// How deep `$ref`s and nesting are followed before the walker stops.
const MAX_DEPTH: usize = 64;
/// How many nodes the walker visits, counting every expansion of a `$ref`: templates that
/// use other templates several times can describe exponentially many nodes in a few bytes,
/// and the fallback never shows more than a few kilobytes anyway.
pub(crate) const MAX_NODES: usize = 10_000;
/// Longest text read as the caption of the progress bar that follows it.
pub(super) const MAX_CAPTION: usize = 60;

/// What the walker found.
#[derive(Debug, Default)]
pub(crate) struct Walked {
    pub blocks: Vec<Block>,
    pub actions: Vec<ActionSummary>,
}

pub(crate) struct Walker<'a> {
    pub(super) state: &'a Value,
    pub(super) defs: Option<&'a Map<String, Value>>,
    pub(super) sample_rows: usize,
    pub(super) out: Walked,
    /// The form being filled, with its submit description.
    pub(super) form: Option<FormBlock>,
    /// The last `Label` text seen, consumed by the next input.
    pub(super) pending_label: Option<String>,
    /// `state` for the expression engine, converted on the first template met.
    pub(super) scope: std::cell::OnceCell<crate::expr::Value>,
    /// Nodes visited so far (bounded by [`MAX_NODES`]).
    visited: usize,
    /// The `defs` templates being expanded, innermost last (a `$ref` to one of them is a
    /// cycle and is not followed).
    expanding: Vec<&'a str>,
}

impl<'a> Walker<'a> {
    pub(crate) fn walk(envelope: &'a Value, sample_rows: usize) -> Walked {
        static EMPTY: Value = Value::Null;
        let state = envelope.get("state").unwrap_or(&EMPTY);
        let mut walker = Walker {
            state,
            defs: envelope.get("defs").and_then(Value::as_object),
            sample_rows,
            out: Walked::default(),
            form: None,
            pending_label: None,
            scope: std::cell::OnceCell::new(),
            visited: 0,
            expanding: Vec::new(),
        };
        if let Some(view) = envelope.get("view") {
            walker.node(view, 0);
        }
        walker.flush_form();
        if walker.visited > MAX_NODES {
            // First, so the size bound never cuts it off.
            walker.out.blocks.insert(
                0,
                Block::Text {
                    text: format!("(a large view: only its first {MAX_NODES} nodes are described)"),
                },
            );
        }
        if let Some(bindings) = envelope.get("keyBindings").and_then(Value::as_object) {
            for (key, action) in bindings {
                walker.out.actions.push(ActionSummary {
                    label: format!("key {key}"),
                    effect: describe_actions(action),
                });
            }
        }
        walker.out
    }

    pub(super) fn resolve(&self, text: &str) -> String {
        if !text.contains("{{") {
            return text.to_string();
        }
        resolve_text(text, self.scope.get_or_init(|| self.state.into()))
    }

    pub(super) fn text(&self, node: &Map<String, Value>, key: &str) -> Option<String> {
        node.get(key)
            .and_then(Value::as_str)
            .map(|s| self.resolve(s))
            .filter(|s| !s.trim().is_empty())
    }

    pub(super) fn push_text(&mut self, text: Option<String>) {
        if let Some(text) = text {
            self.out.blocks.push(Block::Text { text });
        }
    }

    pub(super) fn children(&mut self, node: &'a Map<String, Value>, depth: usize) {
        if let Some(children) = node.get("children").and_then(Value::as_array) {
            for child in children {
                self.node(child, depth + 1);
            }
        }
    }

    pub(super) fn node(&mut self, value: &'a Value, depth: usize) {
        let Some(node) = value.as_object() else {
            return;
        };
        if depth > MAX_DEPTH || self.visited > MAX_NODES {
            return;
        }
        self.visited += 1;
        if let Some(name) = node.get("$ref").and_then(Value::as_str) {
            let def = self.defs.and_then(|defs| defs.get_key_value(name));
            if let Some((name, def)) = def
                && !self.expanding.contains(&name.as_str())
            {
                self.expanding.push(name);
                self.node(def, depth + 1);
                self.expanding.pop();
            }
            return;
        }
        let kind = node.get("type").and_then(Value::as_str).unwrap_or("");
        match kind {
            "H1" | "H2" | "H3" | "H4" | "Heading" => self.heading(kind, node),
            "CardTitle" | "AlertTitle" => {
                if let Some(text) = self.text(node, "content") {
                    self.out.blocks.push(Block::Heading { level: 3, text });
                }
                self.children(node, depth);
            }
            "FieldDescription" if self.form.as_ref().is_some_and(|f| !f.fields.is_empty()) => {
                // Help text under an input belongs to that input.
                let text = self.text(node, "content");
                if let Some(field) = self.form.as_mut().and_then(|f| f.fields.last_mut()) {
                    field.description = text;
                }
            }
            "Text" | "P" | "Lead" | "Large" | "Small" | "Muted" | "BlockQuote" | "Markdown"
            | "Code" | "CardDescription" | "AlertDescription" | "FieldDescription"
            | "FieldError" | "TableCaption" | "Span" => {
                let text = self.text(node, "content");
                self.push_text(text);
                self.children(node, depth);
            }
            "Link" => {
                let text = self.text(node, "content");
                let href = self.text(node, "href");
                self.push_text(match (text, href) {
                    (Some(t), Some(h)) => Some(format!("{t} <{h}>")),
                    (t, h) => t.or(h),
                });
            }
            "Badge" => {
                let text = self.text(node, "label");
                self.push_text(text);
                self.children(node, depth);
            }
            "Label" | "FieldTitle" => {
                let key = if kind == "Label" { "text" } else { "content" };
                self.pending_label = self.text(node, key);
                self.children(node, depth);
            }
            "Image" => {
                let alt = self.text(node, "alt");
                self.push_text(alt.map(|a| format!("[image: {a}]")));
            }
            "Metric" => self.metric(node),
            "Progress" | "Ring" => self.progress(node),
            "DataTable" => self.data_table(node),
            "Table" => self.static_table(node),
            "BarChart" | "LineChart" | "AreaChart" | "ScatterChart" | "RadarChart" | "PieChart"
            | "RadialChart" | "WaterfallChart" | "Sparkline" => self.chart(kind, node),
            "Button" => self.button(node),
            "Row" => {
                let start = self.out.blocks.len();
                self.children(node, depth);
                self.merge_texts(start);
            }
            "Form" => self.form(node, depth),
            "Input" | "Textarea" | "Checkbox" | "Switch" | "Select" | "RadioGroup" | "Slider"
            | "DatePicker" | "Calendar" | "Combobox" | "DropZone" => self.input(kind, node),
            "Condition" => self.condition(node, depth),
            "ForEach" => self.for_each(node),
            "Slot" => self.slot(node, depth),
            _ => self.container(kind, node, depth),
        }
    }

    /// `H1`…`H4`, and `Heading` with its `level` (clamped to 1–4).
    fn heading(&mut self, kind: &str, node: &'a Map<String, Value>) {
        let level = match kind {
            "H1" => 1,
            "H2" => 2,
            "H3" => 3,
            "H4" => 4,
            _ => node
                .get("level")
                .and_then(Value::as_u64)
                .map_or(1, |l| l.clamp(1, 4) as u8),
        };
        if let Some(text) = self.text(node, "content") {
            self.out.blocks.push(Block::Heading { level, text });
        }
    }

    /// A `Form`: its inputs become one form block with the submit action.
    fn form(&mut self, node: &'a Map<String, Value>, depth: usize) {
        self.flush_form();
        let submit = node.get("onSubmit").map(describe_actions);
        self.form = Some(FormBlock {
            fields: Vec::new(),
            submit,
        });
        self.children(node, depth);
        if let (Some(form), Some(submit)) = (self.form.as_mut(), node.get("onSubmit")) {
            super::arguments::name_by_arguments(&mut form.fields, submit);
        }
        self.flush_form();
    }

    /// A `Condition`: every case's children and the `else` branch (the model reads all).
    fn condition(&mut self, node: &'a Map<String, Value>, depth: usize) {
        if let Some(cases) = node.get("cases").and_then(Value::as_array) {
            for case in cases.iter().filter_map(Value::as_object) {
                self.children(case, depth);
            }
        }
        if let Some(other) = node.get("else").and_then(Value::as_array) {
            for child in other {
                self.node(child, depth + 1);
            }
        }
    }

    /// A `ForEach`: one line saying how many items its list holds.
    fn for_each(&mut self, node: &'a Map<String, Value>) {
        let key = node.get("key").and_then(Value::as_str).unwrap_or("");
        if let Some(items) = lookup_path(self.state, key.trim()).and_then(Value::as_array) {
            self.out.blocks.push(Block::Text {
                text: format!("(a list of {} items from `{key}`)", items.len()),
            });
        }
    }

    /// A `Slot`: the component its state key holds, else its fallback children.
    fn slot(&mut self, node: &'a Map<String, Value>, depth: usize) {
        let name = node.get("name").and_then(Value::as_str).unwrap_or("");
        match lookup_path(self.state, name) {
            Some(content) if content.get("type").is_some() => {
                self.node(content, depth + 1);
            }
            _ => self.children(node, depth),
        }
    }

    /// Containers (Column, Card, Tabs, Alert, Dialog, …) and unknown types: their own text
    /// props (`title` as a heading, `content` as text; none for a `Tooltip`), then children.
    fn container(&mut self, kind: &str, node: &'a Map<String, Value>, depth: usize) {
        if kind != "Tooltip" {
            if let Some(text) = self.text(node, "title") {
                self.out.blocks.push(Block::Heading { level: 3, text });
            }
            let text = self.text(node, "content");
            self.push_text(text);
        }
        self.children(node, depth);
    }

    fn button(&mut self, node: &Map<String, Value>) {
        let label = self
            .text(node, "label")
            .or_else(|| self.text(node, "ariaLabel"))
            .unwrap_or_else(|| "(unlabelled)".into());
        let effect = match node.get("onClick") {
            Some(action) => describe_actions(action),
            None if node.get("buttonType").and_then(Value::as_str) == Some("submit")
                || self.form.is_some() =>
            {
                let submit = self.form.as_ref().and_then(|f| f.submit.clone());
                match submit {
                    Some(s) => format!("submits the form: {s}"),
                    None => "submits the form".into(),
                }
            }
            None => return,
        };
        self.out.actions.push(ActionSummary { label, effect });
    }

    /// Puts the texts of a `Row` on one line (`Name: Ada`, `date — title — text`) when
    /// the row holds nothing but text.
    fn merge_texts(&mut self, start: usize) {
        let added = &self.out.blocks[start..];
        if added.len() < 2 || !added.iter().all(|b| matches!(b, Block::Text { .. })) {
            return;
        }
        let texts: Vec<String> = self
            .out
            .blocks
            .drain(start..)
            .filter_map(|b| match b {
                Block::Text { text } => Some(text),
                _ => None,
            })
            .collect();
        let separator = if texts.len() == 2 { ": " } else { " — " };
        self.out.blocks.push(Block::Text {
            text: texts.join(separator),
        });
    }

    fn flush_form(&mut self) {
        if let Some(form) = self.form.take()
            && (!form.fields.is_empty() || form.submit.is_some())
        {
            self.out.blocks.push(Block::Form(form));
        }
    }
}
