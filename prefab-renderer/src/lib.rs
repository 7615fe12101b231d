//! The `$prefab` renderer.
#![forbid(unsafe_code)]
pub mod bridge;
mod log;

use std::rc::Rc;
use wasm_bindgen::prelude::*;

struct Probe;
impl bridge::HostEvents for Probe {
    fn host_context(&self, _c: &JsValue, _r: bool) {}
    fn notification(&self, method: &str, _p: &JsValue) {
        let doc = web_sys::window()
            .and_then(|w| w.document())
            .unwrap_or_else(|| unreachable!());
        let p = doc.create_element("p").unwrap_or_else(|_| unreachable!());
        p.set_text_content(Some(method));
        let _ = doc.body().map(|b| b.append_child(&p));
    }
    fn teardown(&self) {}
    fn call_tool(&self, _p: &JsValue, reply: bridge::Reply) {
        reply.ok(&bridge::rpc::empty())
    }
    fn list_tools(&self) -> JsValue {
        bridge::rpc::object(&[("tools", js_sys::Array::new().into())])
    }
}

#[wasm_bindgen]
pub fn start(engine: &str) -> Result<(), JsValue> {
    let _ = engine;
    bridge::connect(Rc::new(Probe), &bridge::rpc::empty())
}
