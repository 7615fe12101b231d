//! `auto_chart`: records → a bar, line, area, pie or scatter chart, chosen from the shape
//! of the data unless given.
use super::common::{
    AutoError, ColumnKind, LARGE, column_kind, is_money, is_numeric, keys, max_abs, rows, to_json,
};
use super::humanize;
use crate::{AreaChart, BarChart, ChartSeries, LineChart, Node, PieChart, ScatterChart};
use serde::Serialize;
use serde_json::{Map, Value};

/// The chart kinds `auto_chart` can produce.
///
/// ```
/// use prefab::auto::{ChartKind, auto_chart};
///
/// let totals = serde_json::json!([{"customer": "Ada", "total": 13.5}, {"customer": "Grace", "total": 24}]);
/// let chart = serde_json::to_value(auto_chart(&totals, Some(ChartKind::Bar)).unwrap()).unwrap();
/// assert_eq!(chart["type"], "BarChart");
/// assert_eq!(chart["xAxis"], "customer");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    /// `BarChart`: categories against values.
    Bar,
    /// `LineChart`: values over time.
    Line,
    /// `AreaChart`: several values over time, stacked.
    Area,
    /// `PieChart`: shares of a whole (one series, few non-negative values).
    Pie,
    /// `ScatterChart`: one number against another.
    Scatter,
}

/// Most slices a pie chart gets before a bar chart reads better.
const MAX_PIE_SLICES: usize = 8;

/// A chart of `data`; `kind: None` picks one from the data's shape:
///
/// * no text/date column and two or more numbers → scatter;
/// * a date column → line (area when there are more than three series);
/// * one series, at most 8 rows, no negative values, category names → pie;
/// * otherwise → bar.
///
/// The category (x axis) is the first date or text column; every number column is a series.
///
/// Values are formatted from what the data says (`valueFormat`, used for the axis and the
/// tooltips): money (every series named like `revenue`, `amount`, `price`, `total`, `cost`,
/// `sales`, …) below 1,000 as `currency` (`$120.00`); money from 1,000 and any numbers from
/// 10,000 on as `compact` (`1.2M`, which fits the axis); other numbers as they are. Set
/// `value_format` on the returned chart to choose another pipe.
///
/// ```
/// use prefab::auto::{ChartKind, auto_chart};
/// use serde_json::json;
///
/// let data = json!([{"month": "2024-01-01", "revenue": 10}, {"month": "2024-02-01", "revenue": 12}]);
/// let chart = serde_json::to_value(auto_chart(&data, None).unwrap()).unwrap();
/// assert_eq!(chart["type"], "LineChart");
/// assert_eq!(chart["xAxis"], "month");
/// assert_eq!(chart["series"][0]["dataKey"], "revenue");
/// assert_eq!(chart["valueFormat"], "currency");
/// let big = json!([{"region": "North", "visits": 120000}, {"region": "South", "visits": 64000}]);
/// let big = serde_json::to_value(auto_chart(&big, None).unwrap()).unwrap();
/// assert_eq!(big["valueFormat"], "compact");
/// let bar = serde_json::to_value(auto_chart(&data, Some(ChartKind::Bar)).unwrap()).unwrap();
/// assert_eq!(bar["type"], "BarChart");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_chart(data: &impl Serialize, kind: Option<ChartKind>) -> Result<Node, AutoError> {
    let data = rows(to_json("auto_chart", data)?);
    let keys = keys(&data);
    let kinds: Vec<(String, ColumnKind)> = keys
        .iter()
        .map(|k| (k.clone(), column_kind(&data, k)))
        .collect();
    let category = kinds
        .iter()
        .find(|(_, k)| matches!(k, ColumnKind::Date | ColumnKind::DateTime))
        .or_else(|| kinds.iter().find(|(_, k)| *k == ColumnKind::Text))
        .cloned();
    let numbers: Vec<&String> = kinds
        .iter()
        .filter(|(_, k)| is_numeric(*k))
        .map(|(key, _)| key)
        .collect();
    let over_time = category
        .as_ref()
        .is_some_and(|(_, k)| *k != ColumnKind::Text);
    let kind = kind.unwrap_or_else(|| {
        let non_negative = numbers.iter().all(|key| {
            data.iter()
                .filter_map(|r| r.get(key.as_str()).and_then(Value::as_f64))
                .all(|v| v >= 0.0)
        });
        if category.is_none() && numbers.len() >= 2 {
            ChartKind::Scatter
        } else if over_time && numbers.len() > 3 {
            ChartKind::Area
        } else if over_time {
            ChartKind::Line
        } else if category.is_some()
            && numbers.len() == 1
            && data.len() <= MAX_PIE_SLICES
            && non_negative
            && !data.is_empty()
        {
            ChartKind::Pie
        } else {
            ChartKind::Bar
        }
    });
    let x_axis = category.map(|(key, _)| key);
    let series: Vec<ChartSeries> = numbers
        .iter()
        .map(|key| ChartSeries::new(key.as_str()).label(humanize(key)))
        .collect();
    let number = |i: usize| numbers.get(i).map_or_else(String::new, |k| (*k).clone());
    let format = value_format(&data, &numbers);
    let data: Vec<Map<String, Value>> = data
        .into_iter()
        .filter_map(|row| match row {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .collect();
    Ok(match kind {
        ChartKind::Pie => with(
            PieChart::new(data, number(0), x_axis.unwrap_or_default()),
            format,
            PieChart::value_format,
        )
        .into(),
        ChartKind::Scatter => {
            let y = ChartSeries::new(number(1)).label(humanize(&number(1)));
            ScatterChart::new(data, vec![y], number(0), number(1)).into()
        }
        ChartKind::Line => with(
            with(LineChart::new(data, series), x_axis, LineChart::x_axis),
            format,
            LineChart::value_format,
        )
        .into(),
        ChartKind::Area => with(
            with(AreaChart::new(data, series), x_axis, AreaChart::x_axis),
            format,
            AreaChart::value_format,
        )
        .stacked(true)
        .into(),
        ChartKind::Bar => with(
            with(BarChart::new(data, series), x_axis, BarChart::x_axis),
            format,
            BarChart::value_format,
        )
        .into(),
    })
}

/// The pipe for the values of the series `numbers` (see [`auto_chart`]).
fn value_format(rows: &[Value], numbers: &[&String]) -> Option<String> {
    let money = !numbers.is_empty() && numbers.iter().all(|k| is_money(k));
    let max = max_abs(rows, numbers);
    let format = if max >= 10.0 * LARGE || (money && max >= LARGE) {
        "compact"
    } else if money {
        "currency"
    } else {
        return None;
    };
    Some(format.to_owned())
}

/// `chart` with `set(value)` applied when there is a value.
fn with<C>(chart: C, value: Option<String>, set: fn(C, String) -> C) -> C {
    match value {
        Some(x) => set(chart, x),
        None => chart,
    }
}
