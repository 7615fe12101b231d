//! Rules on `tools/list` entries: the UI resource keys, app-only visibility, and input
//! schemas a host's form can render.
use super::finding::{Finding, Rule, Severity};
use serde_json::{Map, Value};

const URI_MISSING: Rule = Rule {
    id: "ui-resource-uri-missing",
    severity: Severity::Error,
    why: "Claude, ChatGPT and the other hosts on the MCP Apps spec read _meta.ui.resourceUri; \
          without it they show no view",
};
const URI_FLAT_MISSING: Rule = Rule {
    id: "ui-resource-uri-flat-missing",
    severity: Severity::Warning,
    why: "hosts built on earlier MCP Apps drafts read the flat _meta[\"ui/resourceUri\"] key \
          (the ext-apps server helper writes both); they show no view",
};
const URI_MISMATCH: Rule = Rule {
    id: "ui-resource-uri-mismatch",
    severity: Severity::Error,
    why: "hosts read one key or the other, so they would show different views",
};
const URI_SCHEME: Rule = Rule {
    id: "ui-resource-uri-scheme",
    severity: Severity::Error,
    why: "hosts render views only from ui:// resources",
};
const APP_ONLY: Rule = Rule {
    id: "visibility-app-only",
    severity: Severity::Warning,
    why: "hosts without MCP Apps visibility support hide or refuse app-only tools, so a view \
          that calls it fails there",
};
const SCHEMA_NOT_OBJECT: Rule = Rule {
    id: "input-schema-not-object",
    severity: Severity::Error,
    why: "MCP requires an inputSchema of type \"object\"; hosts drop the tool or reject the list",
};
const SCHEMA_COMPOSED_ROOT: Rule = Rule {
    id: "input-schema-composed-root",
    severity: Severity::Warning,
    why: "hosts build a tool's form from the root's properties; a $ref/oneOf/anyOf/allOf root \
          gives no form (or a raw JSON box)",
};
const SCHEMA_COMPLEX_PROPERTY: Rule = Rule {
    id: "input-schema-complex-property",
    severity: Severity::Warning,
    why: "host forms render fields of simple types (string, number, integer, boolean, enums, \
          lists of those); other fields become raw JSON or cannot be filled in",
};

/// The flat, deprecated key of the UI resource URI.
pub(crate) const FLAT_KEY: &str = "ui/resourceUri";

/// A tool's name as findings name it.
pub(crate) fn subject(tool: &Value) -> String {
    format!("tool {}", tool["name"].as_str().unwrap_or("(unnamed)"))
}

/// Checks one `tools/list` entry; returns the UI resource URI hosts would load for it (the
/// spec's key first), if it has a UI.
pub(crate) fn check(tool: &Value, findings: &mut Vec<Finding>) -> Option<String> {
    let subject = subject(tool);
    input_schema(&subject, &tool["inputSchema"], findings);
    let uri = ui_resource_uri(&subject, &tool["_meta"], findings)?;
    if !uri.starts_with("ui://") {
        findings.push(URI_SCHEME.on(&subject, format!("resource URI {uri:?} is not ui://")));
    }
    visibility(&subject, &tool["_meta"]["ui"]["visibility"], findings);
    Some(uri)
}

/// Both keys present and equal; the URI a host would use.
fn ui_resource_uri(subject: &str, meta: &Value, findings: &mut Vec<Finding>) -> Option<String> {
    let nested = meta.get("ui").and_then(|ui| ui.get("resourceUri"));
    let flat = meta.get(FLAT_KEY);
    if nested.is_none() && flat.is_none() {
        return None;
    }
    let string = |key: &str, value: Option<&Value>, findings: &mut Vec<Finding>| match value {
        Some(Value::String(uri)) => Some(uri.clone()),
        Some(other) => {
            findings.push(URI_MISSING.on(subject, format!("{key} is {other}, not a string")));
            None
        }
        None => None,
    };
    let nested = string("_meta.ui.resourceUri", nested, findings);
    let flat = string("_meta[\"ui/resourceUri\"]", flat, findings);
    match (nested, flat) {
        (Some(nested), Some(flat)) => {
            if nested != flat {
                findings.push(URI_MISMATCH.on(
                    subject,
                    format!(
                        "_meta.ui.resourceUri {nested:?} and _meta[\"ui/resourceUri\"] {flat:?} differ"
                    ),
                ));
            }
            Some(nested)
        }
        (Some(nested), None) => {
            findings.push(URI_FLAT_MISSING.on(
                subject,
                format!(
                    "_meta[\"ui/resourceUri\"] is missing (_meta.ui.resourceUri is {nested:?})"
                ),
            ));
            Some(nested)
        }
        (None, Some(flat)) => {
            findings.push(URI_MISSING.on(
                subject,
                format!("_meta.ui.resourceUri is missing (only the flat key, {flat:?})"),
            ));
            Some(flat)
        }
        (None, None) => None,
    }
}

