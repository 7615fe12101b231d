//! JSON Schema → [`FormField`]s: the schema of a Rust type (via schemars) or one that came
//! from elsewhere (an MCP tool's `inputSchema`).
use super::field::{ChoiceOption, FieldKind, FormField};
use super::keywords;
use super::schema_error::SchemaError;
use serde_json::{Map, Value};

/// Nesting limit for `$ref` chains and nested objects.
const MAX_DEPTH: usize = 32;

/// The schema extension key that makes a string field multi-line (`true`) or keeps it on
/// one line (`false`) whatever its `maxLength`; `"format": "textarea"` also makes it
/// multi-line. Without either, a string is multi-line when its `maxLength` is over
/// [`LONG_TEXT`].
///
/// ```
/// use prefab::forms::{FieldKind, FormSpec};
///
/// #[derive(schemars::JsonSchema)]
/// struct Feedback {
///     #[schemars(extend("format" = "textarea"))]
///     comment: String,
///     #[schemars(extend("x-prefab-multiline" = true))]
///     steps: String,
///     /// Long enough for a textarea by length alone, kept on one line.
///     #[schemars(length(max = 500), extend("x-prefab-multiline" = false))]
///     title: String,
///     #[schemars(length(max = 1000))]
///     details: String,
/// }
///
/// let fields = FormSpec::for_type::<Feedback>("send_feedback").unwrap().fields;
/// let kinds: Vec<_> = fields.iter().map(|f| f.kind.clone()).collect();
/// assert_eq!(kinds, [FieldKind::Textarea, FieldKind::Textarea, FieldKind::Text, FieldKind::Textarea]);
/// ```
pub const MULTILINE_KEY: &str = "x-prefab-multiline";

/// A string whose `maxLength` is over this many characters is multi-line by default.
pub const LONG_TEXT: u64 = 200;

/// The fields of an object schema, in property order.
///
/// `$ref`s into `$defs`/`definitions` are followed; `Option` (`type: [T, "null"]` or
/// `anyOf [T, null]`) makes a field optional; `enum` and `oneOf` of `const`s become choices;
/// `format` picks email / url / date / date-time / time inputs; `minimum`, `maximum`,
/// `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength`,
/// `minItems`, `maxItems`, `pattern`, `title`, `description` and `default` are kept (and
/// checked again by [`check_fields`](super::check_fields)); nested objects become groups;
/// arrays of scalars become lists.
///
/// A keyword that constrains values but that the form would not check (`uniqueItems`,
/// `not`, a `format` such as `ipv6`, a `pattern` on list items, …) is refused with a
/// [`SchemaError`] rather than left unchecked; annotations (`examples`, `deprecated`,
/// `readOnly`, `x-…` extensions) are ignored. The table of every keyword is in
/// `prefab_mcp::FormInput`'s documentation.
///
/// A string becomes a multi-line [`FieldKind::Textarea`] when its schema says so with
/// `"format": "textarea"` or `"x-prefab-multiline": true`, or else when its `maxLength` is
/// over 200; `"x-prefab-multiline": false` keeps a long one on one line. From Rust, with
/// schemars: `#[schemars(extend("format" = "textarea"))]` (see [`MULTILINE_KEY`]).
///
/// ```
/// use prefab::forms::{FieldKind, fields_from_json_schema};
///
/// let schema: schemars::Schema = serde_json::from_value(serde_json::json!({
///     "type": "object",
///     "properties": {
///         "email": {"type": "string", "format": "email"},
///         "age": {"type": ["integer", "null"], "minimum": 0}
///     },
///     "required": ["email"]
/// })).unwrap();
/// let fields = fields_from_json_schema(&schema).unwrap();
/// assert_eq!(fields[0].kind, FieldKind::Email);
/// assert!(fields[0].required);
/// assert_eq!(fields[1].kind, FieldKind::Integer);
/// assert!(!fields[1].required);
/// ```
///
/// # Errors
/// A schema that is not an object with `properties`, an unresolvable `$ref`, a property
/// whose type has no input (e.g. arrays of objects), or a keyword the form cannot check
/// (an unknown `format`, an invalid `pattern`, `multipleOf` not above 0, …), with the JSON
/// Pointer of the culprit.
pub fn fields_from_json_schema(schema: &schemars::Schema) -> Result<Vec<FormField>, SchemaError> {
    let root = schema.as_value();
    let resolver = Resolver { root };
    let object = resolver.resolve(root, "", 0)?;
    keywords::check(&object.schema, &FieldKind::Group { fields: Vec::new() }, "")?;
    resolver.object_fields(&object, "", "", 0)
}

