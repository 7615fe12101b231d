//! Typed forms: `T` → form → simulated browser submission → `T`, and the errors in between.
#![allow(clippy::unwrap_used)]
mod display_support;
use display_support::json;

use prefab::forms::{
    ElicitationRequest, Elicited, FieldKind, FormSpec, FormSubmission, auto_form,
    fields_from_json_schema, parse_elicitation,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Plan {
    Basic,
    Team,
    Enterprise,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
enum Country {
    France,
    Germany,
    Italy,
    Spain,
    Sweden,
    Norway,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
struct Address {
    street: String,
    city: String,
    #[schemars(regex(pattern = r"^\d{5}$"))]
    zip: String,
}

/// Twelve fields of different kinds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
struct Registration {
    /// Your full name.
    #[schemars(length(min = 2, max = 80))]
    name: String,
    #[schemars(email)]
    email: String,
    #[schemars(url)]
    website: Option<String>,
    #[schemars(range(min = 18, max = 130))]
    age: u32,
    height_m: f64,
    newsletter: bool,
    plan: Plan,
    country: Country,
    #[schemars(extend("format" = "date"))]
    birthday: String,
    tags: Vec<String>,
    address: Address,
    nickname: Option<String>,
}

fn sample() -> Registration {
    Registration {
        name: "Ada Lovelace".into(),
        email: "ada@example.com".into(),
        website: Some("https://ada.example.com".into()),
        age: 36,
        height_m: 1.65,
        newsletter: true,
        plan: Plan::Team,
        country: Country::Sweden,
        birthday: "1815-12-10".into(),
        tags: vec!["math".into(), "engines".into()],
        address: Address {
            street: "12 St James's Square".into(),
            city: "London".into(),
            zip: "12345".into(),
        },
        nickname: None,
    }
}

/// What the browser holds in state after the user filled the form with `value`: inputs
/// hold strings, checkboxes booleans, list textareas one item per line, untouched optional
/// inputs nothing. Each input binds a top-level key, a nested field's with `__` for its
/// dots (`address__zip`): a renderer cannot set `address.zip` while the state has no
/// `address` (the view's own test of this is examples/tests/views.rs).
fn typed_into_inputs(value: &Value) -> Value {
    let mut state = Map::new();
    flatten_into(value, "", &mut state);
    Value::Object(state)
}

fn flatten_into(value: &Value, prefix: &str, state: &mut Map<String, Value>) {
    let Value::Object(map) = value else {
        return;
    };
    for (k, v) in map.iter().filter(|(_, v)| !v.is_null()) {
        let key = format!("{prefix}{k}");
        match v {
            Value::Object(_) => flatten_into(v, &format!("{key}__"), state),
            Value::Number(n) => drop(state.insert(key, Value::String(n.to_string()))),
            Value::Array(items) => {
                let lines: Vec<&str> = items.iter().map(|i| i.as_str().unwrap()).collect();
                state.insert(key, Value::String(lines.join("\n")));
            }
            _ => drop(state.insert(key, v.clone())),
        }
    }
}

/// The renderer's deep interpolation of the action arguments, for sole templates
/// (`"{{ path }}"` → the state value with its type, or the template itself when undefined).
fn resolve(arguments: &Value, state: &Value) -> Value {
    match arguments {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), resolve(v, state)))
                .collect(),
        ),
        Value::String(s) => {
            let path = s
                .trim()
                .strip_prefix("{{")
                .and_then(|r| r.strip_suffix("}}"))
                .unwrap()
                .trim();
            path.split('.')
                .try_fold(state, |v, seg| v.get(seg))
                .cloned()
                .unwrap_or_else(|| arguments.clone())
        }
        other => other.clone(),
    }
}

fn submit(form: &Value, state: &Value) -> Value {
    assert_eq!(form["onSubmit"]["action"], "toolCall");
    resolve(&form["onSubmit"]["arguments"], state)
}

#[test]
fn twelve_fields_round_trip_through_the_form() {
    let form = json(auto_form::<Registration>("register").unwrap());
    assert_eq!(form["onSubmit"]["tool"], "register");
    let args = &form["onSubmit"]["arguments"];
    assert_eq!(
        args.as_object().unwrap().len(),
        12,
        "every field is sent, never {{}}"
    );
    assert_eq!(args["address"]["zip"], "{{ address__zip }}");
    let state = typed_into_inputs(&serde_json::to_value(sample()).unwrap());
    let submitted = submit(&form, &state);
    let back: Registration = FormSubmission::parse(&submitted).unwrap();
    assert_eq!(back, sample());
}

