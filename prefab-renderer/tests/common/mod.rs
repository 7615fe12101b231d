//! What the browser test files share: wire JSON parsed as the renderer parses it, and a view
//! mounted into the page with its store.
#![allow(dead_code)]

use prefab::expr::{Map, Value};
use prefab_renderer::cx::{Cx, Shared};
use prefab_renderer::js;
use prefab_renderer::render;
use prefab_renderer::store::{Owner, Store};
use prefab_renderer::template::Frame;
use web_sys::Element;

/// Parses wire JSON with the browser's JSON.parse (as the renderer does).
pub fn json(text: &str) -> Value {
    js::parse_json(text).unwrap()
}

pub struct Mounted {
    pub store: Store,
    pub root: Element,
    pub owner: Owner,
}

/// Renders `view` with `state` into a fresh element attached to the body.
pub fn mount(state: &str, view: &str) -> Mounted {
    let store = Store::new();
    if let Value::Object(map) = json(state) {
        store.replace((*map).clone(), &[]);
    }
    let owner = Owner::root(&store);
    let cx = Cx::new(Frame::root(&store), owner.clone(), Shared::new(Map::new()));
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let node = render::node(&cx, &json(view), "view");
    root.append_child(&node).unwrap();
    Mounted { store, root, owner }
}

impl Mounted {
    pub fn text(&self, selector: &str) -> String {
        self.root
            .query_selector(selector)
            .unwrap()
            .and_then(|e| e.text_content())
            .unwrap_or_default()
    }
    pub fn el(&self, selector: &str) -> Element {
        self.root.query_selector(selector).unwrap().unwrap()
    }
    pub fn cx(&self) -> Cx {
        Cx::new(
            Frame::root(&self.store),
            self.owner.clone(),
            Shared::new(Map::new()),
        )
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.owner.dispose();
        self.root.remove();
    }
}
