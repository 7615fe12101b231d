//! Which JSON Schema keywords a form checks. Each keyword of a property is read into its
//! [`FormField`] (and checked in the browser and by [`check_fields`](super::check_fields)),
//! is an annotation (ignored), or is refused with a [`SchemaError`]: a form never shows a
//! field whose schema says more than the form checks.
use super::field::{FieldKind, FormField};
use super::schema_error::SchemaError;
use serde_json::{Map, Value};

/// Keywords that only describe a value: ignored (as `x-…` extensions are).
const ANNOTATIONS: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$comment",
    "$id",
    "$schema",
    "$anchor",
    "$defs",
    "definitions",
];

/// Keywords read into the field's kind or constraints.
const READ: &[&str] = &[
    "type",
    "format",
    "enum",
    "const",
    "oneOf",
    "anyOf",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "pattern",
];

/// The `format`s of strings with an input of their own (or a pattern: `uuid`).
const STRING_FORMATS: &[&str] = &[
    "email",
    "idn-email",
    "uri",
    "url",
    "iri",
    "date",
    "date-time",
    "time",
    "partial-time",
    "textarea",
    "uuid",
];

/// A UUID (`format: "uuid"`), as a pattern both sides check.
const UUID_PATTERN: &str =
    "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/// The range a numeric `format` implies (schemars writes `int32` for `i32`, `uint8` for
/// `u8`, …); the 64-bit and larger ones only their sign (their ends are past what a
/// browser's number holds exactly).
fn implied_range(format: &str) -> Option<(Option<f64>, Option<f64>)> {
    let range = match format {
        "int8" => (Some(-128.0), Some(127.0)),
        "int16" => (Some(-32_768.0), Some(32_767.0)),
        "int32" => (Some(-2_147_483_648.0), Some(2_147_483_647.0)),
        "uint8" => (Some(0.0), Some(255.0)),
        "uint16" => (Some(0.0), Some(65_535.0)),
        "uint32" => (Some(0.0), Some(4_294_967_295.0)),
        "uint" | "uint64" | "uint128" => (Some(0.0), None),
        "int" | "int64" | "int128" | "float" | "double" => (None, None),
        _ => return None,
    };
    Some(range)
}

fn refused(path: &str, keyword: &str, value: &Value) -> SchemaError {
    SchemaError::at(
        path,
        format!(
            "`{keyword}: {value}` is a constraint the form does not check (see the keyword \
             table of prefab_mcp::FormInput); remove it or check the value in the tool"
        ),
    )
}

/// Refuses the keywords of a property's schema that its form would not check.
pub(super) fn check(
    schema: &Map<String, Value>,
    kind: &FieldKind,
    path: &str,
) -> Result<(), SchemaError> {
    for (key, value) in schema {
        if key.starts_with("x-") || ANNOTATIONS.contains(&key.as_str()) {
            continue;
        }
        let fits = match key.as_str() {
            "format" => value
                .as_str()
                .is_some_and(|f| STRING_FORMATS.contains(&f) || implied_range(f).is_some()),
            "oneOf" | "anyOf" => matches!(kind, FieldKind::Choice { .. }),
            "items" | "minItems" | "maxItems" => matches!(kind, FieldKind::List { .. }),
            "properties" | "required" => matches!(kind, FieldKind::Group { .. }),
            // `false`: keys no field has are dropped before `T` is built.
            "additionalProperties" => value.is_boolean(),
            other => READ.contains(&other),
        };
        if !fits {
            return Err(refused(path, key, value));
        }
    }
    Ok(())
}