#[test]
fn the_form_carries_the_schema_constraints() {
    let form = json(auto_form::<Registration>("register").unwrap());
    let controls: Vec<&Value> = all_nodes(&form)
        .into_iter()
        .filter(|n| n.get("name").is_some())
        .collect();
    let by_name = |name: &str| *controls.iter().find(|n| n["name"] == name).unwrap();
    assert_eq!(by_name("email")["inputType"], "email");
    assert_eq!(by_name("email")["required"], true);
    assert_eq!(by_name("website")["inputType"], "url");
    assert!(by_name("website").get("required").is_none());
    assert_eq!(by_name("age")["inputType"], "number");
    assert_eq!(by_name("age")["min"], 18.0);
    assert_eq!(by_name("age")["max"], 130.0);
    assert_eq!(by_name("name")["minLength"], 2);
    assert_eq!(by_name("name")["maxLength"], 80);
    assert_eq!(by_name("birthday")["inputType"], "date");
    assert_eq!(by_name("newsletter")["type"], "Checkbox");
    assert_eq!(by_name("plan")["type"], "RadioGroup");
    assert_eq!(by_name("country")["type"], "Select");
    assert_eq!(by_name("tags")["type"], "Textarea");
    assert_eq!(by_name("address__zip")["pattern"], r"^\d{5}$");
    let descriptions: Vec<&Value> = all_nodes(&form)
        .into_iter()
        .filter(|n| n["type"] == "FieldDescription")
        .collect();
    assert_eq!(descriptions[0]["content"], "Your full name.");
    let group_titles: Vec<&Value> = all_nodes(&form)
        .into_iter()
        .filter(|n| n["type"] == "FieldTitle")
        .collect();
    assert_eq!(group_titles[0]["content"], "Address");
}

fn all_nodes(node: &Value) -> Vec<&Value> {
    let mut out = vec![node];
    if let Some(children) = node.get("children").and_then(Value::as_array) {
        for child in children {
            out.extend(all_nodes(child));
        }
    }
    out
}

#[test]
fn invalid_submissions_name_their_fields() {
    let mut state = typed_into_inputs(&serde_json::to_value(sample()).unwrap());
    state["email"] = json!("not-an-email");
    state["age"] = json!("12");
    state["height_m"] = json!("tall");
    state["plan"] = json!("gold");
    state["birthday"] = json!("10/12/1815");
    state["name"] = json!("A");
    state["address__city"] = json!("");
    let form = json(auto_form::<Registration>("register").unwrap());
    let err = FormSubmission::<Registration>::parse(&submit(&form, &state)).unwrap_err();
    assert_eq!(err.get("email"), Some("must be an email address"));
    assert_eq!(err.get("age"), Some("must be at least 18"));
    assert_eq!(err.get("height_m"), Some("must be a number"));
    assert_eq!(
        err.get("plan"),
        Some("must be one of: basic, team, enterprise")
    );
    assert_eq!(err.get("birthday"), Some("must be a date (YYYY-MM-DD)"));
    assert_eq!(err.get("name"), Some("must have at least 2 characters"));
    assert_eq!(err.get("address.city"), Some("is required"));
    assert_eq!(err.errors.len(), 7, "{err}");
}

#[test]
fn untouched_inputs_leave_their_template_and_count_as_missing() {
    let form = json(auto_form::<Registration>("register").unwrap());
    let submitted = submit(&form, &json!({}));
    assert_eq!(submitted["email"], "{{ email }}");
    let err = FormSubmission::<Registration>::parse(&submitted).unwrap_err();
    for field in ["name", "email", "age", "plan", "address.street"] {
        assert_eq!(err.get(field), Some("is required"), "{field}: {err}");
    }
    assert_eq!(err.get("website"), None);
    assert_eq!(err.get("newsletter"), None, "an unchecked box is false");
}

#[test]
fn schemas_from_elsewhere_become_fields() {
    let schema: schemars::Schema = serde_json::from_value(json!({
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to search for"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10},
            "sort": {"oneOf": [{"const": "asc", "title": "Oldest first"}, {"const": "desc", "title": "Newest first"}]},
            "since": {"type": ["string", "null"], "format": "date-time"}
        },
        "required": ["query", "since"]
    }))
    .unwrap();
    let fields = fields_from_json_schema(&schema).unwrap();
    assert_eq!(fields[0].description.as_deref(), Some("What to search for"));
    assert!(fields[0].required);
    assert_eq!(fields[1].default, Some(json!(10)));
    let FieldKind::Choice { options } = &fields[2].kind else {
        panic!("{:?}", fields[2].kind)
    };
    assert_eq!(options[1].label, "Newest first");
    assert_eq!(fields[3].kind, FieldKind::DateTime);
    assert!(!fields[3].required, "nullable means optional");
    let form = json(FormSpec::new("search", fields.clone()).view());
    let args = submit(
        &form,
        &json!({"query": "rust", "limit": "25", "sort": "desc", "since": "2024-01-15T14:30"}),
    );
    let values = prefab::forms::check_fields(&fields, &args).unwrap();
    assert_eq!(
        Value::Object(values),
        json!({"query": "rust", "limit": 25, "sort": "desc", "since": "2024-01-15T14:30:00Z"})
    );
}

