//! Each JSON Schema keyword a form reads is checked on the server as in the browser (issue
//! 37): `exclusiveMinimum`/`exclusiveMaximum`, `multipleOf` (the input's `step`), `pattern`
//! (also for a caller without a browser), the ranges numeric `format`s imply; a number
//! without `multipleOf` takes any value and has no `step` (`step` is a number on the wire,
//! as prefab-ui 0.21.1's `Input.step`); keywords the form would not check are refused with
//! the JSON Pointer of the property.
#![allow(clippy::unwrap_used)]

use prefab::forms::{
    FieldKind, FormField, FormSpec, FormSubmission, check_fields, fields_from_json_schema,
};
use schemars::JsonSchema;
use serde_json::{Value, json};

mod expense;
use expense::Expense;

fn args(amount: Value) -> Value {
    json!({"amount": amount, "tip": "1", "hours": "1.5", "seats": "2", "currency": "EUR", "reference": "no 7", "email": "ada@example.com"})
}

/// The `Input` node named `name` in a form's JSON.
fn input<'a>(form: &'a Value, name: &str) -> &'a Value {
    fn find<'a>(node: &'a Value, name: &str) -> Option<&'a Value> {
        if node["type"] == "Input" && node["name"] == name {
            return Some(node);
        }
        node.get("children")?
            .as_array()?
            .iter()
            .find_map(|c| find(c, name))
    }
    find(form, name).unwrap()
}

#[test]
fn a_money_field_takes_42_5_with_a_minimum_of_0_01() {
    let ok: Expense = FormSubmission::parse(&args(json!("42.5"))).unwrap();
    assert!((ok.amount - 42.5).abs() < f64::EPSILON);
    let ok: Expense = FormSubmission::parse(&args(json!(0.01))).unwrap();
    assert!((ok.amount - 0.01).abs() < f64::EPSILON);
    let err = FormSubmission::<Expense>::parse(&args(json!("0.001"))).unwrap_err();
    assert_eq!(err.get("amount"), Some("must be at least 0.01"));

    let form = serde_json::to_value(prefab::Node::from(
        FormSpec::for_type::<Expense>("save").unwrap().view(),
    ))
    .unwrap();
    assert_eq!(
        input(&form, "amount").get("step"),
        None,
        "a number without multipleOf has no step (the renderer takes any number)"
    );
    assert_eq!(input(&form, "amount")["min"], 0.01);
    assert_eq!(
        input(&form, "hours")["step"],
        0.25,
        "multipleOf is the step"
    );
}

#[test]
fn exclusive_minimum_refuses_the_bound_itself() {
    let base = args(json!("10"));
    let mut zero = base.clone();
    zero["tip"] = json!("0");
    let err = FormSubmission::<Expense>::parse(&zero).unwrap_err();
    assert_eq!(err.get("tip"), Some("must be more than 0"));
    zero["tip"] = json!(0);
    assert_eq!(
        FormSubmission::<Expense>::parse(&zero)
            .unwrap_err()
            .get("tip"),
        Some("must be more than 0")
    );
    zero["tip"] = json!("0.000001");
    assert!(FormSubmission::<Expense>::parse(&zero).is_ok());

    // Read as an exclusive bound (not as `minimum`); the browser gets it as `min`.
    let fields = FormSpec::for_type::<Expense>("save").unwrap().fields;
    assert_eq!((fields[1].min, fields[1].exclusive_min), (None, Some(0.0)));
    let form =
        serde_json::to_value(prefab::Node::from(FormSpec::new("save", fields).view())).unwrap();
    assert_eq!(input(&form, "tip")["min"], 0);
}

#[test]
fn exclusive_maximum_and_draft_4_booleans() {
    let schema: schemars::Schema = serde_json::from_value(json!({
        "type": "object",
        "properties": {
            "ratio": {"type": "number", "exclusiveMaximum": 1},
            "old": {"type": "number", "maximum": 5, "exclusiveMaximum": true, "minimum": 0, "exclusiveMinimum": false}
        }
    }))
    .unwrap();
    let fields = fields_from_json_schema(&schema).unwrap();
    let err = check_fields(&fields, &json!({"ratio": "1", "old": "5"})).unwrap_err();
    assert_eq!(err.get("ratio"), Some("must be less than 1"));
    assert_eq!(err.get("old"), Some("must be less than 5"));
    assert!(check_fields(&fields, &json!({"ratio": "0.999", "old": "0"})).is_ok());
}

