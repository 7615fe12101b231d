//! The JSON Schema (draft 2020-12) of the whole wire format, generated from the typed model.
//!
//! Hand it to a model as the contract for UIs it writes, or validate documents with any
//! JSON Schema validator. The root accepts an app envelope, a single node, or action(s);
//! component and action types are in `$defs`.
//!
//! ```
//! let schema = prefab::schema::wire_schema();
//! assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
//! assert!(schema["$defs"]["Button"].is_object());
//! ```
//!
//! The schema checks shapes and required props. Enum-like string props (`size`, `side`, …)
//! accept their values or a `{{ }}` template; open ones (`variant`) list their usual values
//! as `examples`, since the renderer takes other strings too. Unknown props are
//! allowed (they are warnings in [`validate`](mod@crate::validate)).

mod prose;

use schemars::generate::SchemaSettings;
use serde_json::Value;

/// The JSON Schema of a `$prefab` document.
#[must_use]
pub fn wire_schema() -> Value {
    let generator = SchemaSettings::draft2020_12().into_generator();
    let mut value = generator
        .into_root_schema_for::<crate::validate::Document>()
        .to_value();
    tidy(&mut value);
    add_enums(&mut value);
    if let Value::Object(map) = &mut value {
        map.insert(
            "title".into(),
            "$prefab wire format (prefab-ui 0.21.1, protocol 0.3)".into(),
        );
    }
    value
}

/// Enum-like component props: a closed set becomes `anyOf: [enum, template]`, an open set
/// (the renderer also takes other strings) is listed as `examples`.
fn add_enums(schema: &mut Value) {
    for rule in crate::validate::enums::ENUM_PROPS {
        let Some(prop) = schema
            .pointer_mut(&format!("/$defs/{}/properties/{}", rule.owner, rule.key))
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        if rule.open {
            prop.insert("examples".into(), rule.values.into());
        } else {
            let options = serde_json::json!([
                {"enum": rule.values},
                {"pattern": "\\{\\{", "description": "a `{{ }}` template"}
            ]);
            prop.insert("anyOf".into(), options);
        }
    }
}

/// Post-processes the generated schema:
/// * descriptions are plain prose ([`prose::plain`]): Rust doc syntax — examples, code
///   blocks, intra-doc links, Rust API names — means nothing to a schema reader;
/// * optional props do not admit `null`: absent props are omitted on the wire, never
///   `null` (schemars 1 adds `null` to every `Option`).
fn tidy(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if let [only] = types.as_slice() {
                    let only = only.clone();
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(options)) = map.get_mut("anyOf") {
                options.retain(|o| o.get("type").is_none_or(|t| t != "null"));
                if let [only] = options.as_slice() {
                    let only = only.clone();
                    map.remove("anyOf");
                    if let Value::Object(inner) = only {
                        for (k, v) in inner {
                            map.entry(k).or_insert(v);
                        }
                    }
                }
            }
            if let Some(Value::String(d)) = map.get_mut("description") {
                *d = prose::plain(d);
            }
            map.values_mut().for_each(tidy);
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}
