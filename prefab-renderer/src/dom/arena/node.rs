//! Nodes of the native document, with the `web-sys` method names the renderer calls.
use super::document::{DomRect, NodeList};
use super::style::{ClassList, Style};
use super::types::{ACTIVE, Event, Handler, Kind, NEXT_LISTENER, Node, active};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::JsValue;

impl Node {
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

    // --- focus and layout ---

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
}
