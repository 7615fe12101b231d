//! The types of the native document that refer to each other: nodes hold listeners of
//! events, events hold their nodes. Their methods live in `node.rs` and `event.rs`.
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

/// What a node is.
pub(crate) enum Kind {
    Document,
    /// An element: its local name (lower case for HTML) and whether it is SVG.
    Element(String, bool),
    Text,
}

/// A listener's function, shared so that dispatch can call it while it is being removed.
pub(super) type Handler = Rc<RefCell<Box<dyn FnMut(Event)>>>;
/// (id, event types, capturing, function).
pub(super) type Listener = (u32, Vec<String>, bool, Handler);

pub(super) struct Inner {
    pub(super) kind: Kind,
    pub(super) parent: RefCell<Weak<Inner>>,
    pub(super) children: RefCell<Vec<Node>>,
    pub(super) attrs: RefCell<Vec<(String, String)>>,
    pub(super) text: RefCell<String>,
    /// The form value once set by script or typing (before that, the `value` attribute).
    pub(super) value: RefCell<Option<String>>,
    pub(super) checked: Cell<Option<bool>>,
    pub(super) listeners: RefCell<Vec<Listener>>,
}

/// A node of the native document: element, text or the document itself. Cloning gives
/// another handle to the same node.
#[derive(Clone)]
pub struct Node(pub(super) Rc<Inner>);

impl Node {
    pub(super) fn new(kind: Kind) -> Node {
        Node(Rc::new(Inner {
            kind,
            parent: RefCell::default(),
            children: RefCell::default(),
            attrs: RefCell::default(),
            text: RefCell::default(),
            value: RefCell::default(),
            checked: Cell::default(),
            listeners: RefCell::default(),
        }))
    }
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl AsRef<Node> for Node {
    fn as_ref(&self) -> &Node {
        self
    }
}

thread_local! {
    pub(super) static NEXT_LISTENER: Cell<u32> = const { Cell::new(0) };
    pub(super) static ACTIVE: RefCell<Option<Node>> = const { RefCell::new(None) };
}

/// The focused element.
#[must_use]
pub fn active() -> Option<Node> {
    ACTIVE.with(|a| a.borrow().clone())
}

/// Calls `f` on `node` and every descendant, in document order.
pub(super) fn walk(node: &Node, f: &mut dyn FnMut(&Node)) {
    f(node);
    for child in node.child_list() {
        walk(&child, f);
    }
}

/// The casts of the browser build. Every element type is a [`Node`] here, so a cast to an
/// element type succeeds on elements; a cast of an event succeeds on keyboard events.
pub trait JsCast: Sized {
    /// `Some` when the value is of the target kind.
    fn dyn_ref<T>(&self) -> Option<&T>
    where
        Self: Is<T>,
    {
        self.is().then(|| self.cast())
    }
    /// `Ok` when the value is of the target kind, else the value back.
    fn dyn_into<T>(self) -> Result<T, Self>
    where
        Self: Is<T>,
    {
        if self.is() {
            Ok(self.cast_into())
        } else {
            Err(self)
        }
    }
    /// The value as the target type.
    fn unchecked_ref<T>(&self) -> &T
    where
        Self: Is<T>,
    {
        self.cast()
    }
    /// The value as the target type.
    fn unchecked_into<T>(self) -> T
    where
        Self: Is<T>,
    {
        self.cast_into()
    }
}

/// The identity casts behind [`JsCast`].
pub trait Is<T> {
    /// Whether `self` is of the kind a cast expects.
    fn is(&self) -> bool;
    /// `self` as `T`.
    fn cast(&self) -> &T;
    /// `self` as `T`.
    fn cast_into(self) -> T;
}

impl JsCast for Node {}
impl Is<Node> for Node {
    fn is(&self) -> bool {
        matches!(self.0.kind, Kind::Element(..))
    }
    fn cast(&self) -> &Node {
        self
    }
    fn cast_into(self) -> Node {
        self
    }
}

/// What an event is: its type, whether it bubbles, and for keyboard events the key and
/// modifiers.
///
/// ```
/// use prefab_renderer::dom::arena::EventInit;
/// let enter = EventInit::key("keydown", "Enter");
/// assert!(enter.bubbles);
/// assert_eq!(enter.key.as_deref(), Some("Enter"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct EventInit {
    /// The event type (`click`, `input`, `keydown`).
    pub kind: String,
    /// Whether it bubbles to the ancestors.
    pub bubbles: bool,
    /// The key of a keyboard event.
    pub key: Option<String>,
    /// Shift held.
    pub shift: bool,
    /// Control held.
    pub ctrl: bool,
    /// Meta held.
    pub meta: bool,
    /// Alt held.
    pub alt: bool,
    /// Number properties of pointer events (`buttons`, `clientX`, `clientY`).
    pub numbers: Vec<(String, f64)>,
    /// Where focus goes, for `focusout`.
    pub related: Option<Node>,
}

/// What an [`Event`] carries while it is dispatched.
pub(super) struct Data {
    pub(super) init: EventInit,
    pub(super) target: RefCell<Option<Node>>,
    pub(super) current: RefCell<Option<Node>>,
    pub(super) stopped: Cell<bool>,
    pub(super) prevented: Cell<bool>,
}

/// An event being dispatched (a handle: listeners get copies of the same event).
#[derive(Clone)]
pub struct Event(pub(super) Rc<Data>);

impl JsCast for Event {}
impl Is<Event> for Event {
    /// Casts of events are to keyboard events: they succeed when there is a key.
    fn is(&self) -> bool {
        self.0.init.key.is_some()
    }
    fn cast(&self) -> &Event {
        self
    }
    fn cast_into(self) -> Event {
        self
    }
}
