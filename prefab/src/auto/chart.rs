//! `auto_chart`: records → a bar, line, area, pie or scatter chart, chosen from the shape
//! of the data unless given.
use super::common::{
    AutoError, ColumnKind, column_kind, humanize, is_numeric, keys, rows, to_json,
};
use serde::Serialize;
use serde_json::{Value, json};

/// The chart kinds `auto_chart` can produce.
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
/// ```
/// use prefab::auto::{ChartKind, auto_chart};
/// use serde_json::json;
///
/// let data = json!([{"month": "2024-01-01", "revenue": 10}, {"month": "2024-02-01", "revenue": 12}]);
/// let chart = auto_chart(&data, None).unwrap();
/// assert_eq!(chart["type"], "LineChart");
/// assert_eq!(chart["xAxis"], "month");
/// assert_eq!(chart["series"][0]["dataKey"], "revenue");
/// let bar = auto_chart(&data, Some(ChartKind::Bar)).unwrap();
/// assert_eq!(bar["type"], "BarChart");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_chart(data: &impl Serialize, kind: Option<ChartKind>) -> Result<Value, AutoError> {
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
    let series: Vec<Value> = numbers
        .iter()
        .map(|key| json!({"dataKey": key, "label": humanize(key)}))
        .collect();
    let first_number = |i: usize| {
        numbers
            .get(i)
            .map(|k| Value::String((*k).clone()))
            .unwrap_or(Value::Null)
    };
    Ok(strip_nulls(match kind {
        ChartKind::Pie => json!({
            "data": data,
            "dataKey": first_number(0),
            "nameKey": x_axis,
            "type": "PieChart",
        }),
        ChartKind::Scatter => json!({
            "data": data,
            "series": [{"dataKey": first_number(1), "label": numbers.get(1).map(|k| humanize(k))}],
            "xAxis": first_number(0),
            "yAxis": first_number(1),
            "type": "ScatterChart",
        }),
        ChartKind::Line | ChartKind::Area | ChartKind::Bar => {
            let mut node = json!({
                "data": data,
                "series": series,
                "xAxis": x_axis,
                "type": match kind {
                    ChartKind::Line => "LineChart",
                    ChartKind::Area => "AreaChart",
                    _ => "BarChart",
                },
            });
            if kind == ChartKind::Area {
                node["stacked"] = Value::Bool(true);
            }
            node
        }
    }))
}

fn strip_nulls(mut node: Value) -> Value {
    if let Some(map) = node.as_object_mut() {
        map.retain(|_, v| !v.is_null());
    }
    node
}
