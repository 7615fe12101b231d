//! Global template overrides (own test binary: the setting is process-wide).
#![allow(clippy::unwrap_used)]
use prefab::display::{Content, display};
use prefab::fallback::{FallbackTemplates, set_global_templates};
use serde_json::json;

#[test]
fn global_templates_apply_to_every_call_until_reset() {
    let view = json!({"type": "Metric", "label": "Users", "value": 42});
    set_global_templates(
        FallbackTemplates::builtin()
            .with("metric", "{{ label }}={{ value }}")
            .unwrap(),
    );
    assert_eq!(display(view.clone()).content[0], Content::text("Users=42"));
    set_global_templates(FallbackTemplates::builtin());
    assert_eq!(display(view).content[0], Content::text("Users: 42"));
}
