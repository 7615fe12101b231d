//! The gallery's typed form: a valid submission is saved and listed; one with mistakes comes
//! back as the same form, values kept and each mistake under its field, and saves nothing;
//! the rows survive reopening the file.
#![allow(clippy::unwrap_used)]
mod form_tree;
use examples::gallery::{SAVE_TOOL, Signups};
use form_tree::{control, error_count, messages_under};
use prefab_mcp::FormInput;
use rmcp::model::{CallToolResponse, CallToolResult};
use serde_json::{Value, json};

fn dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prefab-signups-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn save(store: &Signups, arguments: Value) -> CallToolResult {
    match store.save(FormInput::new(SAVE_TOOL, arguments)) {
        CallToolResponse::Complete(result) => result,
        other => panic!("expected a result, got {other:?}"),
    }
}

#[test]
fn saves_lists_and_shows_mistakes_under_their_fields() {
    let dir = dir("save");
    let store = Signups::open_in(&dir).unwrap();
    let ok = save(
        &store,
        json!({"name": "Ada", "email": "ada@example.com", "seats": "4", "newsletter": false}),
    );
    assert_ne!(ok.is_error, Some(true));
    let bad = save(
        &store,
        json!({"name": "Bob", "email": "not an email", "seats": "900", "newsletter": "on"}),
    );
    assert_ne!(bad.is_error, Some(true));
    let view = &bad.structured_content.as_ref().unwrap()["view"];
    assert_eq!(control(view, "name")["value"], "Bob");
    assert_eq!(control(view, "email")["value"], "not an email");
    assert_eq!(control(view, "seats")["value"], "900");
    assert_eq!(control(view, "newsletter")["value"], true);
    assert_eq!(messages_under(view, "email"), ["must be an email address"]);
    assert_eq!(messages_under(view, "seats"), ["must be at most 500"]);
    assert_eq!(error_count(view), 2);
    // The page around the form: the saved rows are still listed below it.
    assert!(
        serde_json::to_string(view)
            .unwrap()
            .contains("Saved sign-ups (1)")
    );
    let text = bad.content[0].as_text().unwrap().text.clone();
    assert!(
        text.contains("email: must be an email address")
            && text.contains("seats: must be at most 500"),
        "{text}"
    );

    let rows = store.rows().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].email.as_str(), rows[0].seats),
        ("ada@example.com", 4)
    );
    drop(store);
    let reopened = Signups::open_in(&dir).unwrap();
    assert_eq!(reopened.rows().unwrap().len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
