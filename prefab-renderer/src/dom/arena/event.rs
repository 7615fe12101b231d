//! Events of the native document, dispatched as a browser does: capturing listeners from the
//! top down, then the target's and, when the event bubbles, its ancestors'; and what moves
//! focus (`focus`, `blur`) and clicks.
use super::types::{ACTIVE, Data, Event, EventInit, Node, active};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsValue;

impl EventInit {
    /// A bubbling event of type `kind`.
    #[must_use]
    pub fn new(kind: &str) -> EventInit {
        EventInit {
            kind: kind.to_string(),
            bubbles: true,
            ..EventInit::default()
        }
    }

    /// A bubbling keyboard event of type `kind` for `key`.
    #[must_use]
    pub fn key(kind: &str, key: &str) -> EventInit {
        EventInit {
            key: Some(key.to_string()),
            ..EventInit::new(kind)
        }
    }
}

impl Event {
    /// A new bubbling event of type `kind`, to dispatch with `dispatch_event`.
    pub fn new(kind: &str) -> Result<Event, wasm_bindgen::JsValue> {
        Ok(Event::from_init(&EventInit::new(kind)))
    }

    fn from_init(init: &EventInit) -> Event {
        Event(Rc::new(Data {
            init: init.clone(),
            target: RefCell::default(),
            current: RefCell::default(),
            stopped: Cell::default(),
            prevented: Cell::default(),
        }))
    }

    /// The event type.
    #[must_use]
    pub fn type_(&self) -> String {
        self.0.init.kind.clone()
    }
    /// Where the event was dispatched.
    #[must_use]
    pub fn target(&self) -> Option<Node> {
        self.0.target.borrow().clone()
    }
    /// The node whose listener is running.
    #[must_use]
    pub fn current_target(&self) -> Option<Node> {
        self.0.current.borrow().clone()
    }
    /// Cancels the default action.
    pub fn prevent_default(&self) {
        self.0.prevented.set(true);
    }
    /// Whether a listener cancelled the default action.
    #[must_use]
    pub fn default_prevented(&self) -> bool {
        self.0.prevented.get()
    }
    /// Stops bubbling after the current node.
    pub fn stop_propagation(&self) {
        self.0.stopped.set(true);
    }
    /// The key of a keyboard event (empty otherwise).
    #[must_use]
    pub fn key(&self) -> String {
        self.0.init.key.clone().unwrap_or_default()
    }
    /// Shift held.
    #[must_use]
    pub fn shift_key(&self) -> bool {
        self.0.init.shift
    }
    /// Control held.
    #[must_use]
    pub fn ctrl_key(&self) -> bool {
        self.0.init.ctrl
    }
    /// Meta held.
    #[must_use]
    pub fn meta_key(&self) -> bool {
        self.0.init.meta
    }
    /// Alt held.
    #[must_use]
    pub fn alt_key(&self) -> bool {
        self.0.init.alt
    }
    /// Natively there is no pointer position: 0.
    #[must_use]
    pub fn client_x(&self) -> i32 {
        0
    }
    /// Natively there is no pointer position: 0.
    #[must_use]
    pub fn client_y(&self) -> i32 {
        0
    }
    /// The pointer of a pointer event (always 1 natively).
    #[must_use]
    pub fn pointer_id(&self) -> i32 {
        1
    }
    /// A number property (see [`EventInit::numbers`]).
    #[must_use]
    pub fn number(&self, key: &str) -> Option<f64> {
        let numbers = &self.0.init.numbers;
        numbers.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }
    /// Where focus goes, for `focusout`.
    #[must_use]
    pub fn related(&self) -> Option<Node> {
        self.0.init.related.clone()
    }
    /// The main button.
    #[must_use]
    pub fn button(&self) -> i16 {
        0
    }
}

/// Dispatches an event to `target` (and its ancestors when it bubbles); `false` when a
/// listener cancelled it. Capturing listeners on the ancestors run first, from the top.
pub fn dispatch(target: &Node, init: &EventInit) -> bool {
    dispatch_event(target, &Event::from_init(init))
}

pub(super) fn dispatch_event(target: &Node, event: &Event) -> bool {
    *event.0.target.borrow_mut() = Some(target.clone());
    let mut path = vec![target.clone()];
    while let Some(parent) = path.last().and_then(Node::parent_node) {
        path.push(parent);
    }
    let kind = event.0.init.kind.clone();
    let capture = path.iter().rev().map(|n| (n, true));
    let bubble = path
        .iter()
        .take(if event.0.init.bubbles { path.len() } else { 1 });
    for (node, capturing) in capture.chain(bubble.map(|n| (n, false))) {
        *event.0.current.borrow_mut() = Some(node.clone());
        for listener in node.listeners_for(&kind, capturing) {
            // A listener that dispatches the same event to itself is skipped, not re-entered.
            if let Ok(mut f) = listener.try_borrow_mut() {
                f(event.clone());
            }
        }
        if event.0.stopped.get() {
            break;
        }
    }
    super::clock::run_microtasks();
    !event.0.prevented.get()
}

/// Fires a plain event (focus changes).
pub(super) fn fire(target: &Node, kind: &str, bubbles: bool) {
    let init = EventInit {
        bubbles,
        ..EventInit::new(kind)
    };
    dispatch(target, &init);
}

impl Node {
    /// Focuses the element when it can take focus (`focusout`/`focusin` fire as in a
    /// browser).
    pub fn focus(&self) -> Result<(), JsValue> {
        let focusable = self.has_attribute("tabindex") || self.tab_index() >= 0;
        if !focusable || self.has_attribute("disabled") || !self.is_connected() {
            return Ok(());
        }
        let before = active();
        if before.as_ref() == Some(self) {
            return Ok(());
        }
        if let Some(old) = &before {
            ACTIVE.with(|a| *a.borrow_mut() = None);
            fire(old, "blur", false);
            let out = EventInit {
                related: Some(self.clone()),
                ..EventInit::new("focusout")
            };
            dispatch(old, &out);
        }
        ACTIVE.with(|a| *a.borrow_mut() = Some(self.clone()));
        fire(self, "focus", false);
        fire(self, "focusin", true);
        Ok(())
    }

    /// Moves focus away from this element when it has it.
    pub fn blur(&self) -> Result<(), JsValue> {
        if active().as_ref() == Some(self) {
            ACTIVE.with(|a| *a.borrow_mut() = None);
            fire(self, "blur", false);
            fire(self, "focusout", true);
        }
        Ok(())
    }

    /// A click: `click` on this element, bubbling.
    pub fn click(&self) {
        dispatch(self, &EventInit::new("click"));
    }

    /// Dispatches `event` here (see [`super::dispatch`]); `false` when it was cancelled.
    pub fn dispatch_event(&self, event: &Event) -> Result<bool, JsValue> {
        Ok(dispatch_event(self, event))
    }
}
