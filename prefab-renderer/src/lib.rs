//! The `$prefab` renderer.
#![forbid(unsafe_code)]
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn start(engine: &str) -> Result<(), JsValue> {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let p = doc.create_element("p")?;
    p.set_text_content(Some(&format!("Hello from {engine}")));
    doc.body().ok_or("no body")?.append_child(&p)?;
    Ok(())
}