struct Resolver<'a> {
    root: &'a Value,
}

/// A property schema with `$ref`/`allOf`/nullable wrappers removed.
struct Resolved {
    schema: Map<String, Value>,
    nullable: bool,
}

impl Resolver<'_> {
    fn err(path: &str, message: impl Into<String>) -> SchemaError {
        SchemaError::at(path, message)
    }

    /// Follows `$ref`, single-item `allOf`, and nullable `anyOf`/`oneOf`/`type` arrays.
    fn resolve(&self, schema: &Value, path: &str, depth: usize) -> Result<Resolved, SchemaError> {
        if depth > MAX_DEPTH {
            return Err(Self::err(path, "schema nests too deeply (recursive type?)"));
        }
        let Some(map) = schema.as_object() else {
            return Err(Self::err(path, "expected a schema object"));
        };
        let mut map = map.clone();
        if let Some(reference) = map
            .remove("$ref")
            .and_then(|r| r.as_str().map(str::to_string))
        {
            let target = reference
                .strip_prefix('#')
                .and_then(|pointer| self.root.pointer(pointer))
                .ok_or_else(|| Self::err(path, format!("unresolvable $ref {reference:?}")))?;
            let mut inner = self.resolve(target, path, depth + 1)?;
            // Sibling keywords (title, description, default) win over the target's.
            for (k, v) in map {
                inner.schema.insert(k, v);
            }
            return Ok(inner);
        }
        if let Some(Value::Array(parts)) = map.get("allOf").cloned()
            && let [single] = parts.as_slice()
        {
            map.remove("allOf");
            let mut inner = self.resolve(single, path, depth + 1)?;
            for (k, v) in map {
                inner.schema.insert(k, v);
            }
            return Ok(inner);
        }
        for key in ["anyOf", "oneOf"] {
            let Some(Value::Array(parts)) = map.get(key).cloned() else {
                continue;
            };
            let (nulls, others): (Vec<&Value>, Vec<&Value>) = parts
                .iter()
                .partition(|p| p.get("type") == Some(&Value::from("null")));
            if !nulls.is_empty() && others.len() == 1 {
                map.remove(key);
                let mut inner = self.resolve(others[0], path, depth + 1)?;
                for (k, v) in map {
                    inner.schema.insert(k, v);
                }
                inner.nullable = true;
                return Ok(inner);
            }
        }
        let mut nullable = false;
        if let Some(Value::Array(types)) = map.get("type").cloned() {
            let rest: Vec<Value> = types
                .into_iter()
                .filter(|t| t.as_str() != Some("null"))
                .collect();
            nullable = rest.len() < map["type"].as_array().map_or(0, Vec::len);
            if let [single] = rest.as_slice() {
                map.insert("type".into(), single.clone());
            }
        }
        if let Some(Value::Array(values)) = map.get_mut("enum") {
            let before = values.len();
            values.retain(|v| !v.is_null());
            nullable |= values.len() < before;
        }
        Ok(Resolved {
            schema: map,
            nullable,
        })
    }

    fn object_fields(
        &self,
        object: &Resolved,
        path: &str,
        prefix: &str,
        depth: usize,
    ) -> Result<Vec<FormField>, SchemaError> {
        let Some(properties) = object.schema.get("properties").and_then(Value::as_object) else {
            return Err(Self::err(
                path,
                "expected an object schema with `properties`",
            ));
        };
        let required: Vec<&str> = object
            .schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut fields = Vec::with_capacity(properties.len());
        for (key, property) in properties {
            let prop_path = format!(
                "{path}/properties/{}",
                key.replace('~', "~0").replace('/', "~1")
            );
            let name = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            let resolved = self.resolve(property, &prop_path, depth + 1)?;
            let mut field = self.field(&name, &resolved, &prop_path, depth)?;
            field.required = required.contains(&key.as_str()) && !resolved.nullable;
            fields.push(field);
        }
        Ok(fields)
    }

    fn field(
        &self,
        name: &str,
        resolved: &Resolved,
        path: &str,
        depth: usize,
    ) -> Result<FormField, SchemaError> {
        let schema = &resolved.schema;
        let kind = self.kind(name, resolved, path, depth)?;
        let mut field = FormField::new(name, kind);
        if let Some(title) = schema.get("title").and_then(Value::as_str) {
            field.label = title.to_string();
        }
        field.description = schema
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string);
        field.default = schema.get("default").filter(|d| !d.is_null()).cloned();
        keywords::check(schema, &field.kind, path)?;
        keywords::constraints(&mut field, schema, path)?;
        Ok(field)
    }

    fn kind(
        &self,
        name: &str,
        resolved: &Resolved,
        path: &str,
        depth: usize,
    ) -> Result<FieldKind, SchemaError> {
        let schema = &resolved.schema;
        if let Some(options) = choice_options(schema) {
            return Ok(FieldKind::Choice { options });
        }
        let kind = match schema.get("type").and_then(Value::as_str) {
            Some("boolean") => FieldKind::Boolean,
            Some("integer") => FieldKind::Integer,
            Some("number") => FieldKind::Number,
            Some("string") => match schema.get("format").and_then(Value::as_str) {
                Some("email" | "idn-email") => FieldKind::Email,
                Some("uri" | "url" | "iri") => FieldKind::Url,
                Some("date") => FieldKind::Date,
                Some("date-time") => FieldKind::DateTime,
                Some("time" | "partial-time") => FieldKind::Time,
                _ if multiline(schema) => FieldKind::Textarea,
                _ => FieldKind::Text,
            },
            Some("array") => {
                let items_path = format!("{path}/items");
                let items = schema
                    .get("items")
                    .ok_or_else(|| Self::err(path, "array without `items`"))?;
                let item = self.resolve(items, &items_path, depth + 1)?;
                let item_kind = self.kind(name, &item, &items_path, depth + 1)?;
                if matches!(item_kind, FieldKind::Group { .. } | FieldKind::List { .. }) {
                    return Err(Self::err(
                        path,
                        "lists of objects or lists have no form input",
                    ));
                }
                keywords::check_item(&item.schema, &item_kind, &items_path)?;
                FieldKind::List {
                    item: Box::new(item_kind),
                }
            }
            Some("object") | None if schema.contains_key("properties") => FieldKind::Group {
                fields: self.object_fields(resolved, path, name, depth + 1)?,
            },
            other => {
                return Err(Self::err(
                    path,
                    format!("no form input for type {}", other.unwrap_or("(none)")),
                ));
            }
        };
        Ok(kind)
    }
}

