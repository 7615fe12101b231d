//! A form shown again: `FormSpec::values` puts the submitted values into the inputs and
//! `FormSpec::errors` puts each message under its field's control (nested names inside their
//! group, unknown and empty names above the submit button). The trees are checked against the
//! wire model and read by walking them.
#![allow(clippy::unwrap_used, dead_code)]
mod display_support;
use display_support::json;

use prefab::forms::{FieldError, FormErrors, FormSpec, FormSubmission};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Debug, Deserialize, JsonSchema)]
struct Address {
    street: String,
    #[schemars(length(min = 5, max = 5))]
    zip: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct Order {
    #[schemars(email)]
    email: String,
    #[schemars(range(min = 1, max = 10))]
    seats: u32,
    gift: bool,
    address: Address,
}

/// Every node of the tree, depth first.
fn nodes(node: &Value) -> Vec<&Value> {
    let mut out = vec![node];
    for child in node["children"].as_array().into_iter().flatten() {
        out.extend(nodes(child));
    }
    out
}

/// The `Field` whose own children hold the control bound to `name`.
fn field<'a>(form: &'a Value, name: &str) -> &'a Value {
    nodes(form)
        .into_iter()
        .find(|n| n["type"] == "Field" && children(n).iter().any(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no field for {name}"))
}

fn children(node: &Value) -> Vec<&Value> {
    node["children"].as_array().into_iter().flatten().collect()
}

/// The messages of the `FieldError`s right under `name`'s control, and whether each comes
/// after the control.
fn messages_under<'a>(form: &'a Value, name: &str) -> Vec<&'a str> {
    let kids = children(field(form, name));
    let control = kids.iter().position(|c| c["name"] == name).unwrap();
    kids.iter()
        .enumerate()
        .filter(|(_, c)| c["type"] == "FieldError")
        .map(|(i, c)| {
            assert!(i > control, "the error of {name} comes after its control");
            c["content"].as_str().unwrap()
        })
        .collect()
}

fn control<'a>(form: &'a Value, name: &str) -> &'a Value {
    nodes(form).into_iter().find(|n| n["name"] == name).unwrap()
}

/// What a browser submits for the order form, with mistakes in three fields.
fn bad_submission() -> Value {
    json!({
        "email": "ada@",
        "seats": "90",
        "gift": "on",
        "address": {"street": "{{ address__street }}", "zip": "123"}
    })
}

#[test]
fn a_submission_comes_back_with_its_values_and_an_error_under_each_field() {
    let submitted = bad_submission();
    let errors = FormSubmission::<Order>::parse(&submitted).unwrap_err();
    let spec = FormSpec::for_type::<Order>("order")
        .unwrap()
        .values(submitted)
        .errors(&errors);
    let form = json(spec.view());

    assert_eq!(control(&form, "email")["value"], "ada@");
    assert_eq!(control(&form, "seats")["value"], "90");
    assert_eq!(control(&form, "gift")["value"], true);
    assert_eq!(control(&form, "address__zip")["value"], "123");
    // An untouched input (its template unresolved) stays empty.
    assert!(control(&form, "address__street").get("value").is_none());

    assert_eq!(messages_under(&form, "email"), ["must be an email address"]);
    assert_eq!(messages_under(&form, "seats"), ["must be at most 10"]);
    assert_eq!(messages_under(&form, "address__street"), ["is required"]);
    assert_eq!(
        messages_under(&form, "address__zip"),
        ["must have at least 5 characters"]
    );
    assert_eq!(messages_under(&form, "gift"), Vec::<&str>::new());
    assert_eq!(field(&form, "email")["invalid"], true);
    assert!(field(&form, "gift").get("invalid").is_none());
    // One FieldError per problem, none elsewhere.
    let all = nodes(&form)
        .into_iter()
        .filter(|n| n["type"] == "FieldError")
        .count();
    assert_eq!(all, errors.errors.len());
}

#[test]
fn errors_of_no_field_sit_above_the_submit_button() {
    let errors = FormErrors {
        errors: vec![
            FieldError {
                field: String::new(),
                message: "the shop is closed".into(),
            },
            FieldError {
                field: "coupon".into(),
                message: "has expired".into(),
            },
        ],
    };
    let form = json(
        FormSpec::for_type::<Order>("order")
            .unwrap()
            .errors(&errors)
            .view(),
    );
    let kids = children(&form);
    let button = kids.iter().position(|c| c["type"] == "Button").unwrap();
    assert_eq!(button, kids.len() - 1);
    let above: Vec<&str> = kids[..button]
        .iter()
        .filter(|c| c["type"] == "FieldError")
        .map(|c| c["content"].as_str().unwrap())
        .collect();
    assert_eq!(above, ["the shop is closed", "coupon: has expired"]);
}

#[test]
fn value_fills_one_field_by_its_dotted_name() {
    let form = json(
        FormSpec::for_type::<Order>("order")
            .unwrap()
            .value("address.zip", "75001")
            .value("gift", "off")
            .value("nope", "ignored")
            .view(),
    );
    assert_eq!(control(&form, "address__zip")["value"], "75001");
    assert_eq!(control(&form, "gift")["value"], false);
    assert!(control(&form, "email").get("value").is_none());
}
