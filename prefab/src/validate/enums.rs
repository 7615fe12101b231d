//! Allowed values of enum-like string props (prefab-wire.md §2.6, §3.2).
//!
//! The model keeps these props as plain strings (the renderer accepts `{{ }}` templates
//! there). Validation checks literal values: a value outside a *closed* set is an error (the
//! renderer rejects it), outside an *open* set ("or string" in the spec) a warning.

const SIDES: &[&str] = &["top", "right", "bottom", "left"];
const ALIGN: &[&str] = &["start", "center", "end"];
const ORIENTATION: &[&str] = &["horizontal", "vertical"];
const SIZES: &[&str] = &["sm", "default", "lg"];
const CURVES: &[&str] = &["linear", "smooth", "step"];
const STATUS: &[&str] = &[
    "default",
    "success",
    "warning",
    "destructive",
    "info",
    "muted",
];

/// One enum-like prop: owner (component `type` or action name), wire key, values, open?
pub(crate) struct EnumProp {
    pub owner: &'static str,
    pub key: &'static str,
    pub values: &'static [&'static str],
    pub open: bool,
}

const fn closed(
    owner: &'static str,
    key: &'static str,
    values: &'static [&'static str],
) -> EnumProp {
    EnumProp {
        owner,
        key,
        values,
        open: false,
    }
}

const fn open(owner: &'static str, key: &'static str, values: &'static [&'static str]) -> EnumProp {
    EnumProp {
        owner,
        key,
        values,
        open: true,
    }
}

pub(crate) const ENUM_PROPS: &[EnumProp] = &[
    open(
        "Alert",
        "variant",
        &["default", "destructive", "success", "warning", "info"],
    ),
    open(
        "Badge",
        "variant",
        &[
            "default",
            "secondary",
            "destructive",
            "success",
            "warning",
            "info",
            "outline",
            "ghost",
        ],
    ),
    open(
        "Button",
        "variant",
        &[
            "default",
            "destructive",
            "outline",
            "secondary",
            "ghost",
            "link",
            "success",
            "warning",
            "info",
        ],
    ),
    closed(
        "Button",
        "size",
        &[
            "default", "xs", "sm", "lg", "icon", "icon-xs", "icon-sm", "icon-lg",
        ],
    ),
    closed("Button", "buttonType", &["submit", "button", "reset"]),
    closed("ButtonGroup", "orientation", ORIENTATION),
    closed("Calendar", "mode", &["single", "multiple", "range"]),
    closed("Carousel", "direction", &["left", "right", "up", "down"]),
    closed("Carousel", "effect", &["slide", "fade"]),
    closed(
        "Carousel",
        "controlsPosition",
        &["overlay", "outside", "gutter"],
    ),
    closed("Carousel", "align", ALIGN),
    closed("Combobox", "side", SIDES),
    closed("Combobox", "align", ALIGN),
    open(
        "Dot",
        "variant",
        &[
            "default",
            "secondary",
            "success",
            "warning",
            "destructive",
            "info",
            "muted",
        ],
    ),
    closed("Dot", "size", SIZES),
    closed("Dot", "shape", &["circle", "square", "rounded"]),
    closed("HoverCard", "side", SIDES),
    closed("Icon", "size", SIZES),
    closed(
        "Input",
        "inputType",
        &[
            "text",
            "email",
            "password",
            "number",
            "tel",
            "url",
            "search",
            "date",
            "time",
            "datetime-local",
            "file",
        ],
    ),
    closed(
        "Loader",
        "variant",
        &["spin", "dots", "pulse", "bars", "ios"],
    ),
    closed("Loader", "size", SIZES),
    closed("Metric", "trend", &["up", "down", "neutral"]),
    closed(
        "Metric",
        "trendSentiment",
        &["positive", "negative", "neutral"],
    ),
    closed("Popover", "side", SIDES),
    open("Progress", "variant", STATUS),
    closed("Progress", "size", SIZES),
    closed("Progress", "orientation", ORIENTATION),
    open("Ring", "variant", STATUS),
    closed("Ring", "size", SIZES),
    closed("Select", "size", &["sm", "default"]),
    closed("Select", "side", SIDES),
    closed("Select", "align", ALIGN),
    closed("Separator", "orientation", ORIENTATION),
    open("Slider", "variant", STATUS),
    closed("Slider", "size", SIZES),
    closed("Slider", "orientation", ORIENTATION),
    closed("Slider", "handleStyle", &["circle", "bar"]),
    open("Sparkline", "variant", STATUS),
    closed("Sparkline", "curve", CURVES),
    closed("Sparkline", "mode", &["line", "bar"]),
    closed("Switch", "size", &["sm", "default"]),
    open("Tabs", "variant", &["default", "line"]),
    closed("Tabs", "orientation", ORIENTATION),
    closed("Tooltip", "side", SIDES),
    closed("AreaChart", "curve", CURVES),
    closed("LineChart", "curve", CURVES),
    closed(
        "showToast",
        "variant",
        &["default", "success", "error", "warning", "info"],
    ),
    closed(
        "requestDisplayMode",
        "mode",
        &["inline", "fullscreen", "pip"],
    ),
    open(
        "fetch",
        "method",
        &["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
    ),
];

/// The enum rule for `key` on `owner`, if any.
pub(crate) fn lookup(owner: &str, key: &str) -> Option<&'static EnumProp> {
    ENUM_PROPS.iter().find(|e| e.owner == owner && e.key == key)
}

#[cfg(test)]
mod tests {
    use super::ENUM_PROPS;
    use crate::wire::is_wire_key;
    use crate::{Action, Component};

    #[test]
    fn every_enum_rule_names_a_real_prop() {
        for rule in ENUM_PROPS {
            let props = Component::props_of(rule.owner).or_else(|| Action::props_of(rule.owner));
            let props = props.unwrap_or_else(|| panic!("unknown owner {}", rule.owner));
            assert!(
                props.iter().any(|p| is_wire_key(p.name, rule.key)),
                "{} has no prop {}",
                rule.owner,
                rule.key
            );
        }
    }
}
