//! The `card` family: `Card` and its parts, `Alert` and its parts, `Badge`, `Metric`, `Dot`.
use super::Render::With;
use super::plain::{Mods, Plain, Prop, Touch, bind_content, icon, variant_class};
use super::{Row, base};
use crate::cx::Cx;
use crate::dom;
use crate::dom::{Element, Node};
use crate::node::{optional_text, prop};
use prefab::expr::Value;

const DOT: Mods = &[
    ("variant", "variant-", "default"),
    ("size", "", "default"),
    ("shape", "", "circle"),
];

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("Card", Plain::new("section").row()),
    ("CardHeader", Plain::new("div").row()),
    ("CardTitle", Plain::new("div").text(Prop::Content).row()),
    (
        "CardDescription",
        Plain::new("div").text(Prop::Content).row(),
    ),
    ("CardContent", Plain::new("div").row()),
    ("CardFooter", Plain::new("div").row()),
    (
        "Alert",
        Plain::new("div")
            .text(Prop::Title)
            .touch(Touch::Alert)
            .row(),
    ),
    ("AlertTitle", Plain::new("div").text(Prop::Content).row()),
    (
        "AlertDescription",
        Plain::new("div").text(Prop::Content).row(),
    ),
    (
        "Badge",
        Plain::new("span")
            .text(Prop::Label)
            .touch(Touch::Variant)
            .row(),
    ),
    ("Metric", With(metric)),
    ("Dot", Plain::new("span").mods(DOT).grid().row()),
];

/// `Metric`: `label`, `value` with the `delta` pill (a badge coloured by `trendSentiment`,
/// else by the trend, with the trend arrow; `trend` defaults to the delta's sign), and
/// `description`.
fn metric(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    for key in ["label", "value", "delta", "description"] {
        optional_text(node, key, "Metric")?;
    }
    let el = dom::element("div");
    base(cx, &el, node, "pf-metric");
    let part = |parent: &Element, tag: &str, class: &str, key: &str| {
        let raw = prop(node, key);
        if !raw.is_nullish() {
            let part = dom::element_with_class(tag, class);
            bind_content(cx, &part, raw);
            dom::append(parent, &part);
        }
    };
    part(&el, "p", "pf-metric-label", "label");
    let line = dom::element_with_class("div", "pf-metric-line");
    dom::append(&el, &line);
    part(&line, "span", "pf-metric-value", "value");
    let delta = prop(node, "delta");
    if !delta.is_nullish() {
        let pill = dom::element("span");
        let arrow = icon("");
        dom::append(&pill, &arrow);
        bind_content(cx, &pill, delta);
        dom::append(&line, &pill);
        let trend = prop(node, "trend").clone();
        let sentiment = prop(node, "trendSentiment").clone();
        let host = el.clone();
        cx.bind(delta, move |delta| {
            let trend = trend.as_str().unwrap_or_else(|| trend_of(&delta));
            let variant = match (sentiment.as_str(), trend) {
                (Some("positive"), _) | (None, "up") => "success",
                (Some("negative"), _) | (None, "down") => "destructive",
                _ => "secondary",
            };
            let arrow_name = match trend {
                "up" => "trending-up",
                "down" => "trending-down",
                _ => "minus",
            };
            dom::set_attr(&host, "data-trend", trend);
            super::media::shape(&arrow, arrow_name);
            let mut class = variant_class("pf-badge", variant);
            class.push_str(" pf-metric-delta");
            pill.set_class_name(&class);
        });
    }
    part(&el, "p", "pf-metric-description", "description");
    Ok(el.into())
}

/// The trend a delta implies: a sign (`-`/`−` down, `+` up), else the sign of its number.
fn trend_of(delta: &Value) -> &'static str {
    let n = match delta {
        Value::String(s) => {
            let s = s.trim();
            if s.starts_with('-') || s.starts_with('\u{2212}') {
                return "down";
            }
            if s.starts_with('+') {
                return "up";
            }
            let digits: String = s
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            Value::from(digits).to_number()
        }
        other => other.to_number(),
    };
    if n > 0.0 {
        "up"
    } else if n < 0.0 {
        "down"
    } else {
        "neutral"
    }
}
