//! Charts. `data` is a list of row objects or a `{{ }}` template; `series` name the keys
//! to plot. `valueFormat` is a pipe applied to each value (`{{ _v | <format> }}`).

use super::{Bind, Map, Number, Rows};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

components! {
    /// An area chart.
    leaf AreaChart {
        data: Rows, series: Bind<Vec<ChartSeries>> ;
        x_axis: String, height: Bind<i64>, stacked: bool, curve: String, show_dots: bool,
        show_legend: bool, show_tooltip: bool, animate: bool, show_grid: bool,
        show_y_axis: bool, value_format: String,
    } => AreaChart::new("{{ sales }}", vec![ChartSeries::new("revenue")]).x_axis("month");
    /// A bar chart.
    leaf BarChart {
        data: Rows, series: Bind<Vec<ChartSeries>> ;
        x_axis: String, x_axis_label: String, y_axis_label: String, height: Bind<i64>,
        stacked: bool, horizontal: bool, bar_radius: i64, show_legend: bool,
        show_tooltip: bool, animate: bool, show_grid: bool, show_y_axis: bool,
        value_format: String,
    } => BarChart::new("{{ sales }}", vec![ChartSeries::new("units")]).stacked(true);
    /// A line chart.
    leaf LineChart {
        data: Rows, series: Bind<Vec<ChartSeries>> ;
        x_axis: String, x_axis_label: String, y_axis_label: String, height: Bind<i64>,
        curve: String, show_dots: bool, show_legend: bool, show_tooltip: bool, animate: bool,
        show_grid: bool, show_y_axis: bool, value_format: String,
    } => LineChart::new("{{ temps }}", vec![ChartSeries::new("celsius")]).curve("smooth");
    /// A pie or donut chart.
    leaf PieChart {
        data: Rows, data_key: String, name_key: String ;
        aggregate_below: Number, aggregate_except: Bind<Vec<String>>, height: Bind<i64>,
        inner_radius: i64, show_label: bool, padding_angle: i64, show_legend: bool,
        show_tooltip: bool, animate: bool, value_format: String,
    } => PieChart::new("{{ shares }}", "value", "name").inner_radius(40);
    /// A radar chart.
    leaf RadarChart {
        data: Rows, series: Bind<Vec<ChartSeries>> ;
        axis_key: String, height: Bind<i64>, filled: bool, show_dots: bool, show_legend: bool,
        show_tooltip: bool, animate: bool, show_grid: bool,
    } => RadarChart::new("{{ skills }}", vec![ChartSeries::new("level")]).axis_key("skill");
    /// A radial bar chart.
    leaf RadialChart {
        data: Rows, data_key: String, name_key: String ;
        height: Bind<i64>, inner_radius: i64, start_angle: i64, end_angle: i64,
        show_legend: bool, show_tooltip: bool, animate: bool, value_format: String,
    } => RadialChart::new("{{ goals }}", "value", "name");
    /// A scatter chart (`zAxis` sizes the dots).
    leaf ScatterChart {
        data: Rows, series: Bind<Vec<ChartSeries>>, x_axis: String, y_axis: String ;
        z_axis: String, height: Bind<i64>, show_legend: bool, show_tooltip: bool,
        animate: bool, show_grid: bool,
    } => ScatterChart::new("{{ points }}", vec![ChartSeries::new("a")], "x", "y");
    /// A waterfall chart of increases, decreases and totals.
    leaf WaterfallChart {
        data: Rows, data_key: String, name_key: String ;
        total_key: String, height: Bind<i64>, increase_color: String, decrease_color: String,
        total_color: String, bar_radius: i64, show_connectors: bool, show_legend: bool,
        show_tooltip: bool, animate: bool, show_grid: bool, show_y_axis: bool,
        value_format: String,
    } => WaterfallChart::new("{{ cash }}", "amount", "step");
    /// A histogram of raw values (the TypeScript port's own type; prefab-ui emits a
    /// `BarChart` instead).
    leaf Histogram {
        values: Bind<Vec<Number>> ;
        bins: i64, color: String, height: Bind<i64>, show_tooltip: bool, animate: bool,
        show_grid: bool, bar_radius: i64,
    } => Histogram::new(vec![Number::from(1), Number::from(2)]).bins(10);
}

/// One plotted series of a chart.
///
/// ```
/// use prefab::ChartSeries;
/// let s = ChartSeries::new("revenue").label("Revenue").color("#4f46e5");
/// assert_eq!(serde_json::to_value(&s).unwrap()["dataKey"], "revenue");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ChartSeries {
    /// Row key holding the values.
    pub data_key: String,
    /// Legend label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// CSS color.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// Unknown fields, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

impl ChartSeries {
    /// A series plotting `data_key`.
    #[must_use]
    pub fn new(data_key: impl Into<String>) -> Self {
        Self {
            data_key: data_key.into(),
            ..Self::default()
        }
    }

    /// Sets the legend label.
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the color.
    #[must_use]
    pub fn color(mut self, color: impl Into<String>) -> Self {
        self.color = Some(color.into());
        self
    }
}
