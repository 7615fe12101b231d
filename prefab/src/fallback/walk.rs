//! Walks a `$prefab` envelope (plain JSON, so any UI works, typed or hand-written) and
//! extracts the [`Block`]s and [`ActionSummary`]s the text fallback is made of.
use super::blocks::{
    ActionSummary, Block, ChartBlock, FieldSummary, FormBlock, SeriesSummary, TableBlock,
};
use super::values::{
    cell_text, describe_actions, lookup_path, markdown_cell, number_text, resolve_text,
};
use serde_json::{Map, Value};

/// How deep `$ref`s and nesting are followed before the walker stops.
const MAX_DEPTH: usize = 64;
/// Longest text read as the caption of the progress bar that follows it.
const MAX_CAPTION: usize = 60;

/// What the walker found.
#[derive(Debug, Default)]
pub(crate) struct Walked {
    pub blocks: Vec<Block>,
    pub actions: Vec<ActionSummary>,
}

pub(crate) struct Walker<'a> {
    state: &'a Value,
    defs: Option<&'a Map<String, Value>>,
    sample_rows: usize,
    out: Walked,
    /// The form being filled, with its submit description.
    form: Option<FormBlock>,
    /// The last `Label` text seen, consumed by the next input.
    pending_label: Option<String>,
    /// `state` for the expression engine, converted on the first template met.
    scope: std::cell::OnceCell<crate::expr::Value>,
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
        };
        if let Some(view) = envelope.get("view") {
            walker.node(view, 0);
        }
        walker.flush_form();
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

    fn resolve(&self, text: &str) -> String {
        if !text.contains("{{") {
            return text.to_string();
        }
        resolve_text(text, self.scope.get_or_init(|| self.state.into()))
    }

    fn text(&self, node: &Map<String, Value>, key: &str) -> Option<String> {
        node.get(key)
            .and_then(Value::as_str)
            .map(|s| self.resolve(s))
            .filter(|s| !s.trim().is_empty())
    }

    fn push_text(&mut self, text: Option<String>) {
        if let Some(text) = text {
            self.out.blocks.push(Block::Text { text });
        }
    }

    fn children(&mut self, node: &'a Map<String, Value>, depth: usize) {
        if let Some(children) = node.get("children").and_then(Value::as_array) {
            for child in children {
                self.node(child, depth + 1);
            }
        }
    }

    fn node(&mut self, value: &'a Value, depth: usize) {
        let Some(node) = value.as_object() else {
            return;
        };
        if depth > MAX_DEPTH {
            return;
        }
        if let Some(name) = node.get("$ref").and_then(Value::as_str) {
            if let Some(def) = self.defs.and_then(|defs| defs.get(name)) {
                self.node(def, depth + 1);
            }
            return;
        }
        let kind = node.get("type").and_then(Value::as_str).unwrap_or("");
        match kind {
            "H1" | "H2" | "H3" | "H4" | "Heading" => {
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
            "Form" => {
                self.flush_form();
                let submit = node.get("onSubmit").map(describe_actions);
                self.form = Some(FormBlock {
                    fields: Vec::new(),
                    submit,
                });
                self.children(node, depth);
                self.flush_form();
            }
            "Input" | "Textarea" | "Checkbox" | "Switch" | "Select" | "RadioGroup" | "Slider"
            | "DatePicker" | "Calendar" | "Combobox" | "DropZone" => self.input(kind, node),
            "Condition" => {
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
            "ForEach" => {
                let key = node.get("key").and_then(Value::as_str).unwrap_or("");
                if let Some(items) = lookup_path(self.state, key.trim()).and_then(Value::as_array) {
                    self.out.blocks.push(Block::Text {
                        text: format!("(a list of {} items from `{key}`)", items.len()),
                    });
                }
            }
            "Slot" => {
                let name = node.get("name").and_then(Value::as_str).unwrap_or("");
                match lookup_path(self.state, name) {
                    Some(content) if content.get("type").is_some() => {
                        self.node(content, depth + 1);
                    }
                    _ => self.children(node, depth),
                }
            }
            _ => {
                // Containers (Column, Card, Tabs, Alert, Dialog, …) and unknown types: their
                // own text props, then children.
                for key in ["title", "content"] {
                    if kind == "Tooltip" {
                        break;
                    }
                    let text = self.text(node, key);
                    if key == "title" {
                        if let Some(text) = text {
                            self.out.blocks.push(Block::Heading { level: 3, text });
                        }
                    } else {
                        self.push_text(text);
                    }
                }
                self.children(node, depth);
            }
        }
    }

    fn metric(&mut self, node: &Map<String, Value>) {
        let shown = |v: Option<&Value>| -> Option<String> {
            v.filter(|v| !v.is_null()).map(|v| match v {
                Value::String(s) => self.resolve(s),
                other => cell_text(other),
            })
        };
        self.out.blocks.push(Block::Metric {
            label: self.text(node, "label").unwrap_or_default(),
            value: shown(node.get("value")).unwrap_or_default(),
            delta: shown(node.get("delta")),
            trend: self.text(node, "trend"),
            description: self.text(node, "description"),
        });
    }

    fn progress(&mut self, node: &Map<String, Value>) {
        let value = match node.get("value") {
            Some(Value::String(s)) => self.resolve(s),
            Some(other) => cell_text(other),
            None => "0".into(),
        };
        let max = node
            .get("max")
            .filter(|v| !v.is_null())
            .map_or_else(|| "100".into(), cell_text);
        let mut label = self
            .text(node, "label")
            .or_else(|| self.text(node, "ariaLabel"))
            .or_else(|| self.pending_label.take());
        // A bar right after a short caption is that caption's bar.
        if label.is_none()
            && let Some(Block::Text { text }) = self.out.blocks.last()
            && text.len() <= MAX_CAPTION
        {
            label = Some(text.clone());
            self.out.blocks.pop();
        }
        self.out.blocks.push(Block::Progress { label, value, max });
    }

    /// Rows of a table or chart: inline, or a `{{ path }}` template resolved in state.
    fn rows_of(&self, value: Option<&'a Value>) -> Option<&'a [Value]> {
        match value? {
            Value::Array(rows) => Some(rows.as_slice()),
            Value::String(template) => {
                let path = template
                    .trim()
                    .strip_prefix("{{")?
                    .strip_suffix("}}")?
                    .trim();
                lookup_path(self.state, path)
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
            }
            _ => None,
        }
    }

    fn data_table(&mut self, node: &'a Map<String, Value>) {
        let columns: Vec<&Map<String, Value>> = node
            .get("columns")
            .and_then(Value::as_array)
            .map(|c| c.iter().filter_map(Value::as_object).collect())
            .unwrap_or_default();
        let headers = columns
            .iter()
            .map(|c| {
                let key = c.get("key").and_then(Value::as_str).unwrap_or("");
                let header = c
                    .get("header")
                    .and_then(Value::as_str)
                    .filter(|h| !h.is_empty())
                    .unwrap_or(key);
                markdown_cell(header)
            })
            .collect();
        let rows = self.rows_of(node.get("rows"));
        let sample = rows
            .unwrap_or_default()
            .iter()
            .take(self.sample_rows)
            .map(|row| {
                columns
                    .iter()
                    .map(|c| {
                        let key = c.get("key").and_then(Value::as_str).unwrap_or("");
                        row.get(key)
                            .map(|v| markdown_cell(&cell_text(v)))
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .collect::<Vec<Vec<String>>>();
        let count = rows.map(<[Value]>::len);
        self.out.blocks.push(Block::Table(TableBlock {
            columns: headers,
            row_count: count,
            more_rows: count.unwrap_or(0).saturating_sub(sample.len()),
            rows: sample,
        }));
    }

    /// `Table > TableHeader/TableBody > TableRow > TableHead/TableCell`.
    fn static_table(&mut self, node: &Map<String, Value>) {
        let mut header = Vec::new();
        let mut rows = Vec::new();
        let mut stack: Vec<&Value> = node
            .get("children")
            .and_then(Value::as_array)
            .map(|c| c.iter().rev().collect())
            .unwrap_or_default();
        while let Some(child) = stack.pop() {
            match child.get("type").and_then(Value::as_str) {
                Some("TableRow") => {
                    let cells = child.get("children").and_then(Value::as_array);
                    let mut row = Vec::new();
                    let mut is_header = false;
                    for cell in cells.into_iter().flatten() {
                        is_header |= cell.get("type").and_then(Value::as_str) == Some("TableHead");
                        let text = cell.get("content").and_then(Value::as_str).unwrap_or("");
                        row.push(markdown_cell(&self.resolve(text)));
                    }
                    if is_header && header.is_empty() {
                        header = row;
                    } else {
                        rows.push(row);
                    }
                }
                _ => {
                    if let Some(children) = child.get("children").and_then(Value::as_array) {
                        stack.extend(children.iter().rev());
                    }
                }
            }
        }
        let count = rows.len();
        rows.truncate(self.sample_rows);
        self.out.blocks.push(Block::Table(TableBlock {
            columns: header,
            row_count: Some(count),
            more_rows: count - rows.len(),
            rows,
        }));
    }

    fn chart(&mut self, kind: &str, node: &'a Map<String, Value>) {
        let chart = kind.trim_end_matches("Chart").to_lowercase();
        let data = self.rows_of(node.get("data")).unwrap_or_default();
        let mut keys: Vec<(String, String)> = Vec::new();
        if let Some(series) = node.get("series").and_then(Value::as_array) {
            for s in series {
                if let Some(key) = s.get("dataKey").and_then(Value::as_str) {
                    let name = s.get("label").and_then(Value::as_str).unwrap_or(key);
                    keys.push((key.to_string(), name.to_string()));
                }
            }
        }
        let single = ["dataKey", "yAxis"]
            .into_iter()
            .find_map(|k| node.get(k).and_then(Value::as_str));
        if keys.is_empty()
            && let Some(key) = single
        {
            keys.push((key.to_string(), key.to_string()));
        }
        let series = if kind == "Sparkline" {
            vec![summarize("values", data.iter())]
        } else {
            keys.iter()
                .map(|(key, name)| summarize(name, data.iter().filter_map(|row| row.get(key))))
                .collect()
        };
        let x_axis = ["xAxis", "nameKey", "axisKey"]
            .into_iter()
            .find_map(|k| node.get(k).and_then(Value::as_str))
            .map(str::to_string);
        self.out.blocks.push(Block::Chart(ChartBlock {
            chart,
            x_axis,
            points: data.len(),
            series,
        }));
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

    fn input(&mut self, kind: &str, node: &Map<String, Value>) {
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
    let mut stack: Vec<&Value> = node
        .get("children")
        .and_then(Value::as_array)
        .map(|c| c.iter().rev().collect())
        .unwrap_or_default();
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

/// Min / max / last over the numeric values of one series.
fn summarize<'v>(name: &str, values: impl Iterator<Item = &'v Value>) -> SeriesSummary {
    let mut min = f64::INFINITY;
    let mut max = f64::NEG_INFINITY;
    let mut last = None;
    for v in values {
        if let Some(n) = v.as_f64() {
            min = min.min(n);
            max = max.max(n);
            last = Some(n);
        }
    }
    SeriesSummary {
        name: name.to_string(),
        min: last.map(|_| number_text(min)),
        max: last.map(|_| number_text(max)),
        last: last.map(number_text),
    }
}
