//! The expense of issue 37, shared by `forms_keywords.rs` and `forms_fixture.rs`: a money
//! field with a minimum, an exclusive minimum, a `multipleOf`, a `u8`, two patterns (one
//! anchored, one not) and an email.
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
#[allow(dead_code, reason = "each test reads some fields, the schema all")]
pub struct Expense {
    #[schemars(range(min = 0.01))]
    pub amount: f64,
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub tip: f64,
    #[schemars(extend("multipleOf" = 0.25))]
    pub hours: f64,
    pub seats: u8,
    #[schemars(regex(pattern = r"^[A-Z]{3}$"))]
    pub currency: String,
    #[schemars(regex(pattern = r"\d"))]
    pub reference: String,
    #[schemars(email)]
    pub email: String,
}
