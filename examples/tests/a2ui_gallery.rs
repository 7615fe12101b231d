//! Every gallery view converts to A2UI messages that validate against the official A2UI
//! v0.9 and draft v1.0 schemas (vendored under `prefab/tests/data/a2ui`), and reads back into a valid
//! `$prefab` envelope. Also writes each view into `target/a2ui-gallery/<name>.json` for the
//! browser suite that renders them in the official Lit renderer
//! (`prefab-renderer/tests/a2ui-lit.mjs`).
#![allow(clippy::unwrap_used)]

#[path = "../../prefab/tests/a2ui_support/mod.rs"]
mod a2ui_support;

use examples::gallery::{FAMILIES, family, sales_dashboard};
use prefab::a2ui::{self, Form, Options, Version};

/// Every gallery view (each family's page and the sales dashboard) as `(name, envelope)`.
fn views() -> Vec<(String, serde_json::Value)> {
    let mut views: Vec<(String, serde_json::Value)> = FAMILIES
        .iter()
        .map(|name| ((*name).to_owned(), family(name).unwrap()))
        .collect();
    views.push((
        "dashboard".into(),
        sales_dashboard().structured_content.unwrap(),
    ));
    views
}

#[test]
fn every_gallery_view_is_written_for_the_lit_suite() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/a2ui-gallery");
    // Rewritten whole, so a view that is gone leaves no file behind.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let views = views();
    assert!(views.len() >= 9, "{} views", views.len());
    for (name, view) in views {
        let text = serde_json::to_string_pretty(&view).unwrap();
        std::fs::write(dir.join(format!("{name}.json")), text).unwrap();
    }
}

#[test]
fn every_gallery_view_writes_schema_valid_a2ui() {
    let validator = a2ui_support::validator();
    let v1_0 = a2ui_support::validator_v1_0();
    let versions = [(Version::V0_9, &validator), (Version::V1_0, &v1_0)];
    for (name, view) in &views() {
        for ((version, validator), form) in versions
            .into_iter()
            .flat_map(|v| [(v, Form::Batch), (v, Form::Stream)])
        {
            let options = Options::default().version(version).form(form);
            let out = a2ui::from_prefab(view, &options);
            let errors = a2ui_support::schema_errors(validator, &out.messages);
            assert!(errors.is_empty(), "{name} {version:?} {form:?}: {errors:?}");
            let back = a2ui::to_prefab(&out.messages);
            let report = prefab::validate(&back.envelope);
            assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
        }
    }
}
