//! `DropZone` and file reading shared with `Input` of type `file`: files become
//! `FileUpload` objects `{name, size, type, data}` (`data` = base64 without the `data:`
//! prefix), filtered by `accept` (`.ext`, `type/*`, `type/sub`) and `maxSize` (bytes; larger
//! files are skipped with a console warning), as prefab-ui does.
use super::bound::{self, Bound};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, FileList, HtmlInputElement, Node};
use crate::node::prop;
use crate::render::base;
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// What [`read_files`] calls with the `FileUpload`s.
pub type Done = Box<dyn FnOnce(Vec<Value>)>;

fn accepted(accept: &str, name: &str, mime: &str) -> bool {
    let (name, mime) = (name.to_ascii_lowercase(), mime.to_ascii_lowercase());
    let mut rules = accept
        .split(',')
        .map(|r| r.trim().to_ascii_lowercase())
        .filter(|r| !r.is_empty())
        .peekable();
    if rules.peek().is_none() {
        return true;
    }
    rules.any(|r| {
        if r.starts_with('.') {
            name.ends_with(&r)
        } else if let Some(group) = r.strip_suffix("/*") {
            mime.starts_with(group) && mime.as_bytes().get(group.len()) == Some(&b'/')
        } else {
            mime == r
        }
    })
}

/// Reads the accepted files of `list` and calls `done` with their `FileUpload`s (in order)
/// once every read finished; nothing is called when no file qualifies. Not inlined: DropZone
/// and `Input` of type `file` share one copy.
#[inline(never)]
pub fn read_files(list: &FileList, accept: &str, max_size: f64, done: Done) {
    let mut files = Vec::new();
    for i in 0..list.length() {
        let Some(file) = list.item(i) else { continue };
        if !accepted(accept, &file.name(), &file.type_()) {
            crate::log::warn(&crate::text::fill(
                "File \"{}\" doesn't match accepted types ({})",
                &[&file.name(), accept],
            ));
        } else if max_size > 0.0 && file.size() > max_size {
            crate::log::warn(&crate::text::fill(
                "File \"{}\" exceeds the size limit",
                &[&file.name()],
            ));
        } else {
            files.push(file);
        }
    }
    if files.is_empty() {
        return;
    }
    let results = Rc::new(RefCell::new(vec![Value::Null; files.len()]));
    let left = Rc::new(std::cell::Cell::new(files.len()));
    let done: Rc<RefCell<Option<Done>>> = Rc::new(RefCell::new(Some(done)));
    for (index, file) in files.into_iter().enumerate() {
        let (results, left, done) = (results.clone(), left.clone(), done.clone());
        let read = move |upload: Value| {
            if let Some(slot) = results.borrow_mut().get_mut(index) {
                *slot = upload;
            }
            left.set(left.get() - 1);
            if left.get() == 0
                && let Some(f) = done.borrow_mut().take()
            {
                f(results.take());
            }
        };
        dom::read_file(&file, Box::new(read));
    }
}

/// `DropZone`: `label`, `description`, `accept`, `multiple`, `maxSize`, `disabled`,
/// `onChange` (`$event` = the new `FileUpload[]`; with `multiple` they are appended to the
/// state, else they replace it). Click, Enter or Space opens the file dialog.
pub fn drop_zone(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let state = Bound::new(cx, node, "dropzone", Value::array([]));
    let el = dom::element("div");
    base(cx, &el, node, "pf-drop-zone");
    dom::set_attr(&el, "role", "button");
    let disabled = prop(node, "disabled").truthy();
    dom::set_attr(&el, "tabindex", if disabled { "-1" } else { "0" });
    dom::toggle_attr(&el, "data-disabled", disabled);
    if disabled {
        dom::set_attr(&el, "aria-disabled", "true");
    }
    dom::append(&el, &dom::element_with_class("span", "pf-drop-zone-icon"));
    labels(cx, node, &el);
    let input: HtmlInputElement = dom::element("input").unchecked_into();
    input.set_type("file");
    input.set_hidden(true);
    input.set_tab_index(-1);
    input.set_multiple(prop(node, "multiple").truthy());
    let accept = prop(node, "accept").as_str().unwrap_or("").to_string();
    input.set_accept(&accept);
    dom::append(&el, &input);
    let names = dom::element_with_class("ul", "pf-drop-zone-files");
    dom::append(&el, &names);
    state.watch(Box::new(move |v| {
        dom::clear(&names);
        if let Value::Array(files) = v {
            for file in files.iter() {
                let li = dom::element("li");
                li.set_text_content(Some(&crate::template::display(prop(file, "name"))));
                dom::append(&names, &li);
            }
        }
    }));
    if !disabled {
        listen(cx, node, &el, &input, state, accept);
    }
    Ok(el.into())
}

/// The label (with a default text) and the description, appended to `el`.
fn labels(cx: &Cx, node: &Value, el: &Element) {
    for (key, class, fallback) in [
        (
            "label",
            "pf-drop-zone-label",
            "Drop files here or click to browse",
        ),
        ("description", "pf-drop-zone-description", ""),
    ] {
        let raw = match prop(node, key) {
            Value::Undefined | Value::Null if !fallback.is_empty() => Value::from(fallback),
            other => other.clone(),
        };
        if !raw.is_nullish() {
            let p = dom::element_with_class("p", class);
            bound::bind_label(cx, &p, &raw);
            dom::append(el, &p);
        }
    }
}

/// Click, Enter or Space opens the file dialog; chosen or dropped files are read into the
/// state (appended with `multiple`, else replacing it).
fn listen(
    cx: &Cx,
    node: &Value,
    el: &Element,
    input: &HtmlInputElement,
    state: Bound,
    accept: String,
) {
    let multiple = prop(node, "multiple").truthy();
    let max_size = prop(node, "maxSize").to_number();
    let take = Rc::new(move |list: FileList| {
        let state = state.clone();
        read_files(
            &list,
            &accept,
            max_size,
            Box::new(move |new| {
                let mut all = match (multiple, state.peek()) {
                    (true, Value::Array(old)) => old.to_vec(),
                    _ => Vec::new(),
                };
                all.extend(new.iter().cloned());
                state.commit(Value::from(all), Value::from(new));
            }),
        );
    });
    let (picker, zone) = (input.clone(), el.clone());
    let open = move |event: crate::dom::Event| {
        let key = bound::key(&event);
        let from_input = bound::target(&event, "input").is_some();
        if !from_input && (event.type_() == "click" || key == "Enter" || key == " ") {
            event.prevent_default();
            picker.click();
        }
    };
    crate::dom::listen_many(&cx.owner, el, &["click", "keydown"], Box::new(open));
    let (chosen, on_pick) = (input.clone(), take.clone());
    crate::dom::listen_many(
        &cx.owner,
        input,
        &["change"],
        Box::new(move |_| {
            if let Some(list) = chosen.files() {
                on_pick(list);
            }
            chosen.set_value("");
        }),
    );
    crate::dom::listen_many(
        &cx.owner,
        el,
        &["dragover", "dragleave", "drop"],
        Box::new(move |event| {
            event.prevent_default();
            let over = event.type_() == "dragover";
            dom::toggle_attr(&zone, "data-dragging", over);
            if event.type_() == "drop"
                && let Some(list) = dom::dropped_files(&event)
            {
                take(list);
            }
        }),
    );
}
