//! The data-heavy parts of the walk: metrics, progress, tables and charts.
use super::blocks::{Block, ChartBlock, SeriesSummary, TableBlock};
use super::values::{cell_text, lookup_path, markdown_cell, number_text};
use super::walk::{MAX_CAPTION, Walker};
use serde_json::{Map, Value};

impl<'a> Walker<'a> {
    pub(super) fn metric(&mut self, node: &Map<String, Value>) {
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

    pub(super) fn progress(&mut self, node: &Map<String, Value>) {
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
    pub(super) fn rows_of(&self, value: Option<&'a Value>) -> Option<&'a [Value]> {
        match value? {
            Value::Array(rows) => Some(rows.as_slice()),
            Value::String(template) => {
                let path = super::values::template_path(template)?;
                lookup_path(self.state, path)
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
            }
            _ => None,
        }
    }

    pub(super) fn data_table(&mut self, node: &'a Map<String, Value>) {
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
    pub(super) fn static_table(&mut self, node: &Map<String, Value>) {
        let mut header = Vec::new();
        let mut rows = Vec::new();
        let mut stack = super::values::children_stack(node);
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

    pub(super) fn chart(&mut self, kind: &str, node: &'a Map<String, Value>) {
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