/// Refuses constraints on list items (a list is one text area: neither the browser nor
/// `check_fields` checks its items' bounds or pattern), except the range of a numeric
/// `format`, which deserializing `T` checks.
pub(super) fn check_item(
    schema: &Map<String, Value>,
    kind: &FieldKind,
    path: &str,
) -> Result<(), SchemaError> {
    let implied = schema
        .get("format")
        .and_then(Value::as_str)
        .and_then(implied_range)
        .unwrap_or((None, None));
    for (key, value) in schema {
        let fits = match key.as_str() {
            "minimum" => value.as_f64() == implied.0,
            "maximum" => value.as_f64() == implied.1,
            "type" | "format" | "enum" | "const" => true,
            "oneOf" | "anyOf" => matches!(kind, FieldKind::Choice { .. }),
            other => other.starts_with("x-") || ANNOTATIONS.contains(&other),
        };
        if !fits {
            return Err(refused(path, key, value));
        }
    }
    check(schema, kind, path)
}

/// A numeric keyword: `None` when absent, an error when it is not a number.
fn number(schema: &Map<String, Value>, key: &str, path: &str) -> Result<Option<f64>, SchemaError> {
    match schema.get(key) {
        None => Ok(None),
        Some(v) => v
            .as_f64()
            .map(Some)
            .ok_or_else(|| SchemaError::at(path, format!("`{key}` must be a number, got {v}"))),
    }
}

/// A count keyword (`minLength`, …): `None` when absent, an error when it is not one.
fn count(schema: &Map<String, Value>, key: &str, path: &str) -> Result<Option<u64>, SchemaError> {
    match schema.get(key) {
        None => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            SchemaError::at(path, format!("`{key}` must be a whole number ≥ 0, got {v}"))
        }),
    }
}

/// Reads the constraints of a property's schema into `field`: bounds (draft 2020-12's
/// numeric `exclusiveMinimum`, or draft 4's `true` beside `minimum`), the range a numeric
/// `format` implies, `multipleOf`, lengths, and the pattern (which must compile).
pub(super) fn constraints(
    field: &mut FormField,
    schema: &Map<String, Value>,
    path: &str,
) -> Result<(), SchemaError> {
    field.min = number(schema, "minimum", path)?;
    field.max = number(schema, "maximum", path)?;
    match schema.get("exclusiveMinimum") {
        Some(Value::Bool(flag)) => field.exclusive_min = field.min.take_if(|_| *flag),
        _ => field.exclusive_min = number(schema, "exclusiveMinimum", path)?,
    }
    match schema.get("exclusiveMaximum") {
        Some(Value::Bool(flag)) => field.exclusive_max = field.max.take_if(|_| *flag),
        _ => field.exclusive_max = number(schema, "exclusiveMaximum", path)?,
    }
    let format = schema.get("format").and_then(Value::as_str).unwrap_or("");
    if matches!(field.kind, FieldKind::Number | FieldKind::Integer)
        && let Some((low, high)) = implied_range(format)
    {
        field.min = field.min.or(low).map(|m| low.map_or(m, |l| m.max(l)));
        field.max = field.max.or(high).map(|m| high.map_or(m, |h| m.min(h)));
    }
    field.step = number(schema, "multipleOf", path)?;
    if let Some(step) = field.step.filter(|s| *s <= 0.0) {
        return Err(SchemaError::at(
            path,
            format!("`multipleOf` must be above 0, got {step}"),
        ));
    }
    field.min_length = count(schema, "minLength", path)?.or(count(schema, "minItems", path)?);
    field.max_length = count(schema, "maxLength", path)?.or(count(schema, "maxItems", path)?);
    field.pattern = match schema.get("pattern") {
        None if format == "uuid" => Some(UUID_PATTERN.to_string()),
        None => None,
        Some(Value::String(p)) => Some(p.clone()),
        Some(v) => {
            return Err(SchemaError::at(
                path,
                format!("`pattern` must be text, got {v}"),
            ));
        }
    };
    if let Some(p) = &field.pattern
        && let Some(e) = crate::expr::platform::pattern_error(p)
    {
        return Err(SchemaError::at(
            path,
            format!("`pattern` {p:?} is not a regular expression the server can check: {e}"),
        ));
    }
    Ok(())
}
