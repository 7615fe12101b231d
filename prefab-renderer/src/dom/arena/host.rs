//! The native end of the view's `postMessage` channel: what the bridge posts is kept for
//! the caller (the test acting as the host), and the caller delivers the host's messages.
//!
//! ```
//! use prefab::expr::Value;
//! use prefab_renderer::dom::arena::host;
//! host::post_to_host(&Value::from("hello"));
//! assert_eq!(host::take_posted(), vec![Value::from("hello")]);
//! ```
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;

type Listener = Rc<dyn Fn(Value)>;

thread_local! {
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
    static POSTED: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
}

/// The bridge's listener for the host's messages (one per thread; a second replaces it).
pub fn listen_host(f: Box<dyn Fn(Value)>) -> bool {
    LISTENER.with(|l| *l.borrow_mut() = Some(Rc::from(f)));
    true
}

/// Keeps `message` for [`take_posted`].
pub fn post_to_host(message: &Value) -> bool {
    POSTED.with(|p| p.borrow_mut().push(message.clone()));
    true
}

/// The messages the view posted since the last call, oldest first.
#[must_use]
pub fn take_posted() -> Vec<Value> {
    POSTED.with(|p| std::mem::take(&mut *p.borrow_mut()))
}

/// Forgets the listener and the posted messages.
pub fn reset() {
    LISTENER.with(|l| *l.borrow_mut() = None);
    POSTED.with(|p| p.borrow_mut().clear());
}

/// Delivers a message from the host to the view, then runs the microtasks it queued.
/// `false` when no bridge listens.
pub fn deliver(message: Value) -> bool {
    let Some(listener) = LISTENER.with(|l| l.borrow().clone()) else {
        return false;
    };
    listener(message);
    super::clock::run_microtasks();
    true
}
