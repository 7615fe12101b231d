//! The locale-dependent pipes in the browser: `Number.prototype.toLocaleString` and
//! `Date.prototype.toLocale…String` with the options prefab-ui 0.21.1 passes, in the
//! viewer's locale and time zone instead of its hard-coded `"en-US"`. In `en-US` they print
//! what prefab-ui prints (its renderer makes the same calls); the wasm engine carries no
//! number-formatting or locale data of its own. Native builds use [`super::intl`].
use crate::expr::env::{Env, TimeZone};
use crate::expr::number::number_to_string;
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// `value[method](locale, options)`, `options` given as pairs of texts (`Intl` reads a
/// digit count from its text), `timeZone` too when `zone` is given; `None` when the browser
/// refuses them (an invalid time zone). An invalid locale tag falls back to en-US.
fn localized(
    value: &JsValue,
    method: &str,
    locale: &str,
    options: &[(&str, &str)],
    zone: Option<&str>,
) -> Option<String> {
    let opts = Object::new();
    // Setting a property of a new plain object cannot fail.
    let set = |key: &str, option: &str| {
        let _ = Reflect::set(&opts, &JsValue::from_str(key), &JsValue::from_str(option));
    };
    for (key, option) in options {
        set(key, option);
    }
    if let Some(zone) = zone {
        set("timeZone", zone);
    }
    // From the prototype: `Reflect.get` takes no primitive (a number).
    let call = Reflect::get(&Object::get_prototype_of(value), &JsValue::from_str(method)).ok()?;
    let call: &Function = call.unchecked_ref();
    for tag in [locale, "en-US"] {
        if let Ok(text) = call.call2(value, &JsValue::from_str(tag), &opts) {
            return text.as_string();
        }
    }
    None
}

/// `n.toLocaleString(locale, options)`.
fn number(n: f64, locale: &str, options: &[(&str, &str)]) -> String {
    let n = JsValue::from_f64(n);
    localized(&n, "toLocaleString", locale, options, None).unwrap_or_default()
}

/// A digit count as text.
fn count(digits: u32) -> String {
    number_to_string(f64::from(digits))
}

/// `n.toLocaleString(locale, {minimumFractionDigits, maximumFractionDigits})`.
pub(crate) fn format_number(n: f64, min_fraction: u32, max_fraction: u32, locale: &str) -> String {
    let (min, max) = (count(min_fraction), count(max_fraction));
    number(
        n,
        locale,
        &[
            ("minimumFractionDigits", &min),
            ("maximumFractionDigits", &max),
        ],
    )
}

/// `n.toLocaleString(locale, {notation: "compact", maximumFractionDigits})`.
pub(crate) fn format_compact(n: f64, max_fraction: Option<u32>, locale: &str) -> String {
    let compact = ("notation", "compact");
    match max_fraction.map(count) {
        Some(max) => number(n, locale, &[compact, ("maximumFractionDigits", &max)]),
        None => number(n, locale, &[compact]),
    }
}

/// `n.toLocaleString(locale, {style: "currency", currency: code})` for a code of three
/// upper-case ASCII letters.
pub(crate) fn format_currency(n: f64, code: &str, locale: &str) -> String {
    number(n, locale, &[("style", "currency"), ("currency", code)])
}

/// `n.toLocaleString(locale, {style: "percent"})` with `digits` fraction digits, outside
/// en-US; `None` in en-US, where the `percent` pipe prints `toFixed` digits as prefab-ui does.
pub(crate) fn format_percent(n: f64, digits: u32, locale: &str) -> Option<String> {
    if locale == "en-US" {
        return None;
    }
    let digits = count(digits);
    let options = [
        ("style", "percent"),
        ("minimumFractionDigits", &digits),
        ("maximumFractionDigits", &digits),
    ];
    Some(number(n, locale, &options))
}

/// Year, month (`short`), day.
const MEDIUM: [(&str, &str); 3] = [("year", "numeric"), ("month", "short"), ("day", "numeric")];
/// Hour and minute.
const CLOCK: [(&str, &str); 2] = [("hour", "numeric"), ("minute", "2-digit")];

/// A date pipe's named style (`date`, `date:short`, `date:long`, `time`, `datetime`) of the
/// instant `t` (ms since the epoch), with prefab-ui's options, in the [`Env`]'s locale and
/// time zone; `None` for another name, for a fixed offset set by a caller (the style's
/// pattern prints that) or when the browser refuses the zone.
pub(crate) fn format_style(t: f64, style: &str, env: &Env<'_>) -> Option<String> {
    let (method, options): (&str, &[(&str, &str)]) = match style {
        "date" => ("toLocaleDateString", &MEDIUM),
        "date:long" => (
            "toLocaleDateString",
            &[("year", "numeric"), ("month", "long"), ("day", "numeric")],
        ),
        "date:short" => ("toLocaleDateString", &[]),
        "time" => ("toLocaleTimeString", &CLOCK),
        "datetime" => (
            "toLocaleString",
            &[MEDIUM[0], MEDIUM[1], MEDIUM[2], CLOCK[0], CLOCK[1]],
        ),
        _ => return None,
    };
    let zone = match (env.time_zone_name(), env.time_zone()) {
        (Some(name), _) => Some(name),
        (None, TimeZone::Utc) => Some("UTC"),
        // The browser's own zone: no option.
        (None, TimeZone::Offsets(_)) => None,
        (None, TimeZone::Fixed(_)) => return None,
    };
    let date = js_sys::Date::new(&JsValue::from_f64(t));
    localized(&date, method, env.locale(), options, zone)
}
