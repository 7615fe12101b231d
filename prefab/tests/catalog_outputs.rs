//! Writes the output of every auto renderer and of `auto_form`, each as a `$prefab`
//! envelope, into `target/catalog/` (beside the workspace's other build output), for the
//! renderer's whole-catalogue browser test (`prefab-renderer/tests/catalog.mjs`) and the
//! contact sheet. Also checks each one is a wrapped envelope.
#![allow(clippy::unwrap_used)]
mod display_support;

use display_support::{messy_rows, monthly, orders};
use prefab::auto::{
    auto_chart, auto_comparison, auto_detail, auto_metrics, auto_progress, auto_table,
    auto_timeline,
};
use prefab::display::{DisplayOptions, Displayable, envelope};
use schemars::JsonSchema;
use serde_json::json;
use std::path::PathBuf;

#[derive(JsonSchema)]
#[allow(dead_code)]
struct Signup {
    /// Your name.
    name: String,
    email: String,
    age: Option<u32>,
    newsletter: bool,
}

/// The signup form as a `FormInput` tool shows it again after a submit its checks refused:
/// the values kept, an error under each bad field.
fn submitted_with_errors() -> prefab::Node {
    let submitted =
        json!({"name": "", "email": "ada@localhost", "age": "forty", "newsletter": true});
    let spec = prefab::forms::FormSpec::for_type::<Signup>("signup").unwrap();
    let errors = prefab::forms::check_fields(&spec.fields, &submitted).unwrap_err();
    assert!(errors.errors.len() >= 2, "{errors:?}");
    spec.values(submitted).errors(&errors).view().into()
}

#[test]
fn auto_renderer_outputs_are_written_for_the_catalogue() {
    let outputs: Vec<(&str, prefab::Node)> = vec![
        ("auto_table", auto_table(&orders(300)).unwrap().into()),
        ("auto_table_messy", auto_table(&messy_rows()).unwrap().into()),
        ("auto_chart", auto_chart(&monthly(), None).unwrap()),
        ("auto_metrics", auto_metrics(&json!({"revenue": 1200.5, "orders": 31, "churn": 0.03})).unwrap().into()),
        ("auto_detail", auto_detail(&orders(1)[0]).unwrap().into()),
        ("auto_comparison", auto_comparison(&orders(3)).unwrap().into()),
        ("auto_progress", auto_progress(&json!([{"label": "Disk", "value": 40, "max": 50}, {"name": "CPU", "value": 99}])).unwrap().into()),
        ("auto_timeline", auto_timeline(&json!([{"date": "2025-01-02", "title": "Created"}, {"date": "2025-02-03", "title": "Shipped"}])).unwrap().into()),
        ("auto_form", prefab::forms::auto_form::<Signup>("signup").unwrap().into()),
        ("auto_form_errors", submitted_with_errors()),
    ];
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/catalog");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, node) in outputs {
        let doc = envelope(Displayable::View(node), &DisplayOptions::new());
        assert_eq!(doc["view"]["cssClass"], "pf-app-root", "{name}");
        let text = serde_json::to_string_pretty(&doc).unwrap();
        std::fs::write(dir.join(format!("{name}.json")), text).unwrap();
    }
}
