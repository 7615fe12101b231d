//! Diagnostics: the browser console, and the host's log (`notifications/message`) once a
//! host is connected. Never shown to the user as a failure.
use wasm_bindgen::JsValue;

/// A warning (console + host log at level `warning`).
pub fn warn(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
    to_host("warning", message);
}

/// An error (console + host log at level `error`).
#[allow(dead_code)]
pub fn error(message: &str) {
    web_sys::console::error_1(&JsValue::from_str(message));
    to_host("error", message);
}

fn to_host(level: &str, message: &str) {
    if super::is_connected() {
        let params = super::rpc::object(&[
            ("level", level.into()),
            ("logger", "prefab-renderer".into()),
            ("data", message.into()),
        ]);
        super::notify("notifications/message", Some(&params));
    }
}
