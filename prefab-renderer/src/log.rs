//! Diagnostics: the browser console, and the host's log (`notifications/message`, `ui/log`) once the
//! bridge has connected to a host and installed its sink ([`set_host_sink`]). Never shown to
//! the user as a failure. The bottom of the crate: every layer may report through it.
use std::cell::Cell;

/// Sends `(level, message)` to the host's log.
pub type HostSink = fn(&str, &str);

thread_local! {
    static HOST_SINK: Cell<Option<HostSink>> = const { Cell::new(None) };
}

/// Installs the host's log (the bridge does this when it connects).
pub fn set_host_sink(sink: HostSink) {
    HOST_SINK.with(|s| s.set(Some(sink)));
}

/// A warning (console + host log at level `warning`).
pub fn warn(message: &str) {
    console::warn(message);
    to_host("warning", message);
}

/// An error (console + host log at level `error`).
#[allow(dead_code)]
pub fn error(message: &str) {
    console::error(message);
    to_host("error", message);
}

/// An error on the console only (the panic hook: the bridge may be mid-call).
pub fn console_error(message: &str) {
    console::error(message);
}

/// The browser's console.
#[cfg(target_arch = "wasm32")]
mod console {
    use wasm_bindgen::JsValue;

    pub(super) fn warn(message: &str) {
        web_sys::console::warn_1(&JsValue::from_str(message));
    }

    pub(super) fn error(message: &str) {
        web_sys::console::error_1(&JsValue::from_str(message));
    }
}

/// Natively, the console is a list the caller reads with [`take_console`].
#[cfg(not(target_arch = "wasm32"))]
mod console {
    use std::cell::RefCell;

    thread_local! {
        pub(super) static LINES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    pub(super) fn warn(message: &str) {
        LINES.with(|l| l.borrow_mut().push(message.to_string()));
    }

    pub(super) fn error(message: &str) {
        warn(message);
    }
}

/// (Native builds) The warnings and errors written to the console since the last call.
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn take_console() -> Vec<String> {
    console::LINES.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

fn to_host(level: &str, message: &str) {
    if let Some(sink) = HOST_SINK.with(Cell::get) {
        sink(level, message);
    }
}