#[test]
fn schema_errors_point_at_the_property() {
    let schema: schemars::Schema = serde_json::from_value(json!({
        "type": "object",
        "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}}
    }))
    .unwrap();
    let err = fields_from_json_schema(&schema).unwrap_err();
    assert_eq!(err.path, "/properties/rows");
    let err =
        fields_from_json_schema(&serde_json::from_value(json!({"$ref": "#/$defs/Nope"})).unwrap())
            .unwrap_err();
    assert!(err.message.contains("#/$defs/Nope"), "{err}");
}

#[test]
fn elicitation_uses_the_same_fields_and_parser() {
    let spec = FormSpec::for_type::<Registration>("register").unwrap();
    let request = spec.elicitation("Please register");
    let body = request.to_request();
    assert_eq!(body["method"], "elicitation/create");
    let schema = &body["params"]["requestedSchema"];
    assert_eq!(schema["type"], "object");
    let props = schema["properties"].as_object().unwrap();
    assert!(
        props.values().all(|p| p["type"] != "object"),
        "flat primitives only"
    );
    assert_eq!(props["address.zip"]["type"], "string");
    assert_eq!(props["email"]["format"], "email");
    assert_eq!(props["age"]["minimum"], 18.0);
    assert_eq!(
        props["plan"]["enum"],
        json!(["basic", "team", "enterprise"])
    );
    let required: Vec<&str> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(required.contains(&"address.city") && !required.contains(&"website"));
    // The host answers with flat, typed values.
    let mut content = Map::new();
    let flat = serde_json::to_value(sample()).unwrap();
    for (k, v) in flat.as_object().unwrap() {
        match v {
            Value::Object(inner) => {
                for (ik, iv) in inner {
                    content.insert(format!("{k}.{ik}"), iv.clone());
                }
            }
            Value::Array(items) => {
                let joined: Vec<&str> = items.iter().map(|i| i.as_str().unwrap()).collect();
                content.insert(k.clone(), json!(joined.join(", ")));
            }
            Value::Null => {}
            other => {
                content.insert(k.clone(), other.clone());
            }
        }
    }
    let answer = json!({"action": "accept", "content": content});
    let got: Elicited<Registration> = parse_elicitation(&spec.fields, &answer).unwrap();
    assert_eq!(got, Elicited::Accepted(sample()));
    let declined: Elicited<Registration> =
        parse_elicitation(&spec.fields, &json!({"action": "decline"})).unwrap();
    assert_eq!(declined, Elicited::Declined);
    let bad = json!({"action": "accept", "content": {"email": "x"}});
    let err = parse_elicitation::<Registration>(&spec.fields, &bad).unwrap_err();
    assert_eq!(err.get("email"), Some("must be an email address"));
    let _: ElicitationRequest = request;
}

#[test]
fn snapshot_auto_form_fallback() {
    let form = auto_form::<Registration>("register").unwrap();
    let result = prefab::display::display_with(
        form,
        &prefab::display::DisplayOptions::new().title("Register"),
    );
    insta::assert_snapshot!(display_support::text(&result));
}

/// Odd text in every field never panics; it is either accepted or a field error.
#[test]
fn hostile_values_give_errors_not_panics() {
    let odd = [
        "",
        " ",
        "{{",
        "}}",
        "{{ }}",
        "日本語",
        "12:3é",
        "2024-01-15T12:3é",
        "é@é.é",
        "1e309",
        "-0",
        "NaN",
        "true",
        "http://",
        "9".repeat(400).as_str(),
        "\u{0}",
    ]
    .map(str::to_string);
    let form = json(auto_form::<Registration>("register").unwrap());
    let fields = prefab::forms::FormSpec::for_type::<Registration>("register")
        .unwrap()
        .fields;
    for text in &odd {
        let mut state = typed_into_inputs(&serde_json::to_value(sample()).unwrap());
        for leaf in prefab::forms::FormField::leaves(&fields) {
            let mut target = &mut state;
            for segment in leaf.name.split('.') {
                target = &mut target[segment];
            }
            *target = json!(text);
        }
        let _ = FormSubmission::<Registration>::parse(&submit(&form, &state));
        let _ = FormSubmission::<Registration>::parse(
            &json!({"email": [text], "address": text, "age": {"x": text}}),
        );
    }
}
