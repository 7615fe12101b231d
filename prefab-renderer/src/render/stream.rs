//! Streaming mount: consecutive partial documents (a host's `tool-input-partial`) are
//! reconciled by position in the document (JSON path), not mounted again.
//!
//! A pass draws the whole view through [`super::node`]; every node of the document itself
//! (drawn under its parent's owner, not under one a structural node made) goes through
//! [`node`] here, which keeps the node drawn at the same path by the previous pass when its
//! JSON is equal (same `let` scope, same auto-name count before it, same `defs` for a
//! subtree with a `$ref`): the old DOM node, its effects and its descendants are carried
//! over, so a finished subtree keeps identity, focus, scroll and chart SVG. A node whose
//! JSON changed is drawn again; the entries of the previous pass that no node took are
//! disposed at the end of the pass.
//!
//! In a partial pass every node may still be being written: a node with an unterminated
//! `{{` template, or one that would draw an error box or an "Unknown component"
//! placeholder, draws a quiet pending skeleton (`pf-pending`) instead; `onMount` actions
//! wait for the final pass (the tool result), which draws exactly what a one-shot mount
//! draws.
use super::draw;
use super::widget::child_path;
use crate::cx::{Cx, Shared};
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Node};
use crate::node::prop;
use crate::store::Owner;
use crate::template::Frame;
use prefab::expr::{HashMap, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// One node drawn by a pass.
struct Entry {
    path: Arc<str>,
    value: Value,
    dom: Node,
    owner: Owner,
    frame: Rc<Frame>,
    /// Auto-name counter before and after drawing the subtree.
    names: (u32, u32),
    /// The `defs` generation it was drawn with.
    epoch: u32,
    /// Index of the first entry of its subtree (entries are recorded children first).
    first: usize,
    /// It drew a pending skeleton (`.0`), or one of its descendants did (`.1`).
    pending: (bool, bool),
    /// Where its `children` were drawn one by one (plain rows): patched in place.
    kids: Option<Kids>,
}

/// The element a node's `children` went into, the context they were drawn with, and the
/// auto-name count before them.
type Kids = (Element, Cx, u32);

/// A node being drawn: its owner, its JSON path, where its children went.
struct Open {
    owner: Owner,
    path: Arc<str>,
    kids: Option<Kids>,
}

#[derive(Default)]
pub(super) struct Stream {
    /// The root context: its owner owns every node drawn (each node through a child owner
    /// of its own), its frame is the scope of every pass.
    root: Option<Cx>,
    old: Vec<Option<Entry>>,
    index: HashMap<Arc<str>, usize>,
    new: Vec<Option<Entry>>,
    /// The nodes being drawn: a node is hooked when its owner is the top one's.
    stack: Vec<Open>,
    partial: bool,
    epoch: u32,
    /// Pending skeletons drawn so far in this pass.
    skeletons: usize,
    /// `onMount` runs held back until the final pass.
    mounts: Vec<crate::dom::Task>,
}

thread_local! {
    static STREAM: RefCell<Option<Rc<RefCell<Stream>>>> = const { RefCell::new(None) };
}

/// The running stream (one accessor, so the wasm holds one copy of the thread-local code).
fn current() -> Option<Rc<RefCell<Stream>>> {
    STREAM.with(|s| s.borrow().clone())
}

fn set(stream: Option<Stream>) {
    STREAM.with(|s| *s.borrow_mut() = stream.map(|st| Rc::new(RefCell::new(st))));
}

/// Starts a stream drawn with `root` (dropping a previous one): its owner owns what the
/// passes draw, its frame is their scope.
///
/// ```no_run
/// use prefab::expr::Map;
/// use prefab_renderer::{cx::{Cx, Shared}, render::stream, store::{Owner, Store}, template::Frame};
/// let store = Store::new();
/// stream::begin(Cx::new(Frame::root(&store), Owner::root(&store), Shared::new(Map::new())));
/// assert!(stream::active());
/// ```
pub fn begin(root: Cx) {
    set(Some(Stream {
        root: Some(root),
        ..Stream::default()
    }));
}

/// Whether a stream is running.
#[must_use]
pub fn active() -> bool {
    current().is_some()
}

/// Ends the stream: what it drew stays, owned by its root owner.
pub fn end() {
    set(None);
}

/// Draws `view` (JSON path `view`) with the stream's root context and `shared`, reusing
/// what the previous pass drew. `partial`: the document may still be being written;
/// `defs_changed`: `shared` has other `defs` than the previous pass's.
#[must_use]
pub fn pass(shared: Rc<Shared>, view: &Value, partial: bool, defs_changed: bool) -> Option<Node> {
    let st = current()?;
    let (cx, mounts) = {
        let mut s = st.borrow_mut();
        let mut cx = s.root.clone()?;
        cx.shared = shared;
        s.partial = partial;
        s.epoch += u32::from(defs_changed);
        s.stack = vec![Open {
            owner: cx.owner.clone(),
            path: "".into(),
            kids: None,
        }];
        let mounts = if partial {
            Vec::new()
        } else {
            std::mem::take(&mut s.mounts)
        };
        (cx, mounts)
    };
    for run in mounts {
        crate::dom::microtask(&run);
    }
    cx.shared.set_names(0);
    let drawn = super::node(&cx, view, "view");
    let retired = {
        let mut s = st.borrow_mut();
        s.stack.clear();
        s.skeletons = 0;
        let new = std::mem::take(&mut s.new);
        // The same table refilled (no allocation, no rehash as the document grows).
        s.index.clear();
        s.index.reserve(new.len());
        for (i, e) in new.iter().enumerate() {
            if let Some(e) = e {
                s.index.insert(e.path.clone(), i);
            }
        }
        let capacity = new.len();
        let old = std::mem::replace(&mut s.old, new);
        s.new.reserve(capacity);
        old
    };
    for e in retired.into_iter().flatten() {
        e.owner.dispose();
    }
    Some(drawn)
}

/// The stream, when the node at `path` drawn with `cx` is a node of the streamed document.
pub(super) fn hook(cx: &Cx, path: &str) -> Option<Rc<RefCell<Stream>>> {
    let st = current()?;
    let hooked = !path.starts_with("defs")
        && st
            .borrow()
            .stack
            .last()
            .is_some_and(|top| top.owner.same(&cx.owner));
    hooked.then_some(st)
}

/// Runs an `onMount` after the current render, or at the final pass while the document is
/// still being written.
pub(super) fn on_mount(run: crate::dom::Task) {
    if let Some(st) = current() {
        let mut s = st.borrow_mut();
        if s.partial && !s.stack.is_empty() {
            s.mounts.push(run);
            return;
        }
    }
    crate::dom::microtask(&run);
}

/// Draws (or keeps) one node of the streamed document.
pub(super) fn node(st: &RefCell<Stream>, cx: &Cx, value: &Value, path: &str) -> Node {
    if let Some(kept) = reuse(st, cx, value, path).or_else(|| patch(st, cx, value, path)) {
        return kept;
    }
    let (owner, partial, first, skeletons) = {
        let s = st.borrow();
        let Some(root) = s.root.as_ref() else {
            return draw(cx, value, path);
        };
        (root.owner.child(), s.partial, s.new.len(), s.skeletons)
    };
    let before = cx.shared.names();
    let mut pending = partial && unfinished(value, true);
    let mut kids = None;
    let mut dom = if pending {
        skeleton(path)
    } else {
        open(st, &owner, path, None);
        let drawn = draw(&cx.with_owner(owner.clone()), value, path);
        kids = st.borrow_mut().stack.pop().and_then(|o| o.kids);
        drawn
    };
    if partial && !pending && problem(&dom) {
        owner.dispose();
        dom = skeleton(path);
        pending = true;
    }
    let mut s = st.borrow_mut();
    let held = s.skeletons > skeletons;
    s.skeletons += usize::from(pending);
    let entry = Entry {
        path: path.into(),
        value: value.clone(),
        dom: dom.clone(),
        owner,
        frame: cx.frame.clone(),
        names: (before, cx.shared.names()),
        epoch: s.epoch,
        first,
        pending: (pending, held),
        kids,
    };
    s.new.push(Some(entry));
    dom
}

fn open(st: &RefCell<Stream>, owner: &Owner, path: &str, kids: Option<Kids>) {
    st.borrow_mut().stack.push(Open {
        owner: owner.clone(),
        path: path.into(),
        kids,
    });
}

/// Notes that the node being drawn (JSON path `path`) puts its `children` into `el` one by
/// one, so a later pass may patch them in place.
pub(super) fn note_children(cx: &Cx, el: &Element, path: &str) {
    let Some(st) = current() else {
        return;
    };
    let mut s = st.borrow_mut();
    if let Some(top) = s.stack.last_mut()
        && top.owner.same(&cx.owner)
        && *top.path == *path
    {
        top.kids = Some((el.clone(), cx.clone(), cx.shared.names()));
    }
}

/// The previous pass's node at `path` kept, its children reconciled in place, when only its
/// `children` changed and grew (a plain row whose children were drawn one by one, last in
/// its element or into an empty one).
fn patch(st: &RefCell<Stream>, cx: &Cx, value: &Value, path: &str) -> Option<Node> {
    let names = cx.shared.names();
    let (entry, olds, first, skeletons) = {
        let mut s = st.borrow_mut();
        let s = &mut *s;
        let at = *s.index.get(path)?;
        let e = s.old.get(at)?.as_ref()?;
        let (el, _, kids_names) = e.kids.as_ref()?;
        let (Value::Object(old), Value::Object(new)) = (&e.value, value) else {
            return None;
        };
        let (Value::Array(was), Value::Array(now)) =
            (prop(&e.value, "children"), prop(value, "children"))
        else {
            return None;
        };
        let fits = !e.pending.0
            && *kids_names == names
            && e.names.0 == names
            && Rc::ptr_eq(&e.frame, &cx.frame)
            && old.len() == new.len()
            && old
                .iter()
                .all(|(k, v)| k == "children" || new.get(k) == Some(v))
            && (!was.is_empty() || !el.has_child_nodes())
            && now.len() >= was.len();
        if !fits {
            return None;
        }
        let mut olds = Vec::with_capacity(was.len());
        for i in 0..was.len() {
            let kid = s
                .index
                .get(&*child_path(path, i))
                .and_then(|&j| s.old.get(j)?.as_ref());
            let dom = kid.map(|k| k.dom.clone())?;
            if !dom.parent_node().is_some_and(|p| p.is_same_node(Some(el))) {
                return None;
            }
            olds.push(dom);
        }
        let entry = s.old.get_mut(at)?.take()?;
        (entry, olds, s.new.len(), s.skeletons)
    };
    let (el, mut kids_cx, _) = entry.kids.clone()?;
    // This pass's view data (`defs` may have arrived since).
    kids_cx.shared = cx.shared.clone();
    open(st, &entry.owner, path, None);
    let mut prev: Option<Node> = None;
    if let Value::Array(now) = prop(value, "children") {
        for (i, child) in now.iter().enumerate() {
            let dom = super::node(&kids_cx, child, &child_path(path, i));
            match olds.get(i) {
                Some(old) if old.is_same_node(Some(&dom)) => {}
                Some(old) => dom::report(el.replace_child(&dom, old).map(drop)),
                None => {
                    let next = prev.as_ref().and_then(Node::next_sibling);
                    dom::report(el.insert_before(&dom, next.as_ref()).map(drop));
                }
            }
            prev = Some(dom);
        }
    }
    let mut s = st.borrow_mut();
    s.stack.pop();
    let dom = entry.dom.clone();
    let (epoch, held) = (s.epoch, s.skeletons > skeletons);
    s.new.push(Some(Entry {
        value: value.clone(),
        names: (names, cx.shared.names()),
        epoch,
        first,
        pending: (false, held),
        ..entry
    }));
    Some(dom)
}

/// The previous pass's node at `path` with its subtree, when `value` draws the same.
fn reuse(st: &RefCell<Stream>, cx: &Cx, value: &Value, path: &str) -> Option<Node> {
    let mut s = st.borrow_mut();
    let s = &mut *s;
    let at = *s.index.get(path)?;
    let e = s.old.get(at)?.as_ref()?;
    let same = e.pending == (false, false)
        && e.names.0 == cx.shared.names()
        && Rc::ptr_eq(&e.frame, &cx.frame)
        && e.value == *value
        && (e.epoch == s.epoch || !mentions_ref(value));
    if !same {
        return None;
    }
    let (start, base) = (e.first, s.new.len());
    for i in start..=at {
        let mut carried = s.old.get_mut(i).and_then(Option::take);
        if let Some(e) = carried.as_mut() {
            e.first = e.first.saturating_sub(start) + base;
            e.epoch = s.epoch;
        }
        s.new.push(carried);
    }
    let e = s.new.last()?.as_ref()?;
    cx.shared.set_names(e.names.1);
    Some(e.dom.clone())
}

/// A quiet placeholder for a node still being written.
fn skeleton(path: &str) -> Node {
    let el = dom::element_with_class("div", "pf-pending");
    dom::set_attr(&el, "data-path", path);
    dom::set_attr(&el, "aria-hidden", "true");
    el.into()
}

/// Whether a drawn node is, or holds, an error box or an unknown-type placeholder.
fn problem(node: &Node) -> bool {
    // `matches` and one descendant lookup: cheaper than a `:has()` selector.
    const PROBLEM: &str = ".pf-error,.pf-unknown";
    node.dyn_ref::<Element>().is_some_and(|el| {
        el.matches(PROBLEM).unwrap_or(false) || el.query_selector(PROBLEM).ok().flatten().is_some()
    })
}

/// Whether a string of the node (outside its `children`) has an unterminated `{{`.
fn unfinished(value: &Value, top: bool) -> bool {
    match value {
        Value::String(s) => {
            let mut open = false;
            for pair in s.as_bytes().windows(2) {
                match pair {
                    b"{{" => open = true,
                    b"}}" => open = false,
                    _ => {}
                }
            }
            open
        }
        Value::Array(items) => items.iter().any(|v| unfinished(v, false)),
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| !(top && k == "children") && unfinished(v, false)),
        _ => false,
    }
}

/// Whether the subtree has a `$ref` (it draws `defs`).
fn mentions_ref(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.iter().any(mentions_ref),
        Value::Object(map) => map.iter().any(|(k, v)| k == "$ref" || mentions_ref(v)),
        _ => false,
    }
}
