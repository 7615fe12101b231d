//! The summary blocks the walker extracts from a UI and the templates render.
//!
//! Every block is plain serializable data; the field names are the variables the matching
//! template (`templates/fallback/<kind>.j2`) sees.
use serde::Serialize;

/// One piece of the text fallback, in document order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Block {
    /// A heading (`H1`–`H4`, `Heading`, card and alert titles).
    Heading {
        /// 1–4.
        level: u8,
        /// The heading text.
        text: String,
    },
    /// Running text (`Text`, `P`, `Markdown`, `Muted`, badges, …).
    Text {
        /// The text.
        text: String,
    },
    /// A `Metric`.
    Metric {
        /// Its label.
        label: String,
        /// Its value as shown.
        value: String,
        /// The delta, if any.
        delta: Option<String>,
        /// `up` / `down` / `neutral`.
        trend: Option<String>,
        /// The description, if any.
        description: Option<String>,
    },
    /// A `DataTable` (or a static `Table`).
    Table(TableBlock),
    /// A chart.
    Chart(ChartBlock),
    /// A `Progress` or `Ring`.
    Progress {
        /// The label, if any.
        label: Option<String>,
        /// The value as shown.
        value: String,
        /// The maximum (100 unless set).
        max: String,
    },
    /// A form (or loose inputs outside a form).
    Form(FormBlock),
}

/// What the model learns about a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableBlock {
    /// Column headers, in order.
    pub columns: Vec<String>,
    /// Total number of rows (`None` when the rows come from an expression that could not
    /// be resolved).
    pub row_count: Option<usize>,
    /// The first rows, cells already shortened and escaped for a Markdown table.
    pub rows: Vec<Vec<String>>,
    /// Rows not shown.
    pub more_rows: usize,
}

/// What the model learns about a chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartBlock {
    /// `bar`, `line`, `area`, `pie`, `scatter`, `radar`, `radial`, `waterfall`, `sparkline`.
    pub chart: String,
    /// The category key (x axis or name key), if any.
    pub x_axis: Option<String>,
    /// Number of data points.
    pub points: usize,
    /// One summary per series.
    pub series: Vec<SeriesSummary>,
}

/// Min / max / last of one numeric series.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesSummary {
    /// Series label (or its data key).
    pub name: String,
    /// Smallest value.
    pub min: Option<String>,
    /// Largest value.
    pub max: Option<String>,
    /// Last value.
    pub last: Option<String>,
}

/// The inputs of a form.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FormBlock {
    /// The fields, in order.
    pub fields: Vec<FieldSummary>,
    /// What submitting does (`calls tool save_user`), when known.
    pub submit: Option<String>,
}

/// One input of a form.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldSummary {
    /// The argument the form's submit sends the input as (`address.zip`), else the state
    /// name the input writes to.
    pub name: String,
    /// The visible label, if any.
    pub label: Option<String>,
    /// `text`, `email`, `number`, `boolean`, `one of: a, b`, …
    pub input: String,
    /// Whether the field must be filled.
    pub required: bool,
    /// Help text shown with the input.
    pub description: Option<String>,
}

/// A control the user can trigger.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActionSummary {
    /// The button label (or key binding).
    pub label: String,
    /// What it does (`calls tool save_user`).
    pub effect: String,
}