/// `_meta.ui.visibility` without `"model"` (only the app may call the tool).
fn visibility(subject: &str, visibility: &Value, findings: &mut Vec<Finding>) {
    let Some(list) = visibility.as_array() else {
        return;
    };
    if !list.iter().any(|v| v == "model") {
        findings.push(APP_ONLY.on(
            subject,
            format!("_meta.ui.visibility is {visibility}: only its view may call it"),
        ));
    }
}

/// The root is an object schema with properties a form can show.
fn input_schema(subject: &str, schema: &Value, findings: &mut Vec<Finding>) {
    let Some(root) = schema.as_object() else {
        findings.push(SCHEMA_NOT_OBJECT.on(subject, format!("inputSchema is {schema}")));
        return;
    };
    let composed: Vec<&str> = ["$ref", "oneOf", "anyOf", "allOf"]
        .into_iter()
        .filter(|k| root.contains_key(*k))
        .collect();
    if !composed.is_empty() {
        findings.push(SCHEMA_COMPOSED_ROOT.on(
            subject,
            format!("inputSchema's root uses {}", composed.join(", ")),
        ));
    }
    match root.get("type") {
        Some(Value::String(t)) if t == "object" => {}
        Some(other) => {
            findings.push(SCHEMA_NOT_OBJECT.on(subject, format!("inputSchema's type is {other}")));
            return;
        }
        None if composed.is_empty() => {
            findings.push(SCHEMA_NOT_OBJECT.on(subject, "inputSchema has no \"type\": \"object\""));
            return;
        }
        None => return,
    }
    let complex: Vec<&str> = root
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter(|(_, property)| !Simple { root, lists: true }.is(property, 0))
        .map(|(name, _)| name.as_str())
        .collect();
    if !complex.is_empty() {
        findings.push(SCHEMA_COMPLEX_PROPERTY.on(
            subject,
            format!(
                "inputSchema properties {} are not of a simple type",
                complex.join(", ")
            ),
        ));
    }
}

/// The most `$ref`s followed from one property (a form resolves a reference or two, not a
/// chain).
const MAX_REFS: usize = 2;

/// Whether a property's schema is one a form shows as a field: a string, number, integer,
/// boolean or enum (titled with `oneOf`/`anyOf` of `const`s, or nullable), through local
/// `$ref`s into the root's `$defs`; with `lists`, a list of those too.
#[derive(Clone, Copy)]
struct Simple<'a> {
    root: &'a Map<String, Value>,
    lists: bool,
}

impl<'a> Simple<'a> {
    fn is(self, schema: &Value, refs: usize) -> bool {
        let Some(schema) = schema.as_object() else {
            return false;
        };
        if let Some(reference) = schema.get("$ref") {
            return refs < MAX_REFS
                && self
                    .resolve(reference)
                    .is_some_and(|target| self.is(target, refs + 1));
        }
        if schema.contains_key("allOf") {
            return false;
        }
        if let Some(options) = schema.get("oneOf").or_else(|| schema.get("anyOf")) {
            return self.options(options, refs);
        }
        if schema.contains_key("enum") || schema.contains_key("const") {
            return true;
        }
        match schema.get("type") {
            Some(Value::String(t)) => self.simple_type(t, schema, refs),
            Some(Value::Array(types)) => types
                .iter()
                .filter_map(Value::as_str)
                .filter(|t| *t != "null")
                .all(|t| self.simple_type(t, schema, refs)),
            _ => false,
        }
    }

    fn simple_type(self, name: &str, schema: &Map<String, Value>, refs: usize) -> bool {
        match name {
            "string" | "number" | "integer" | "boolean" => true,
            "array" => {
                let items = Simple {
                    lists: false,
                    ..self
                };
                self.lists && schema.get("items").is_some_and(|i| items.is(i, refs))
            }
            _ => false,
        }
    }

