//! The renderer's browser test renders `auto_form` output: this test writes that document,
//! `prefab-renderer/tests/fixtures/forms-auto.json`, and fails when the committed file is
//! stale (`PREFAB_UPDATE_FIXTURES=1 cargo test -p prefab-rs --test forms_fixture` rewrites it).
//! The renderer side is `prefab-renderer/tests/forms.mjs` (`[auto_form]` checks).
//!
//! It also writes `forms-money.json`: the form of an expense (issue 37: a money field, an
//! exclusive minimum, a `multipleOf`, patterns, an email, a `u8`), with, in its state,
//! `samples`: values of each field and whether the server (`check_fields`) accepts each.
//! `forms.mjs` types 42.5 into its amount and submits it (`[money]`), and compares the
//! browser's verdict (`input.checkValidity()`) with the server's for every sample
//! (`[validity]`).
#![allow(clippy::unwrap_used)]

use prefab::App;
use prefab::forms::{FieldKind, FormField, FormSpec, auto_form, check_fields};
use schemars::JsonSchema;
use serde_json::{Value, json};

#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Plan {
    Basic,
    Team,
}

/// One field of each kind `auto_form` produces.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Signup {
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
    #[schemars(extend("format" = "date"))]
    birthday: String,
    #[schemars(extend("format" = "date-time"))]
    starts_at: Option<String>,
    tags: Vec<String>,
}

/// Writes (with `PREFAB_UPDATE_FIXTURES`) or compares the renderer fixture `name`.
fn fixture(name: &str, app: &App) {
    let mut text = app.to_json_pretty();
    text.push('\n');
    let path = format!(
        "{}/../prefab-renderer/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("PREFAB_UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{name} is stale: rerun with PREFAB_UPDATE_FIXTURES=1"
    );
}

#[test]
fn forms_auto_fixture_is_current() {
    fixture(
        "forms-auto.json",
        &App::new(auto_form::<Signup>("signup").unwrap()),
    );
}

mod expense;
use expense::Expense;

/// A small deterministic generator (no seed to pass around, the fixture stays stable).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }

    /// A decimal text in [-5, 300) with 0 to 3 fraction digits.
    fn decimal(&mut self) -> String {
        let digits = self.next(4);
        let scale = 10_u64.pow(u32::try_from(digits).unwrap());
        let n = i64::try_from(self.next(305 * scale)).unwrap() - i64::try_from(5 * scale).unwrap();
        if digits == 0 {
            return n.to_string();
        }
        let (sign, n) = if n < 0 { ("-", -n) } else { ("", n) };
        let scale = i64::try_from(scale).unwrap();
        let width = usize::try_from(digits).unwrap();
        format!("{sign}{}.{:0width$}", n / scale, n % scale)
    }

    /// A short text from a small alphabet (letters of both cases, digits, `@`, `.`, space).
    fn text(&mut self, alphabet: &str) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        let len = self.next(6);
        (0..len)
            .map(|_| chars[usize::try_from(self.next(chars.len() as u64)).unwrap()])
            .collect()
    }
}

/// Values for each field: edge values, then generated ones.
fn samples(fields: &[FormField]) -> Vec<Value> {
    let mut rng = Lcg(37);
    let mut out = Vec::new();
    for field in fields {
        let mut values: Vec<String> = match (&field.kind, field.name.as_str()) {
            (FieldKind::Email, _) => [
                "a@b.co",
                "a@b",
                "ab",
                "@b.co",
                "a b@c.de",
                "x.y+z@mail.example.org",
            ]
            .map(String::from)
            .to_vec(),
            (FieldKind::Number | FieldKind::Integer, _) => {
                ["0", "0.01", "0.001", "42.5", "1.75", "255", "256", "-1"]
                    .map(String::from)
                    .to_vec()
            }
            _ => ["EUR", "eur", "EURO", "a1", "", "no 7"]
                .map(String::from)
                .to_vec(),
        };
        for _ in 0..12 {
            values.push(match &field.kind {
                FieldKind::Number | FieldKind::Integer => rng.decimal(),
                FieldKind::Email => rng.text("ab@.Z 9"),
                _ => rng.text("ABCDEabc19 -"),
            });
        }
        for value in values {
            let server =
                check_fields(std::slice::from_ref(field), &json!({ &field.name: value })).is_ok();
            out.push(json!({"field": field.name, "value": value, "server": server}));
        }
    }
    out
}

#[test]
fn forms_money_fixture_is_current() {
    let spec = FormSpec::for_type::<Expense>("save_expense").unwrap();
    let app = App::new(spec.view()).state("samples", samples(&spec.fields));
    fixture("forms-money.json", &app);
}
