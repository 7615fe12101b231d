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
    crate::dom::console_warn(message);
    to_host("warning", message);
}

/// An error (console + host log at level `error`).
#[allow(dead_code)]
pub fn error(message: &str) {
    crate::dom::console_error(message);
    to_host("error", message);
}

fn to_host(level: &str, message: &str) {
    if let Some(sink) = HOST_SINK.with(Cell::get) {
        sink(level, message);
    }
}
