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
//! The schema checks shapes and required props; enum-like string props (`variant`, `size`)
//! are plain strings because the renderer also accepts templates there. Unknown props are
//! allowed (they are warnings in [`crate::validate`]).

use serde_json::Value;

/// The JSON Schema of a `$prefab` document.
#[must_use]
pub fn wire_schema() -> Value {
    let schema = schemars::schema_for!(crate::validate::Document);
    let mut value = schema.to_value();
    if let Value::Object(map) = &mut value {
        map.insert(
            "title".into(),
            "$prefab wire format (prefab-ui 0.21.1, protocol 0.3)".into(),
        );
    }
    value
}
