//! Reading a form view out of a tool result: the `Field` of a control, the values and the
//! `FieldError`s under it.
#![allow(dead_code, clippy::unwrap_used)]
use serde_json::Value;

/// Every node of the tree, depth first.
pub fn nodes(node: &Value) -> Vec<&Value> {
    let mut out = vec![node];
    for child in node["children"].as_array().into_iter().flatten() {
        out.extend(nodes(child));
    }
    out
}

fn children(node: &Value) -> Vec<&Value> {
    node["children"].as_array().into_iter().flatten().collect()
}

/// The control bound to `name`.
pub fn control<'a>(view: &'a Value, name: &str) -> &'a Value {
    nodes(view)
        .into_iter()
        .find(|n| n["name"] == name)
        .unwrap_or_else(|| panic!("no control named {name} in {view}"))
}

/// The messages of the `FieldError`s after `name`'s control in its `Field`.
pub fn messages_under<'a>(view: &'a Value, name: &str) -> Vec<&'a str> {
    let field = nodes(view)
        .into_iter()
        .find(|n| n["type"] == "Field" && children(n).iter().any(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no field for {name}"));
    let kids = children(field);
    let at = kids.iter().position(|c| c["name"] == name).unwrap();
    kids[at..]
        .iter()
        .filter(|c| c["type"] == "FieldError")
        .map(|c| c["content"].as_str().unwrap())
        .collect()
}

/// How many `FieldError`s the view shows in all.
pub fn error_count(view: &Value) -> usize {
    nodes(view)
        .into_iter()
        .filter(|n| n["type"] == "FieldError")
        .count()
}