#[test]
fn multiple_of_is_checked_with_decimal_steps() {
    let mut given = args(json!("1"));
    for (hours, ok) in [
        ("1.75", true),
        ("0", true),
        ("-2.5", true),
        ("1.8", false),
        ("0.1", false),
    ] {
        given["hours"] = json!(hours);
        let result = FormSubmission::<Expense>::parse(&given);
        assert_eq!(result.is_ok(), ok, "{hours}: {result:?}");
        if !ok {
            assert_eq!(
                result.unwrap_err().get("hours"),
                Some("must be a multiple of 0.25")
            );
        }
    }
    let cents = [FormField::new("price", FieldKind::Number).step(0.01)];
    for price in ["42.5", "0.07", "19.99", "1234567.89"] {
        assert!(
            check_fields(&cents, &json!({ "price": price })).is_ok(),
            "{price}"
        );
    }
    assert!(check_fields(&cents, &json!({"price": "0.005"})).is_err());
}

#[test]
fn a_pattern_is_checked_without_a_browser() {
    // A model's call: no browser ever saw the pattern.
    let mut given = args(json!(3));
    given["currency"] = json!("euro");
    let err = FormSubmission::<Expense>::parse(&given).unwrap_err();
    assert_eq!(
        err.get("currency"),
        Some(r"must match the requested format: ^[A-Z]{3}$")
    );
    // JSON Schema's pattern is not anchored: `\d` matches "no 7" anywhere.
    given["currency"] = json!("EUR");
    given["reference"] = json!("none");
    assert_eq!(
        FormSubmission::<Expense>::parse(&given)
            .unwrap_err()
            .get("reference"),
        Some(r"must match the requested format: \d")
    );
    given["reference"] = json!("order 12 of May");
    assert!(FormSubmission::<Expense>::parse(&given).is_ok());

    // The browser anchors its `pattern`: an unanchored one is wrapped, an anchored one kept.
    let form = serde_json::to_value(prefab::Node::from(
        FormSpec::for_type::<Expense>("save").unwrap().view(),
    ))
    .unwrap();
    assert_eq!(input(&form, "currency")["pattern"], r"^[A-Z]{3}$");
    assert_eq!(input(&form, "reference")["pattern"], r".*(?:\d).*");
}

#[test]
fn a_hand_built_field_with_an_invalid_pattern_fails_closed() {
    let fields = [FormField::new("code", FieldKind::Text).pattern("(unclosed")];
    let err = check_fields(&fields, &json!({"code": "anything"})).unwrap_err();
    assert!(
        err.get("code").unwrap().starts_with("cannot be checked"),
        "{err}"
    );
}

#[test]
fn numeric_formats_bound_the_field() {
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Sizes {
        small: u8,
        count: i32,
    }
    let fields = FormSpec::for_type::<Sizes>("s").unwrap().fields;
    assert_eq!((fields[0].min, fields[0].max), (Some(0.0), Some(255.0)));
    assert_eq!(fields[1].max, Some(2_147_483_647.0));
    let err = check_fields(&fields, &json!({"small": "256", "count": "3000000000"})).unwrap_err();
    assert_eq!(err.get("small"), Some("must be at most 255"));
    assert_eq!(err.get("count"), Some("must be at most 2147483647"));
}

#[test]
fn uuid_format_is_a_pattern_both_sides_check() {
    let schema: schemars::Schema = serde_json::from_value(json!({
        "type": "object", "properties": {"id": {"type": "string", "format": "uuid"}}
    }))
    .unwrap();
    let fields = fields_from_json_schema(&schema).unwrap();
    assert!(
        check_fields(
            &fields,
            &json!({"id": "67e55044-10b1-426f-9247-bb680e5fe0c8"})
        )
        .is_ok()
    );
    assert!(check_fields(&fields, &json!({"id": "not-a-uuid"})).is_err());
}

#[test]
fn keywords_the_form_would_not_check_are_refused() {
    let refused = [
        (
            json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true}),
            "uniqueItems",
        ),
        (json!({"type": "string", "format": "ipv6"}), "format"),
        (json!({"type": "integer", "not": {"const": 0}}), "not"),
        (
            json!({"type": "array", "items": {"type": "string", "pattern": "^a"}}),
            "pattern",
        ),
        (json!({"type": "string", "pattern": "(?<=a)b"}), "pattern"),
        (json!({"type": "number", "multipleOf": 0}), "multipleOf"),
        (json!({"type": "number", "minimum": "5"}), "minimum"),
    ];
    for (property, keyword) in refused {
        let schema: schemars::Schema =
            serde_json::from_value(json!({"type": "object", "properties": {"x": property}}))
                .unwrap();
        let err = fields_from_json_schema(&schema).unwrap_err();
        assert!(err.path.starts_with("/properties/x"), "{err}");
        assert!(err.message.contains(keyword), "{keyword}: {err}");
    }
    // Annotations and extensions are fine; so are the item ranges a numeric format implies.
    let schema: schemars::Schema = serde_json::from_value(json!({
        "type": "object", "additionalProperties": false,
        "properties": {
            "x": {"type": "string", "examples": ["a"], "deprecated": true, "x-prefab-multiline": true},
            "bytes": {"type": "array", "items": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}}
        }
    }))
    .unwrap();
    assert_eq!(fields_from_json_schema(&schema).unwrap().len(), 2);
}
