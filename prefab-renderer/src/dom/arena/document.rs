//! The native document and the lists and boxes its queries return.
use super::types::{Event, Kind, Node, active, walk};
use wasm_bindgen::JsValue;

/// The children of a node at one moment (`childNodes`, `children`, `querySelectorAll`).
pub struct NodeList(pub(super) Vec<Node>);

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
