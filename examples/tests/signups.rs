//! The gallery's typed form: a valid submission is saved and listed, an invalid one names
//! the field and saves nothing, and the rows survive reopening the file.
#![allow(clippy::unwrap_used)]
use examples::gallery::Signups;
use serde_json::json;

fn dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prefab-signups-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn saves_lists_and_rejects_with_field_names() {
    let dir = dir("save");
    let store = Signups::open_in(&dir).unwrap();
    let ok = store.save(
        &json!({"name": "Ada", "email": "ada@example.com", "seats": "4", "newsletter": false}),
    );
    assert!(!ok.is_error);
    let bad = store
        .save(&json!({"name": "Bob", "email": "not an email", "seats": 2, "newsletter": true}));
    assert!(bad.is_error);
    let text = serde_json::to_string(&bad.structured_content).unwrap();
    assert!(text.contains("email"), "{text}");
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