/// Whether a string field is multi-line: [`MULTILINE_KEY`] when present, else
/// `format: "textarea"` or a `maxLength` over [`LONG_TEXT`].
fn multiline(schema: &Map<String, Value>) -> bool {
    if let Some(flag) = schema.get(MULTILINE_KEY).and_then(Value::as_bool) {
        return flag;
    }
    schema.get("format").and_then(Value::as_str) == Some("textarea")
        || schema.get("maxLength").and_then(Value::as_u64).unwrap_or(0) > LONG_TEXT
}

/// `enum: [..]` or `oneOf`/`anyOf` of `{const, title?/description?}` → options.
fn choice_options(schema: &Map<String, Value>) -> Option<Vec<ChoiceOption>> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return Some(values.iter().map(|v| option(v.clone(), None)).collect());
    }
    if let Some(value) = schema.get("const") {
        let label = schema.get("title").and_then(Value::as_str);
        return Some(vec![option(value.clone(), label)]);
    }
    for key in ["oneOf", "anyOf"] {
        let Some(parts) = schema.get(key).and_then(Value::as_array) else {
            continue;
        };
        let options: Option<Vec<ChoiceOption>> = parts
            .iter()
            .map(|part| {
                let value = part.get("const").cloned().or_else(|| {
                    part.get("enum")
                        .and_then(Value::as_array)
                        .filter(|e| e.len() == 1)
                        .map(|e| e[0].clone())
                })?;
                let label = ["title", "description"]
                    .into_iter()
                    .find_map(|k| part.get(k).and_then(Value::as_str));
                Some(option(value, label))
            })
            .collect();
        if options.is_some() {
            return options;
        }
    }
    None
}

fn option(value: Value, label: Option<&str>) -> ChoiceOption {
    let label = label.map_or_else(
        || match &value {
            Value::String(s) => crate::wire::humanize(s),
            other => other.to_string(),
        },
        str::to_string,
    );
    ChoiceOption { value, label }
}
