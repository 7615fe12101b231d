//! Every gallery view converts to A2UI messages that validate against the official A2UI
//! v0.9 schemas (vendored under `prefab/tests/data/a2ui`), and reads back into a valid
//! `$prefab` envelope.
#![allow(clippy::unwrap_used)]

#[path = "../../prefab/tests/a2ui_support/mod.rs"]
mod a2ui_support;

use examples::gallery::{FAMILIES, family, sales_dashboard};
use prefab::a2ui::{self, Form, Options};

#[test]
fn every_gallery_view_writes_schema_valid_a2ui() {
    let validator = a2ui_support::validator();
    let mut views: Vec<(String, serde_json::Value)> = FAMILIES
        .iter()
        .map(|name| ((*name).to_owned(), family(name).unwrap()))
        .collect();
    views.push((
        "dashboard".into(),
        sales_dashboard().structured_content.unwrap(),
    ));
    for (name, view) in &views {
        for form in [Form::Batch, Form::Stream] {
            let out = a2ui::from_prefab(view, &Options::default().form(form));
            let errors = a2ui_support::schema_errors(&validator, &out.messages);
            assert!(errors.is_empty(), "{name}: {errors:?}");
            let back = a2ui::to_prefab(&out.messages);
            let report = prefab::validate(&back.envelope);
            assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
        }
    }
}
