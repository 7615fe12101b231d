//! The reactive state store: the app's `state` object plus fine-grained subscriptions.
//!
//! Reads are tracked per **top-level key**: an *effect* (a closure that updates one piece
//! of DOM) records which keys it read while it ran, and re-runs only when one of those keys
//! changes. Effects belong to an [`Owner`]; disposing an owner (a `Condition` branch that
//! switched off, a `ForEach` row that went away, a replaced view) drops its effects, its
//! child owners and its event listeners.
//!
//! ```
//! use prefab::expr::{Scope, Value};
//! use prefab_renderer::store::{Owner, Store};
//! use std::{cell::Cell, rc::Rc};
//!
//! let store = Store::new();
//! store.set("name", Value::from("Ada"));
//! let owner = Owner::root(&store);
//! let runs = Rc::new(Cell::new(0));
//! let (s, r) = (store.clone(), runs.clone());
//! owner.effect(move || {
//!     let _ = s.lookup("name");
//!     r.set(r.get() + 1);
//! });
//! store.set("other", Value::from(1)); // not read by the effect
//! store.set("name", Value::from("Grace")); // re-runs it
//! assert_eq!(runs.get(), 2);
//! ```
use prefab::expr::HashMap;
use prefab::expr::{Map, Scope, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

mod owner;
mod path;

pub use owner::Owner;
pub(crate) use path::set_in;
pub use path::{get_path, set_path};

/// A handle to one effect (index + generation, so a stale handle is harmless).
///
/// ```
/// let store = prefab_renderer::store::Store::new();
/// let id = store.effect(|| {});
/// store.dispose(id);
/// store.dispose(id); // a second dispose does nothing
/// assert_eq!(store.effect_count(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EffectId {
    index: usize,
    generation: u32,
}

struct Slot {
    generation: u32,
    effect: Option<Effect>,
}

struct Effect {
    run: Rc<dyn Fn()>,
    deps: Vec<Arc<str>>,
    /// Creation order (slot indices are reused, so they do not tell it).
    seq: u64,
}

#[derive(Default)]
struct Inner {
    state: RefCell<Map>,
    slots: RefCell<Vec<Slot>>,
    free: RefCell<Vec<usize>>,
    subscribers: RefCell<Subscribers>,
    next_seq: std::cell::Cell<u64>,
}

/// The effects that read each top-level key. A key keeps its list once it has one (keys
/// are the document's state names, a bounded set), so the map stays one `Arc<str> → usize`
/// map, the renderer's only map type.
#[derive(Default)]
struct Subscribers {
    index: HashMap<Arc<str>, usize>,
    lists: Vec<Vec<EffectId>>,
}

impl Subscribers {
    fn readers(&self, key: &str) -> &[EffectId] {
        self.index
            .get(key)
            .and_then(|&i| self.lists.get(i))
            .map_or(&[], Vec::as_slice)
    }

    fn add(&mut self, key: Arc<str>, id: EffectId) {
        let slot = match self.index.get(&*key) {
            Some(&slot) => slot,
            None => {
                let slot = self.lists.len();
                self.lists.push(Vec::new());
                self.index.insert(key, slot);
                slot
            }
        };
        if let Some(list) = self.lists.get_mut(slot) {
            list.push(id);
        }
    }

    fn remove(&mut self, key: &str, id: EffectId) {
        if let Some(list) = self.index.get(key).and_then(|&i| self.lists.get_mut(i)) {
            list.retain(|e| *e != id);
        }
    }
}

/// The state store (a cheap, clonable handle).
///
/// ```
/// use prefab::expr::Value;
/// let store = prefab_renderer::store::Store::new();
/// store.set("todos", Value::array([Value::object([("done", Value::from(false))])]));
/// store.set_path("todos.0.done", Value::from(true)).unwrap();
/// assert_eq!(store.peek_path("todos.0.done"), Some(Value::from(true)));
/// ```
#[derive(Clone, Default)]
pub struct Store(Rc<Inner>);

/// What one running effect reads: `deps` so far, and the keys of its previous run (whose
/// shared names are reused, so a re-run that reads the same keys allocates nothing).
struct Reads {
    previous: Vec<Arc<str>>,
    deps: Vec<Arc<str>>,
}