    /// `oneOf`/`anyOf`: every option a `const` (a titled enum), or one simple option and
    /// `{"type": "null"}` (pydantic's `Optional[X]`).
    fn options(self, options: &Value, refs: usize) -> bool {
        let Some(options) = options.as_array() else {
            return false;
        };
        if !options.is_empty() && options.iter().all(|o| o.get("const").is_some()) {
            return true;
        }
        let (null, rest): (Vec<&Value>, Vec<&Value>) =
            options.iter().partition(|o| o["type"] == "null");
        null.len() == 1 && rest.len() == 1 && self.is(rest[0], refs)
    }

    /// A local reference, `#/$defs/NAME` or `#/definitions/NAME`.
    fn resolve(self, reference: &Value) -> Option<&'a Value> {
        let path = reference.as_str()?.strip_prefix("#/")?;
        let (section, name) = path.split_once('/')?;
        if !matches!(section, "$defs" | "definitions") {
            return None;
        }
        self.root.get(section)?.get(name)
    }
}

#[cfg(test)]
mod tests {
    use super::check;
    use serde_json::json;

    fn rules(tool: &serde_json::Value) -> Vec<&'static str> {
        let mut findings = Vec::new();
        check(tool, &mut findings);
        findings.into_iter().map(|f| f.rule).collect()
    }

    #[test]
    fn simple_schemas_pass_and_nested_ones_warn() {
        let schema = json!({"type": "object", "properties": {
            "a": {"type": "string"}, "b": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "c": {"type": "array", "items": {"enum": ["x", "y"]}}, "d": {"type": ["number", "null"]}
        }});
        assert!(rules(&json!({"name": "t", "inputSchema": schema})).is_empty());
        let titled = json!({"oneOf": [{"const": "a", "title": "A"}, {"const": "b"}]});
        let with_defs = json!({"name": "t", "inputSchema": {"type": "object", "$defs": {"R": titled},
            "properties": {"r": {"$ref": "#/$defs/R"}, "n": {"anyOf": [{"$ref": "#/$defs/R"}, {"type": "null"}]}}}});
        assert!(rules(&with_defs).is_empty(), "{with_defs}");
        for bad in [
            json!({"type": "object"}),
            json!({"$ref": "#/$defs/Missing"}),
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            json!({"type": "array", "items": {"type": "array", "items": {"type": "string"}}}),
        ] {
            let schema = json!({"type": "object", "properties": {"p": bad}});
            assert_eq!(
                rules(&json!({"name": "t", "inputSchema": schema})),
                ["input-schema-complex-property"],
                "{schema}"
            );
        }
        let string_root = json!({"name": "t", "inputSchema": {"type": "string"}});
        assert_eq!(rules(&string_root), ["input-schema-not-object"]);
        let one_of = json!({"name": "t", "inputSchema": {"oneOf": [{"type": "object"}]}});
        assert_eq!(rules(&one_of), ["input-schema-composed-root"]);
    }

    #[test]
    fn both_uri_keys_are_wanted_and_equal() {
        let object = json!({"type": "object"});
        let tool = |meta| json!({"name": "t", "inputSchema": object, "_meta": meta});
        let good = tool(json!({"ui": {"resourceUri": "ui://a"}, "ui/resourceUri": "ui://a"}));
        assert!(rules(&good).is_empty());
        let cases = [
            (
                json!({"ui": {"resourceUri": "ui://a"}}),
                "ui-resource-uri-flat-missing",
            ),
            (
                json!({"ui/resourceUri": "ui://a"}),
                "ui-resource-uri-missing",
            ),
            (
                json!({"ui": {"resourceUri": "ui://a"}, "ui/resourceUri": "ui://b"}),
                "ui-resource-uri-mismatch",
            ),
            (
                json!({"ui": {"resourceUri": "https://a", "visibility": ["model"]}, "ui/resourceUri": "https://a"}),
                "ui-resource-uri-scheme",
            ),
            (
                json!({"ui": {"resourceUri": "ui://a", "visibility": ["app"]}, "ui/resourceUri": "ui://a"}),
                "visibility-app-only",
            ),
        ];
        for (meta, rule) in cases {
            assert_eq!(rules(&tool(meta.clone())), [rule], "{meta}");
        }
        assert!(rules(&tool(json!({"fastmcp": {}}))).is_empty());
    }
}
