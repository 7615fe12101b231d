//! `auto_metrics`: a record of numbers (or a list of `{label, value, delta}`) → a grid of
//! `Metric`s.
use super::common::{AutoError, HUGE, LARGE, display_text, is_money, to_json};
use super::humanize;
use crate::{Bind, Grid, Metric, Number};
use serde::Serialize;
use serde_json::{Map, Value};

/// Most metrics per grid row.
const MAX_COLUMNS: usize = 4;

/// One `Metric` per entry, in a grid of up to four columns that collapses to fewer in
/// narrow views (one below 640 px).
///
/// Input: an object (`{"revenue": 1200, "users": 31}` → label `Revenue`, value `1200`) or
/// a list of objects with `label`, `value` and optional `delta`, `trend`, `description`,
/// `trendSentiment`, `format` and `currency`. Nested values are skipped.
///
/// Numbers are formatted by an expression pipe, from what the data says: an item's `format`
/// (any pipe: `"currency:EUR"`, `"compact"`, `"percent:1"`) or `currency` (an ISO code);
/// else money (a label or key such as `revenue`, `amount`, `price`, `total`, `cost`, `sales`,
/// not `total_orders`) as `currency` (`$1,223,575.00`), numbers from 1,000,000 as `compact`
/// (`1.2M`), from 1,000 grouped (`number`: `2,000`), smaller ones as they are.
///
/// ```
/// use serde_json::json;
///
/// let grid = prefab::auto::auto_metrics(&json!({"revenue": 1200, "active_users": 31})).unwrap();
/// let grid = serde_json::to_value(prefab::Node::from(grid)).unwrap();
/// assert_eq!(grid["type"], "Grid");
/// assert_eq!(grid["children"][1]["label"], "Active users");
/// assert_eq!(grid["children"][1]["value"], 31);
/// assert_eq!(grid["children"][0]["value"], "{{ 1200 | currency }}");
/// let euros = prefab::auto::auto_metrics(&json!([{"label": "Spend", "value": 5, "currency": "EUR"}])).unwrap();
/// let euros = serde_json::to_value(prefab::Node::from(euros)).unwrap();
/// assert_eq!(euros["children"][0]["value"], "{{ 5 | currency:EUR }}");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_metrics(input: &impl Serialize) -> Result<Grid, AutoError> {
    let value = to_json("auto_metrics", input)?;
    let metrics: Vec<Metric> = match value {
        Value::Array(items) => items.iter().filter_map(from_item).collect(),
        Value::Object(map) => map
            .iter()
            .filter(|(_, v)| !v.is_array() && !v.is_object())
            .map(|(k, v)| metric(&humanize(k), v, None))
            .collect(),
        Value::Null => Vec::new(),
        scalar => vec![metric("Value", &scalar, None)],
    };
    Ok(Grid::new()
        .css_class(format!("{} gap-4", columns(metrics.len())))
        .children(metrics))
}

/// The grid's column classes for `count` metrics: one column in a narrow view (a phone, a
/// host's 360–512 px pane), two from the `sm` breakpoint (640 px) when there are four, all
/// of them (up to four) from `sm`, or `lg` (1024 px) for four.
fn columns(count: usize) -> String {
    match count.clamp(1, MAX_COLUMNS) {
        1 => "grid-cols-1".to_string(),
        MAX_COLUMNS => format!("grid-cols-1 sm:grid-cols-2 lg:grid-cols-{MAX_COLUMNS}"),
        n => format!("grid-cols-1 sm:grid-cols-{n}"),
    }
}

fn from_item(item: &Value) -> Option<Metric> {
    let map = item.as_object()?;
    let label = map
        .get("label")
        .or_else(|| map.get("name"))
        .filter(|l| !l.is_null())
        .map(display_text)?;
    Some(metric(
        &label,
        map.get("value").unwrap_or(&Value::Null),
        Some(map),
    ))
}

/// A number or string prop (`value`, `delta`).
fn bind(value: &Value) -> Bind<Number> {
    match value {
        Value::Number(n) => Bind::Value(Number(n.as_f64().unwrap_or_default())),
        Value::String(s) => Bind::Expr(s.clone()),
        other => Bind::Expr(display_text(other)),
    }
}

/// The pipe for a metric's number: the item's `format` or `currency`, else from the label
/// and the size of the number (see [`auto_metrics`]).
fn format(label: &str, n: f64, extra: Option<&Map<String, Value>>) -> Option<String> {
    let text = |key: &str| extra?.get(key)?.as_str().filter(|s| !s.is_empty());
    if let Some(format) = text("format") {
        return Some(format.to_owned());
    }
    if let Some(code) = text("currency") {
        return Some(format!("currency:{code}"));
    }
    let format = if is_money(label) {
        "currency"
    } else if n.abs() >= HUGE {
        "compact:1"
    } else if n.abs() >= LARGE {
        "number"
    } else {
        return None;
    };
    Some(format.to_owned())
}

fn metric(label: &str, value: &Value, extra: Option<&Map<String, Value>>) -> Metric {
    let value = match value {
        // The number goes into the template as JSON wrote it: a literal the engine reads
        // (which has no exponent form: such numbers stay as they are).
        Value::Number(n) if !n.to_string().contains(['e', 'E']) => {
            format(label, n.as_f64().unwrap_or_default(), extra).map_or_else(
                || value.clone(),
                |f| Value::String(format!("{{{{ {n} | {f} }}}}")),
            )
        }
        _ => value.clone(),
    };
    let mut metric = Metric::new(label, bind(&value));
    let Some(extra) = extra else {
        return metric;
    };
    let text = |key: &str| extra.get(key).and_then(Value::as_str).map(str::to_string);
    metric.description = text("description");
    metric.delta = extra
        .get("delta")
        .filter(|v| v.is_number() || v.is_string())
        .map(bind);
    metric.trend = text("trend").or_else(|| {
        let delta = extra.get("delta").and_then(Value::as_f64)?;
        Some(
            if delta > 0.0 {
                "up"
            } else if delta < 0.0 {
                "down"
            } else {
                "neutral"
            }
            .to_string(),
        )
    });
    metric.trend_sentiment = text("trendSentiment");
    metric
}
