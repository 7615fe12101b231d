//! The text a model reads instead of the UI.
//!
//! A tool that shows a UI still owes the model a description of it: the model cannot see
//! the iframe. [`text_fallback`] walks any `$prefab` envelope (typed or hand-written JSON)
//! and writes a short, bounded summary:
//!
//! * headings and text content,
//! * metrics with label, value and delta,
//! * tables as column names + row count + the first rows as a Markdown table
//!   (`… 990 more rows`),
//! * charts as their series with min / max / last,
//! * form fields with their input types and required flags,
//! * the buttons and what they do (`Buttons: Save (calls tool save_user)`).
//!
//! The text is rendered by minijinja templates shipped in `templates/fallback/*.j2`; replace
//! any of them per call ([`FallbackOptions::templates`]) or for the whole process
//! ([`set_global_templates`]). It is bounded ([`FallbackOptions::max_bytes`], 4 KB by
//! default) and never the raw JSON unless asked for ([`FallbackOptions::raw_json`]).
//!
//! ```
//! use serde_json::json;
//!
//! let ui = json!({
//!     "$prefab": {"version": "0.3"},
//!     "view": {"type": "Column", "children": [
//!         {"content": "Users", "type": "H1"},
//!         {"type": "Button", "label": "Save",
//!          "onClick": {"action": "toolCall", "tool": "save_user", "arguments": {}}}
//!     ]}
//! });
//! let text = prefab::fallback::text_fallback(&ui);
//! assert_eq!(text, "# Users\n\nButtons: Save (calls tool save_user)");
//! ```
mod arguments;
mod blocks;
mod templates;
mod values;
mod walk;
mod walk_data;
mod walk_inputs;

pub use blocks::{
    ActionSummary, Block, ChartBlock, FieldSummary, FormBlock, SeriesSummary, TableBlock,
};
pub use templates::{
    FallbackTemplates, TEMPLATE_NAMES, TemplateError, global_templates, set_global_templates,
};

pub(crate) use values::{cell_text as value_text, describe_actions as action_text, short};

use serde_json::Value;
use walk::{Walked, Walker};

/// The default size bound of the fallback text, in bytes.
pub const DEFAULT_MAX_BYTES: usize = 4096;
/// The default number of table rows shown.
pub const DEFAULT_SAMPLE_ROWS: usize = 5;

const SHORTENED: &str = "\n… (shortened)";

/// How the fallback text is produced.
///
/// ```
/// use prefab::fallback::FallbackOptions;
/// use serde_json::json;
///
/// let ui = json!({"$prefab": {"version": "0.3"}, "view": {"content": "Hi", "type": "Text"}});
/// let opts = FallbackOptions::new().max_bytes(1024).sample_rows(3);
/// assert_eq!(opts.render(&ui, Some("Greeting")), "# Greeting\n\nHi");
/// ```
#[derive(Debug, Clone)]
pub struct FallbackOptions {
    /// Upper bound of the text in bytes (default [`DEFAULT_MAX_BYTES`]).
    pub max_bytes: usize,
    /// Table rows shown before `… N more rows` (default [`DEFAULT_SAMPLE_ROWS`]).
    pub sample_rows: usize,
    /// Send the envelope's JSON instead of a summary (unbounded). Off by default.
    pub raw_json: bool,
    /// Templates for this call; `None` uses [`global_templates`].
    pub templates: Option<FallbackTemplates>,
}

impl Default for FallbackOptions {
    fn default() -> Self {
        Self {
            max_bytes: DEFAULT_MAX_BYTES,
            sample_rows: DEFAULT_SAMPLE_ROWS,
            raw_json: false,
            templates: None,
        }
    }
}

impl FallbackOptions {
    /// The defaults: 4 KB, 5 sample rows, global templates.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the size bound in bytes.
    #[must_use]
    pub fn max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// Sets how many table rows are shown.
    #[must_use]
    pub fn sample_rows(mut self, rows: usize) -> Self {
        self.sample_rows = rows;
        self
    }

    /// Sends the raw envelope JSON instead of a summary.
    #[must_use]
    pub fn raw_json(mut self, raw: bool) -> Self {
        self.raw_json = raw;
        self
    }

    /// Uses these templates for this call.
    #[must_use]
    pub fn templates(mut self, templates: impl Into<FallbackTemplates>) -> Self {
        self.templates = Some(templates.into());
        self
    }

    /// The fallback text of `envelope`, headed by `title` when given.
    #[must_use]
    pub fn render(&self, envelope: &Value, title: Option<&str>) -> String {
        if self.raw_json {
            return envelope.to_string();
        }
        let templates = self.templates.clone().unwrap_or_else(global_templates);
        let mut walked = Walker::walk(envelope, self.sample_rows);
        loop {
            let text = compose(&templates, &walked, title);
            if text.len() <= self.max_bytes || !drop_rows(&mut walked) {
                return shorten(text, self.max_bytes);
            }
        }
    }
}

/// The fallback text of `envelope` with the default options.
#[must_use]
pub fn text_fallback(envelope: &Value) -> String {
    FallbackOptions::default().render(envelope, None)
}

/// The blocks the fallback is made of, before templating (for custom renderings).
#[must_use]
pub fn blocks(envelope: &Value, sample_rows: usize) -> (Vec<Block>, Vec<ActionSummary>) {
    let walked = Walker::walk(envelope, sample_rows);
    (walked.blocks, walked.actions)
}

fn compose(templates: &FallbackTemplates, walked: &Walked, title: Option<&str>) -> String {
    let blocks: Vec<String> = walked
        .blocks
        .iter()
        .map(|block| templates.render(block_template(block), block))
        .filter(|text| !text.is_empty())
        .collect();
    let actions = if walked.actions.is_empty() {
        String::new()
    } else {
        templates.render("actions", serde_json::json!({ "actions": &walked.actions }))
    };
    templates.render(
        "document",
        serde_json::json!({ "title": title, "blocks": blocks, "actions": actions }),
    )
}

fn block_template(block: &Block) -> &'static str {
    match block {
        Block::Heading { .. } => "heading",
        Block::Text { .. } => "text",
        Block::Metric { .. } => "metric",
        Block::Table(_) => "table",
        Block::Chart(_) => "chart",
        Block::Progress { .. } => "progress",
        Block::Form(_) => "form",
    }
}

/// Halves the sample rows of every table; `false` when no table has rows left.
fn drop_rows(walked: &mut Walked) -> bool {
    let mut changed = false;
    for block in &mut walked.blocks {
        if let Block::Table(table) = block
            && !table.rows.is_empty()
        {
            let keep = table.rows.len() / 2;
            table.more_rows += table.rows.len() - keep;
            table.rows.truncate(keep);
            changed = true;
        }
    }
    changed
}

/// Cuts `text` to `max` bytes on a character boundary, marking the cut.
fn shorten(mut text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut cut = max.saturating_sub(SHORTENED.len());
    while cut > 0 && !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.truncate(cut);
    if max >= SHORTENED.len() {
        text.push_str(SHORTENED);
    }
    text
}
