//! `auto_timeline`: dated events → a vertical timeline.
use super::common::{AutoError, ColumnKind, column_kind, display_text, keys, rows, to_json};
use crate::{Badge, Column, Muted, Row, Text};
use serde::Serialize;

/// Keys read as the event's title, in order of preference.
const TITLE_KEYS: &[&str] = &["title", "name", "event", "label", "summary"];
/// Keys read as the event's description.
const TEXT_KEYS: &[&str] = &[
    "description",
    "details",
    "detail",
    "message",
    "body",
    "text",
];

/// One row per event, in the given order: the date as a badge, the title in bold and the
/// description muted. The date is the first date column (or a key named `date`, `time`,
/// `timestamp`, `at`); title and description are found by name, else the first text
/// columns.
///
/// ```
/// use serde_json::json;
///
/// let events = json!([{"date": "2024-01-15", "title": "Launched", "description": "v1.0"}]);
/// let timeline = prefab::auto::auto_timeline(&events).unwrap();
/// let timeline = serde_json::to_value(prefab::Node::from(timeline)).unwrap();
/// let event = &timeline["children"][0]["children"];
/// assert_eq!(event[0]["label"], "2024-01-15");
/// assert_eq!(event[1]["children"][0]["content"], "Launched");
/// ```
///
/// # Errors
/// Input serde cannot turn into JSON.
pub fn auto_timeline(events: &impl Serialize) -> Result<Column, AutoError> {
    let events = rows(to_json("auto_timeline", events)?);
    let keys = keys(&events);
    let find = |names: &[&str]| {
        keys.iter()
            .find(|k| names.iter().any(|n| k.eq_ignore_ascii_case(n)))
            .cloned()
    };
    let date = keys
        .iter()
        .find(|k| {
            matches!(
                column_kind(&events, k),
                ColumnKind::Date | ColumnKind::DateTime
            )
        })
        .cloned()
        .or_else(|| find(&["date", "time", "timestamp", "at", "when"]));
    let texts: Vec<&String> = keys
        .iter()
        .filter(|k| Some(*k) != date.as_ref() && column_kind(&events, k) == ColumnKind::Text)
        .collect();
    let title = find(TITLE_KEYS).or_else(|| texts.first().map(|k| (*k).clone()));
    let text = find(TEXT_KEYS).or_else(|| {
        texts
            .iter()
            .find(|k| Some(**k) != title.as_ref())
            .map(|k| (*k).clone())
    });
    let rows = events.iter().map(|event| {
        let get = |key: &Option<String>| {
            key.as_ref()
                .and_then(|k| event.get(k))
                .filter(|v| !v.is_null())
                .map(display_text)
        };
        let mut body = Column::new()
            .css_class("gap-1")
            .child(Text::new(get(&title).unwrap_or_else(|| "—".into())).css_class("font-bold"));
        if let Some(description) = get(&text) {
            body = body.child(Muted::new(description));
        }
        let mut row = Row::new().css_class("gap-3 items-start");
        if let Some(when) = get(&date) {
            row = row.child(Badge::new(when).variant("outline"));
        }
        row.child(body)
    });
    Ok(Column::new().css_class("gap-4").children(rows))
}
