//! `prefab_components`: one component's self-contained definition (every `$ref` it reaches
//! is in its `$defs`) with a small valid example, or the list of every component.

use super::SCHEMA_URI;
use prefab::Component;
use serde_json::{Map, Value, json};
use std::sync::OnceLock;

/// What `Node` stands for in a component's definition: the full union would pull in every
/// component, so it is described instead (`prefab_components NAME` gives each one).
fn node_stub() -> Value {
    json!({
        "description": "A child component: an object {\"type\": NAME, …its props} (prefab_components NAME gives them), or {\"$ref\": TEMPLATE} naming a template in the envelope's \"defs\".",
        "type": "object",
        "anyOf": [
            {"required": ["type"], "properties": {"type": {"enum": Component::TYPES}}},
            {"required": ["$ref"], "properties": {"$ref": {"type": "string"}}}
        ]
    })
}

/// Every action takes these; they are described once, on `Actions`.
const CALLBACKS: [&str; 2] = ["onSuccess", "onError"];

const ACTIONS: &str = "One action or a list of actions run in order. Every action also takes onSuccess and onError: actions run after it succeeds (with $result in scope) or fails (with $error).";

/// The wire schema's definitions as `prefab_components` shows them: `Node` is a stub, and
/// the actions' `onSuccess`/`onError` are said once, on `Actions`.
struct Defs {
    defs: Map<String, Value>,
    /// The definitions of the actions (`SetState`, …): the targets of `Action`'s union.
    actions: Vec<String>,
}

impl Defs {
    /// Built once: generating the wire schema is not free.
    fn get_or_init() -> &'static Defs {
        static DEFS: OnceLock<Defs> = OnceLock::new();
        DEFS.get_or_init(Defs::new)
    }

    fn new() -> Self {
        let schema = prefab::schema::wire_schema();
        let defs = match schema.get("$defs") {
            Some(Value::Object(defs)) => defs.clone(),
            _ => Map::new(),
        };
        let mut actions = Vec::new();
        if let Some(action) = defs.get("Action") {
            refs(action, &mut actions);
        }
        Self { defs, actions }
    }

    /// The definition `name` as included, or `None` when the schema has none.
    fn get(&self, name: &str) -> Option<Value> {
        if name == "Node" {
            return Some(node_stub());
        }
        let mut def = self.defs.get(name)?.clone();
        if name == "Actions" {
            def["description"] = ACTIONS.into();
        } else if self.actions.iter().any(|a| a == name)
            && let Some(Value::Object(props)) = def.get_mut("properties")
        {
            for key in CALLBACKS {
                props.remove(key);
            }
        }
        Some(def)
    }

    /// `name`'s definition with every definition it reaches, under `$defs`.
    fn closure(&self, name: &str) -> Option<(Value, Map<String, Value>)> {
        let def = self.get(name)?;
        let mut todo = Vec::new();
        refs(&def, &mut todo);
        let mut included = Map::new();
        while let Some(next) = todo.pop() {
            if included.contains_key(&next) {
                continue;
            }
            if let Some(found) = self.get(&next) {
                refs(&found, &mut todo);
                included.insert(next, found);
            }
        }
        Some((def, included))
    }

    fn description(&self, name: &str) -> Value {
        self.defs
            .get(name)
            .and_then(|d| d.get("description"))
            .cloned()
            .unwrap_or(Value::Null)
    }
}

/// Collects the names of the `#/$defs/NAME` references in `value`.
fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match (key.as_str(), item) {
                    ("$ref", Value::String(target)) => {
                        if let Some(name) = target.strip_prefix("#/$defs/") {
                            out.push(name.to_owned());
                        }
                    }
                    _ => refs(item, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, out)),
        _ => {}
    }
}

/// The documentation of one component — its definition, every definition it references
/// (under `$defs`, so each `#/$defs/…` resolves in the answer itself) and a small valid
/// example — or, without a name, the list of every component with its description.
///
/// ```
/// let doc = examples::generative::component_doc(Some("DataTable")).unwrap();
/// assert!(doc["$defs"]["DataTableColumn"].is_object());
/// assert_eq!(doc["example"]["type"], "DataTable");
/// ```
///
/// # Errors
/// When `name` is not a component type (the message suggests the closest and lists all).
pub fn component_doc(name: Option<&str>) -> Result<Value, String> {
    let defs = Defs::get_or_init();
    let Some(name) = name else {
        return Ok(json!({
            "components": Component::TYPES
                .iter()
                .map(|n| json!({"type": n, "description": defs.description(n)}))
                .collect::<Vec<_>>(),
            "schema": SCHEMA_URI,
        }));
    };
    let found = Component::TYPES.contains(&name).then(|| defs.closure(name));
    let (Some((definition, included)), Some(example)) = (found.flatten(), Component::example(name))
    else {
        let known = Component::TYPES.join(", ");
        return Err(format!("unknown component type {name:?}; known: {known}"));
    };
    Ok(json!({
        "type": name,
        "definition": definition,
        "$defs": included,
        "example": example,
        "schema": SCHEMA_URI,
    }))
}