thread_local! {
    /// One frame per running effect; `None` frames (from [`untracked`]) record nothing.
    static TRACKING: RefCell<Vec<Option<Reads>>> = const { RefCell::new(Vec::new()) };
}

fn track(key: &str) {
    TRACKING.with(|t| {
        if let Ok(mut frames) = t.try_borrow_mut()
            && let Some(Some(reads)) = frames.last_mut()
            && !reads.deps.iter().any(|d| &**d == key)
        {
            let name = match reads.previous.iter().find(|d| &***d == key) {
                Some(known) => known.clone(),
                None => key.into(),
            };
            reads.deps.push(name);
        }
    });
}

/// Runs `f` without recording reads into the running effect (used to build DOM inside an
/// effect: the subtree has its own effects).
pub fn untracked<R>(f: impl FnOnce() -> R) -> R {
    TRACKING.with(|t| t.borrow_mut().push(None));
    let out = f();
    TRACKING.with(|t| t.borrow_mut().pop());
    out
}

impl Store {
    /// An empty store.
    ///
    /// ```
    /// let store = prefab_renderer::store::Store::new();
    /// assert!(store.snapshot().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Store::default()
    }

    /// The value of a top-level key, without tracking.
    #[must_use]
    pub fn peek(&self, key: &str) -> Option<Value> {
        self.0.state.borrow().get(key).cloned()
    }

    /// A copy of the whole state (values are shared, so this is cheap).
    #[must_use]
    pub fn snapshot(&self) -> Map {
        self.0.state.borrow().clone()
    }

    /// Sets a top-level key and re-runs the effects that read it.
    pub fn set(&self, key: &str, value: Value) {
        self.0.state.borrow_mut().insert(key, value);
        self.notify(&[key]);
    }

    /// Sets a dotted state path (`todos.0.done`); see [`set_path`] for the rules.
    pub fn set_path(&self, path: &str, value: Value) -> Result<(), String> {
        let root = path.split('.').next().unwrap_or(path).to_string();
        {
            let mut state = self.0.state.borrow_mut();
            set_path(&mut state, path, value)?;
        }
        self.notify(&[root.as_str()]);
        Ok(())
    }

    /// The value at a dotted state path, without tracking.
    #[must_use]
    pub fn peek_path(&self, path: &str) -> Option<Value> {
        get_path(&self.0.state.borrow(), path)
    }

    /// The value at a dotted state path, tracking its first segment.
    #[must_use]
    pub fn get_path(&self, path: &str) -> Option<Value> {
        let first = path.split('.').next().unwrap_or(path);
        track(first);
        get_path(&self.0.state.borrow(), path)
    }

    /// Sets every key of `patch` (a `display_update` merge), notifying once per key.
    pub fn merge(&self, patch: &Map) {
        {
            let mut state = self.0.state.borrow_mut();
            for (k, v) in patch.iter() {
                state.insert(k, v.clone());
            }
        }
        let keys: Vec<&str> = patch.keys().collect();
        self.notify(&keys);
    }

    /// Replaces the whole state (a new envelope), keeping the keys listed in `keep`.
    pub fn replace(&self, mut state: Map, keep: &[&str]) {
        let old = {
            let mut current = self.0.state.borrow_mut();
            for key in keep {
                if let Some(v) = current.get(key) {
                    state.insert(*key, v.clone());
                }
            }
            std::mem::replace(&mut *current, state)
        };
        let mut keys: Vec<String> = old.keys().map(str::to_string).collect();
        keys.extend(self.0.state.borrow().keys().map(str::to_string));
        keys.sort_unstable();
        keys.dedup();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        self.notify(&keys);
    }

    /// Registers an effect and runs it once, recording what it reads.
    pub fn effect(&self, run: impl Fn() + 'static) -> EffectId {
        self.effect_rc(Rc::new(run))
    }

    /// [`effect`](Self::effect) without a copy of this code per closure type.
    pub(crate) fn effect_rc(&self, run: Rc<dyn Fn()>) -> EffectId {
        let index = self.0.free.borrow_mut().pop();
        let id = {
            let mut slots = self.0.slots.borrow_mut();
            let index = index.unwrap_or_else(|| {
                slots.push(Slot {
                    generation: 0,
                    effect: None,
                });
                slots.len() - 1
            });
            let seq = self.0.next_seq.get();
            self.0.next_seq.set(seq + 1);
            let slot = &mut slots[index];
            slot.effect = Some(Effect {
                run,
                deps: Vec::new(),
                seq,
            });
            EffectId {
                index,
                generation: slot.generation,
            }
        };
        self.run_effect(id);
        id
    }

    /// Drops an effect (its subscriptions go with it).
    pub fn dispose(&self, id: EffectId) {
        let effect = {
            let mut slots = self.0.slots.borrow_mut();
            match slots.get_mut(id.index) {
                Some(slot) if slot.generation == id.generation => {
                    slot.generation = slot.generation.wrapping_add(1);
                    slot.effect.take()
                }
                _ => None,
            }
        };
        if let Some(effect) = effect {
            self.unsubscribe(id, &effect.deps);
            self.0.free.borrow_mut().push(id.index);
        }
    }

    /// Number of live effects (for tests and diagnostics).
    #[must_use]
    pub fn effect_count(&self) -> usize {
        self.0
            .slots
            .borrow()
            .iter()
            .filter(|s| s.effect.is_some())
            .count()
    }

    fn run_effect(&self, id: EffectId) {
        let run = {
            let slots = self.0.slots.borrow();
            match slots.get(id.index) {
                Some(slot) if slot.generation == id.generation => slot
                    .effect
                    .as_ref()
                    .map(|e| (e.run.clone(), e.deps.clone())),
                _ => None,
            }
        };
        let Some((run, previous)) = run else {
            return;
        };
        TRACKING.with(|t| {
            t.borrow_mut().push(Some(Reads {
                previous,
                deps: Vec::new(),
            }));
        });
        run();
        let Some(Reads { previous, deps }) = TRACKING.with(|t| t.borrow_mut().pop()).flatten()
        else {
            return;
        };
        // The common re-run reads what it read before: its subscriptions stand as they are
        // (re-subscribing costs a scan of each key's list, i.e. quadratic in a key's readers).
        if deps == previous {
            return;
        }
        let old = {
            let mut slots = self.0.slots.borrow_mut();
            match slots.get_mut(id.index) {
                Some(Slot {
                    generation,
                    effect: Some(effect),
                }) if *generation == id.generation => {
                    Some(std::mem::replace(&mut effect.deps, deps.clone()))
                }
                // Disposed while running (e.g. by its own re-render): nothing to subscribe.
                _ => None,
            }
        };
        if let Some(old) = old {
            self.unsubscribe(id, &old);
            let mut subs = self.0.subscribers.borrow_mut();
            for key in deps {
                subs.add(key, id);
            }
        }
    }

    fn unsubscribe(&self, id: EffectId, deps: &[Arc<str>]) {
        let mut subs = self.0.subscribers.borrow_mut();
        for key in deps {
            subs.remove(key, id);
        }
    }

    fn notify(&self, keys: &[&str]) {
        // (creation order, id) of each subscriber; an effect reading several of the keys
        // appears once after the sort and dedup.
        let mut due: Vec<(u64, EffectId)> = Vec::new();
        {
            let subs = self.0.subscribers.borrow();
            let slots = self.0.slots.borrow();
            for key in keys {
                due.extend(subs.readers(key).iter().map(|id| {
                    let seq = slots
                        .get(id.index)
                        .and_then(|s| s.effect.as_ref())
                        .map_or(u64::MAX, |e| e.seq);
                    (seq, *id)
                }));
            }
        }
        // Outer effects were created first; running them first lets a parent that rebuilds
        // its subtree dispose the children before they would run for nothing.
        due.sort_unstable_by_key(|(seq, _)| *seq);
        due.dedup();
        for (_, id) in due {
            self.run_effect(id);
        }
    }
}

/// Names resolve to top-level state keys, and each lookup is tracked.
impl Scope for Store {
    fn lookup(&self, name: &str) -> Option<Value> {
        track(name);
        self.0.state.borrow().get(name).cloned()
    }
}
