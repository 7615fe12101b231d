//! Nodes of the native document, with the `web-sys` method names the renderer calls.
use super::event::{self, Event};
use super::style::{ClassList, Style};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::JsValue;

/// What a node is.
pub(super) enum Kind {
    Document,
    /// An element: its local name (lower case for HTML) and whether it is SVG.
    Element(String, bool),
    Text,
}

/// A listener's function, shared so that dispatch can call it while it is being removed.
pub(super) type Handler = Rc<RefCell<Box<dyn FnMut(Event)>>>;
/// (id, event types, capturing, function).
type Listener = (u32, Vec<String>, bool, Handler);

pub(super) struct Inner {
    pub(super) kind: Kind,
    parent: RefCell<Weak<Inner>>,
    children: RefCell<Vec<Node>>,
    pub(super) attrs: RefCell<Vec<(String, String)>>,
    text: RefCell<String>,
    /// The form value once set by script or typing (before that, the `value` attribute).
    value: RefCell<Option<String>>,
    checked: Cell<Option<bool>>,
    listeners: RefCell<Vec<Listener>>,
}

/// A node of the native document: element, text or the document itself. Cloning gives
/// another handle to the same node.
#[derive(Clone)]
pub struct Node(pub(super) Rc<Inner>);

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

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&super::html::outer(self))
    }
}

