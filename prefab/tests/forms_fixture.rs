//! The renderer's browser test renders `auto_form` output: this test writes that document,
//! `prefab-renderer/tests/fixtures/forms-auto.json`, and fails when the committed file is
//! stale (`PREFAB_UPDATE_FIXTURES=1 cargo test -p prefab-rs --test forms_fixture` rewrites it).
//! The renderer side is `prefab-renderer/tests/forms.mjs` (`[auto_form]` checks).
#![allow(clippy::unwrap_used)]

use prefab::App;
use prefab::forms::auto_form;
use schemars::JsonSchema;

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

#[test]
fn forms_auto_fixture_is_current() {
    let app = App::new(auto_form::<Signup>("signup").unwrap());
    let mut text = app.to_json_pretty();
    text.push('\n');
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../prefab-renderer/tests/fixtures/forms-auto.json"
    );
    if std::env::var_os("PREFAB_UPDATE_FIXTURES").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == text,
        "forms-auto.json is stale: rerun with PREFAB_UPDATE_FIXTURES=1"
    );
}