thread_local! {
    static NEXT_LISTENER: Cell<u32> = const { Cell::new(0) };
    static ACTIVE: RefCell<Option<Node>> = const { RefCell::new(None) };
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

/// The children of a node at one moment (`childNodes`, `children`, `querySelectorAll`).
pub struct NodeList(Vec<Node>);

impl NodeList {
    /// How many nodes.
    #[must_use]
    pub fn length(&self) -> u32 {
        self.0.len() as u32
    }
    /// Node `i`.
    #[must_use]
    pub fn item(&self, i: u32) -> Option<Node> {
        self.0.get(i as usize).cloned()
    }
    /// Node `i`.
    #[must_use]
    pub fn get(&self, i: u32) -> Option<Node> {
        self.item(i)
    }
}

/// A layout box: natively there is no layout, every box is empty at the origin.
#[derive(Clone, Copy, Default)]
pub struct DomRect;

impl DomRect {
    /// 0.
    #[must_use]
    pub fn x(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn y(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn width(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn height(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn top(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn left(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn right(&self) -> f64 {
        0.0
    }
    /// 0.
    #[must_use]
    pub fn bottom(&self) -> f64 {
        0.0
    }
}

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

    /// A new element outside the document (`svg`: in the SVG namespace).
    #[must_use]
    pub fn new_element(tag: &str, svg: bool) -> Node {
        Node::new(Kind::Element(tag.to_string(), svg))
    }

    /// Whether this is an element.
    #[must_use]
    pub fn is_element(&self) -> bool {
        matches!(self.0.kind, Kind::Element(..))
    }

    /// The element's local name (`div`, `svg`, `path`); empty for other nodes.
    #[must_use]
    pub fn local_name(&self) -> String {
        match &self.0.kind {
            Kind::Element(tag, _) => tag.clone(),
            _ => String::new(),
        }
    }

    /// The tag name: upper case for HTML elements, as written for SVG.
    #[must_use]
    pub fn tag_name(&self) -> String {
        match &self.0.kind {
            Kind::Element(tag, false) => tag.to_ascii_uppercase(),
            Kind::Element(tag, true) => tag.clone(),
            _ => String::new(),
        }
    }

    /// The element's namespace.
    #[must_use]
    pub fn namespace_uri(&self) -> Option<String> {
        match &self.0.kind {
            Kind::Element(_, true) => Some("http://www.w3.org/2000/svg".into()),
            Kind::Element(_, false) => Some("http://www.w3.org/1999/xhtml".into()),
            _ => None,
        }
    }

    /// 1 for elements, 3 for text, 9 for the document.
    #[must_use]
    pub fn node_type(&self) -> u16 {
        match self.0.kind {
            Kind::Element(..) => 1,
            Kind::Text => 3,
            Kind::Document => 9,
        }
    }

    // --- attributes ---

    /// An attribute's value.
    #[must_use]
    pub fn get_attribute(&self, name: &str) -> Option<String> {
        let attrs = self.0.attrs.borrow();
        attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    }

    /// Sets an attribute (names are kept as given; HTML names are lower case already).
    pub fn set_attribute(&self, name: &str, value: &str) -> Result<(), JsValue> {
        if name.is_empty() || name.contains([' ', '"', '\'', '>', '/', '=']) {
            return Err(JsValue::UNDEFINED);
        }
        let mut attrs = self.0.attrs.borrow_mut();
        match attrs.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => value.clone_into(&mut slot.1),
            None => attrs.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Removes an attribute.
    pub fn remove_attribute(&self, name: &str) -> Result<(), JsValue> {
        self.0.attrs.borrow_mut().retain(|(k, _)| k != name);
        Ok(())
    }

    /// Whether an attribute is present.
    #[must_use]
    pub fn has_attribute(&self, name: &str) -> bool {
        self.0.attrs.borrow().iter().any(|(k, _)| k == name)
    }

    /// The attribute names, in order.
    #[must_use]
    pub fn get_attribute_names(&self) -> Vec<String> {
        self.0
            .attrs
            .borrow()
            .iter()
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// Every attribute, in order.
    #[must_use]
    pub fn attributes(&self) -> Vec<(String, String)> {
        self.0.attrs.borrow().clone()
    }

    /// The `id` attribute.
    #[must_use]
    pub fn id(&self) -> String {
        self.get_attribute("id").unwrap_or_default()
    }

    /// Sets the `id` attribute.
    pub fn set_id(&self, id: &str) {
        let _ = self.set_attribute("id", id);
    }

    /// The `class` attribute.
    #[must_use]
    pub fn class_name(&self) -> String {
        self.get_attribute("class").unwrap_or_default()
    }

    /// Sets the `class` attribute.
    pub fn set_class_name(&self, class: &str) {
        let _ = self.set_attribute("class", class);
    }

    /// The class list (a view of the `class` attribute).
    #[must_use]
    pub fn class_list(&self) -> ClassList {
        ClassList(self.clone())
    }

    /// The inline style (a view of the `style` attribute).
    #[must_use]
    pub fn style(&self) -> Style {
        Style(self.clone())
    }

    /// Sets or removes `hidden`.
    pub fn set_hidden(&self, hidden: bool) {
        let _ = if hidden {
            self.set_attribute("hidden", "")
        } else {
            self.remove_attribute("hidden")
        };
    }

    /// Whether `hidden` is set.
    #[must_use]
    pub fn hidden(&self) -> bool {
        self.has_attribute("hidden")
    }

    /// Sets `tabindex`.
    pub fn set_tab_index(&self, index: i32) {
        let _ = self.set_attribute("tabindex", &index.to_string());
    }

    /// `tabindex` as a number (interactive elements default to 0, others to -1).
    #[must_use]
    pub fn tab_index(&self) -> i32 {
        if let Some(i) = self
            .get_attribute("tabindex")
            .and_then(|t| t.trim().parse().ok())
        {
            return i;
        }
        let tag = self.local_name();
        let focusable = matches!(tag.as_str(), "button" | "input" | "select" | "textarea")
            || (tag == "a" && self.has_attribute("href"));
        if focusable { 0 } else { -1 }
    }

    /// Sets the `type` attribute.
    pub fn set_type(&self, ty: &str) {
        let _ = self.set_attribute("type", ty);
    }

    /// Sets or removes `multiple`.
    pub fn set_multiple(&self, on: bool) {
        let _ = if on {
            self.set_attribute("multiple", "")
        } else {
            self.remove_attribute("multiple")
        };
    }

    /// Sets the `accept` attribute.
    pub fn set_accept(&self, accept: &str) {
        let _ = self.set_attribute("accept", accept);
    }

    /// Whether the element is editable text (`contenteditable`).
    #[must_use]
    pub fn is_content_editable(&self) -> bool {
        self.get_attribute("contenteditable")
            .is_some_and(|v| v.is_empty() || v == "true")
    }

    // --- form state ---

    /// The control's value: what was typed or set, else the `value` attribute (a
    /// `<textarea>`'s text).
    #[must_use]
    pub fn value(&self) -> String {
        if let Some(v) = self.0.value.borrow().as_ref() {
            return v.clone();
        }
        if self.local_name() == "textarea" {
            return self.text_content().unwrap_or_default();
        }
        self.get_attribute("value").unwrap_or_default()
    }

    /// Sets the control's value (the attribute is left as it is, as in a browser).
    pub fn set_value(&self, value: &str) {
        *self.0.value.borrow_mut() = Some(value.to_string());
    }

    /// Whether a checkbox or radio is checked.
    #[must_use]
    pub fn checked(&self) -> bool {
        self.0
            .checked
            .get()
            .unwrap_or_else(|| self.has_attribute("checked"))
    }

    /// Checks or unchecks a checkbox or radio.
    pub fn set_checked(&self, checked: bool) {
        self.0.checked.set(Some(checked));
    }

    /// Files of a file input: none natively.
    #[must_use]
    pub fn files(&self) -> Option<web_sys::FileList> {
        None
    }

    /// Form validation: natively every form is valid.
    #[must_use]
    pub fn report_validity(&self) -> bool {
        true
    }

    // --- tree ---

    /// The parent node.
    #[must_use]
    pub fn parent_node(&self) -> Option<Node> {
        self.0.parent.borrow().upgrade().map(Node)
    }

    /// The parent, when it is an element.
    #[must_use]
    pub fn parent_element(&self) -> Option<Node> {
        self.parent_node().filter(Node::is_element)
    }

    /// The children (element and text).
    #[must_use]
    pub fn child_list(&self) -> Vec<Node> {
        self.0.children.borrow().clone()
    }

    /// `childNodes`.
    #[must_use]
    pub fn child_nodes(&self) -> NodeList {
        NodeList(self.child_list())
    }

    /// `children`: the element children.
    #[must_use]
    pub fn children(&self) -> NodeList {
        NodeList(
            self.child_list()
                .into_iter()
                .filter(Node::is_element)
                .collect(),
        )
    }

    /// Whether the node has children.
    #[must_use]
    pub fn has_child_nodes(&self) -> bool {
        !self.0.children.borrow().is_empty()
    }

    /// The first child.
    #[must_use]
    pub fn first_child(&self) -> Option<Node> {
        self.0.children.borrow().first().cloned()
    }

    /// The last child.
    #[must_use]
    pub fn last_child(&self) -> Option<Node> {
        self.0.children.borrow().last().cloned()
    }

    /// The first element child.
    #[must_use]
    pub fn first_element_child(&self) -> Option<Node> {
        self.0
            .children
            .borrow()
            .iter()
            .find(|n| n.is_element())
            .cloned()
    }

    fn index_in_parent(&self) -> Option<(Node, usize)> {
        let parent = self.parent_node()?;
        let i = parent.0.children.borrow().iter().position(|c| c == self)?;
        Some((parent, i))
    }

    /// The next sibling.
    #[must_use]
    pub fn next_sibling(&self) -> Option<Node> {
        let (parent, i) = self.index_in_parent()?;
        parent.0.children.borrow().get(i + 1).cloned()
    }

    /// The previous sibling.
    #[must_use]
    pub fn previous_sibling(&self) -> Option<Node> {
        let (parent, i) = self.index_in_parent()?;
        let children = parent.0.children.borrow();
        i.checked_sub(1).and_then(|j| children.get(j).cloned())
    }

    /// The next element sibling.
    #[must_use]
    pub fn next_element_sibling(&self) -> Option<Node> {
        let (parent, i) = self.index_in_parent()?;
        let children = parent.0.children.borrow();
        children[i + 1..].iter().find(|n| n.is_element()).cloned()
    }

    /// The previous element sibling.
    #[must_use]
    pub fn previous_element_sibling(&self) -> Option<Node> {
        let (parent, i) = self.index_in_parent()?;
        let children = parent.0.children.borrow();
        children[..i].iter().rev().find(|n| n.is_element()).cloned()
    }

    /// Whether `other` is this node or inside it.
    #[must_use]
    pub fn contains(&self, other: Option<&Node>) -> bool {
        let mut at = other.cloned();
        while let Some(n) = at {
            if &n == self {
                return true;
            }
            at = n.parent_node();
        }
        false
    }

    /// Whether `other` is this node.
    #[must_use]
    pub fn is_same_node(&self, other: Option<&Node>) -> bool {
        other == Some(self)
    }

    /// Whether the node is in the document.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        let mut at = self.clone();
        while let Some(p) = at.parent_node() {
            at = p;
        }
        matches!(at.0.kind, Kind::Document)
    }

    fn detach(&self) {
        if let Some((parent, i)) = self.index_in_parent() {
            parent.0.children.borrow_mut().remove(i);
        }
        *self.0.parent.borrow_mut() = Weak::new();
    }

    /// Inserts `child` before `before` (at the end without one); a node moves from where
    /// it was. A node cannot go inside itself.
    pub fn insert_before(&self, child: &Node, before: Option<&Node>) -> Result<Node, JsValue> {
        if child.contains(Some(self)) {
            return Err(JsValue::UNDEFINED);
        }
        child.detach();
        let mut children = self.0.children.borrow_mut();
        let at = match before {
            Some(b) => children
                .iter()
                .position(|c| c == b)
                .ok_or(JsValue::UNDEFINED)?,
            None => children.len(),
        };
        children.insert(at, child.clone());
        *child.0.parent.borrow_mut() = Rc::downgrade(&self.0);
        Ok(child.clone())
    }

    /// Appends `child`.
    pub fn append_child(&self, child: &Node) -> Result<Node, JsValue> {
        self.insert_before(child, None)
    }

    /// Removes `child`.
    pub fn remove_child(&self, child: &Node) -> Result<Node, JsValue> {
        if child.parent_node().as_ref() != Some(self) {
            return Err(JsValue::UNDEFINED);
        }
        child.detach();
        Ok(child.clone())
    }

    /// Replaces `old` by `new`.
    pub fn replace_child(&self, new: &Node, old: &Node) -> Result<Node, JsValue> {
        if old.parent_node().as_ref() != Some(self) {
            return Err(JsValue::UNDEFINED);
        }
        if new != old {
            self.insert_before(new, Some(old))?;
            old.detach();
        }
        Ok(old.clone())
    }

    /// Puts `new` where this node is.
    pub fn replace_with_with_node_1(&self, new: &Node) -> Result<(), JsValue> {
        if let Some(parent) = self.parent_node() {
            parent.replace_child(new, self)?;
        }
        Ok(())
    }

    /// Takes the node out of its parent.
    pub fn remove(&self) {
        if self.contains(active().as_ref()) {
            ACTIVE.with(|a| *a.borrow_mut() = None);
        }
        self.detach();
    }

    /// A copy of the node (with its subtree when `deep`); listeners are not copied.
    pub fn clone_node_with_deep(&self, deep: bool) -> Result<Node, JsValue> {
        let kind = match &self.0.kind {
            Kind::Element(tag, svg) => Kind::Element(tag.clone(), *svg),
            Kind::Text => Kind::Text,
            Kind::Document => return Err(JsValue::UNDEFINED),
        };
        let copy = Node::new(kind);
        *copy.0.attrs.borrow_mut() = self.0.attrs.borrow().clone();
        *copy.0.text.borrow_mut() = self.0.text.borrow().clone();
        *copy.0.value.borrow_mut() = self.0.value.borrow().clone();
        copy.0.checked.set(self.0.checked.get());
        if deep {
            for child in self.child_list() {
                copy.append_child(&child.clone_node_with_deep(true)?)?;
            }
        }
        Ok(copy)
    }

    // --- text ---

    /// The text of the node and its descendants.
    #[must_use]
    pub fn text_content(&self) -> Option<String> {
        match self.0.kind {
            Kind::Text => Some(self.0.text.borrow().clone()),
            Kind::Document => None,
            Kind::Element(..) => {
                let mut out = String::new();
                self.push_text(&mut out);
                Some(out)
            }
        }
    }

    fn push_text(&self, out: &mut String) {
        match self.0.kind {
            Kind::Text => out.push_str(&self.0.text.borrow()),
            _ => {
                for child in self.0.children.borrow().iter() {
                    child.push_text(out);
                }
            }
        }
    }

    /// The text of a text node (the children of an element become one text node).
    pub fn set_text_content(&self, text: Option<&str>) {
        let text = text.unwrap_or_default();
        match self.0.kind {
            Kind::Text => text.clone_into(&mut self.0.text.borrow_mut()),
            Kind::Document => {}
            Kind::Element(..) => {
                for child in self.child_list() {
                    child.detach();
                }
                if !text.is_empty() {
                    let node = Node::new(Kind::Text);
                    text.clone_into(&mut node.0.text.borrow_mut());
                    let _ = self.append_child(&node);
                }
            }
        }
    }

    /// A text node's text.
    #[must_use]
    pub fn data(&self) -> String {
        self.0.text.borrow().clone()
    }

    /// Sets a text node's text.
    pub fn set_data(&self, text: &str) {
        text.clone_into(&mut self.0.text.borrow_mut());
    }

    // --- selectors ---

    /// The first descendant matching `selector`.
    pub fn query_selector(&self, selector: &str) -> Result<Option<Node>, JsValue> {
        Ok(super::select::all(self, selector)?.into_iter().next())
    }

    /// Every descendant matching `selector`, in document order.
    pub fn query_selector_all(&self, selector: &str) -> Result<NodeList, JsValue> {
        Ok(NodeList(super::select::all(self, selector)?))
    }

    /// The nearest of this element and its ancestors matching `selector`.
    pub fn closest(&self, selector: &str) -> Result<Option<Node>, JsValue> {
        let mut at = Some(self.clone());
        while let Some(n) = at {
            if n.is_element() && super::select::matches(&n, selector)? {
                return Ok(Some(n));
            }
            at = n.parent_element();
        }
        Ok(None)
    }

    /// Whether this element matches `selector`.
    pub fn matches(&self, selector: &str) -> Result<bool, JsValue> {
        super::select::matches(self, selector)
    }

    // --- focus and layout ---

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
            event::fire(old, "blur", false);
            let out = event::EventInit {
                related: Some(self.clone()),
                ..event::EventInit::new("focusout")
            };
            event::dispatch(old, &out);
        }
        ACTIVE.with(|a| *a.borrow_mut() = Some(self.clone()));
        event::fire(self, "focus", false);
        event::fire(self, "focusin", true);
        Ok(())
    }

    /// Moves focus away from this element when it has it.
    pub fn blur(&self) -> Result<(), JsValue> {
        if active().as_ref() == Some(self) {
            ACTIVE.with(|a| *a.borrow_mut() = None);
            event::fire(self, "blur", false);
            event::fire(self, "focusout", true);
        }
        Ok(())
    }

    /// A click: `click` on this element, bubbling.
    pub fn click(&self) {
        event::dispatch(self, &event::EventInit::new("click"));
    }

    /// Natively there is no layout.
    pub fn get_bounding_client_rect(&self) -> DomRect {
        DomRect
    }

    /// Natively there is no layout: 0.
    #[must_use]
    pub fn client_width(&self) -> i32 {
        0
    }

    /// Natively there is no layout: 0.
    #[must_use]
    pub fn client_height(&self) -> i32 {
        0
    }

    /// Natively there is no scrolling.
    pub fn scroll_into_view_with_bool(&self, _top: bool) {}

    /// Natively there is no pointer to capture.
    pub fn set_pointer_capture(&self, _pointer: i32) -> Result<(), JsValue> {
        Ok(())
    }

    // --- listeners ---

    pub(super) fn add_listener(
        &self,
        events: &[&str],
        capture: bool,
        f: Box<dyn FnMut(Event)>,
    ) -> u32 {
        let id = NEXT_LISTENER.with(|n| {
            n.set(n.get() + 1);
            n.get()
        });
        let events = events.iter().map(|e| (*e).to_string()).collect();
        self.0
            .listeners
            .borrow_mut()
            .push((id, events, capture, Rc::new(RefCell::new(f))));
        id
    }

    pub(super) fn remove_listener(&self, id: u32) {
        self.0.listeners.borrow_mut().retain(|l| l.0 != id);
    }

    /// The listeners for `event` at this moment, capturing or not.
    pub(super) fn listeners_for(&self, event: &str, capture: bool) -> Vec<Handler> {
        let listeners = self.0.listeners.borrow();
        listeners
            .iter()
            .filter(|l| l.2 == capture && l.1.iter().any(|e| e == event))
            .map(|l| l.3.clone())
            .collect()
    }

    /// Dispatches `event` here (see [`super::dispatch`]); `false` when it was cancelled.
    pub fn dispatch_event(&self, event: &Event) -> Result<bool, JsValue> {
        Ok(event::dispatch_event(self, event))
    }
}

/// The focused element.
#[must_use]
pub fn active() -> Option<Node> {
    ACTIVE.with(|a| a.borrow().clone())
}

/// The native document: `<html>` with `<head>` and `<body>`.
#[derive(Clone)]
pub struct Document {
    node: Node,
    html: Node,
    head: Node,
    body: Node,
}

impl Document {
    pub(super) fn new() -> Document {
        let node = Node::new(Kind::Document);
        let html = Node::new(Kind::Element("html".into(), false));
        let head = Node::new(Kind::Element("head".into(), false));
        let body = Node::new(Kind::Element("body".into(), false));
        let _ = node.append_child(&html);
        let _ = html.append_child(&head);
        let _ = html.append_child(&body);
        Document {
            node,
            html,
            head,
            body,
        }
    }

    /// A new HTML element.
    pub fn create_element(&self, tag: &str) -> Result<Node, JsValue> {
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(JsValue::UNDEFINED);
        }
        Ok(Node::new(Kind::Element(tag.to_ascii_lowercase(), false)))
    }

    /// A new element in a namespace (SVG when the namespace is SVG's).
    pub fn create_element_ns(&self, ns: Option<&str>, tag: &str) -> Result<Node, JsValue> {
        if ns == Some("http://www.w3.org/2000/svg") {
            Ok(Node::new(Kind::Element(tag.to_string(), true)))
        } else {
            self.create_element(tag)
        }
    }

    /// A new text node.
    #[must_use]
    pub fn create_text_node(&self, text: &str) -> Node {
        let node = Node::new(Kind::Text);
        node.set_data(text);
        node
    }

    /// The element with this `id`.
    #[must_use]
    pub fn get_element_by_id(&self, id: &str) -> Option<Node> {
        let mut out = None;
        walk(&self.node, &mut |n| {
            if out.is_none() && n.get_attribute("id").as_deref() == Some(id) {
                out = Some(n.clone());
            }
        });
        out
    }

    /// The document node.
    #[must_use]
    pub fn node(&self) -> &Node {
        &self.node
    }

    /// `<html>`.
    #[must_use]
    pub fn document_element(&self) -> Option<Node> {
        Some(self.html.clone())
    }

    /// `<head>`.
    #[must_use]
    pub fn head(&self) -> Option<Node> {
        Some(self.head.clone())
    }

    /// `<body>`.
    #[must_use]
    pub fn body(&self) -> Option<Node> {
        Some(self.body.clone())
    }

    /// The focused element (`<body>` when none is).
    #[must_use]
    pub fn active_element(&self) -> Option<Node> {
        active().or_else(|| Some(self.body.clone()))
    }

    /// Natively there is no layout: no element is under a point.
    #[must_use]
    pub fn element_from_point(&self, _x: f32, _y: f32) -> Option<Node> {
        None
    }

    /// The first element matching `selector`.
    pub fn query_selector(&self, selector: &str) -> Result<Option<Node>, JsValue> {
        self.node.query_selector(selector)
    }

    /// Dispatches `event` at the document.
    pub fn dispatch_event(&self, event: &Event) -> Result<bool, JsValue> {
        self.node.dispatch_event(event)
    }

    /// The document's base URL: natively there is none.
    pub fn base_uri(&self) -> Result<Option<String>, JsValue> {
        Ok(None)
    }

    /// Every element matching `selector`.
    pub fn query_selector_all(&self, selector: &str) -> Result<NodeList, JsValue> {
        self.node.query_selector_all(selector)
    }
}

/// Calls `f` on `node` and every descendant, in document order.
pub(super) fn walk(node: &Node, f: &mut dyn FnMut(&Node)) {
    f(node);
    for child in node.child_list() {
        walk(&child, f);
    }
}
