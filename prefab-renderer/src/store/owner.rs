//! [`Owner`]: the lifetime of a piece of rendered UI — its effects, child owners, event
//! listeners and cleanups, all released together by [`Owner::dispose`].
use super::{EffectId, Store};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Default)]
struct Parts {
    effects: Vec<EffectId>,
    children: Vec<Owner>,
    cleanups: Vec<Box<dyn FnOnce()>>,
    keep: Vec<Box<dyn std::any::Any>>,
    disposed: bool,
}

/// Owns the effects and listeners of one rendered subtree.
///
/// ```
/// use prefab_renderer::store::{Owner, Store};
/// let store = Store::new();
/// let root = Owner::root(&store);
/// let branch = root.child();
/// branch.effect(|| {});
/// assert_eq!(store.effect_count(), 1);
/// branch.dispose();
/// assert_eq!(store.effect_count(), 0);
/// ```
#[derive(Clone)]
pub struct Owner {
    store: Store,
    parts: Rc<RefCell<Parts>>,
}

impl Owner {
    /// A top-level owner (a mounted view).
    #[must_use]
    pub fn root(store: &Store) -> Owner {
        Owner {
            store: store.clone(),
            parts: Rc::default(),
        }
    }

    /// A child owner, disposed with this one.
    #[must_use]
    pub fn child(&self) -> Owner {
        let child = Owner::root(&self.store);
        let mut parts = self.parts.borrow_mut();
        parts.children.retain(|c| !c.is_disposed());
        parts.children.push(child.clone());
        child
    }

    /// Whether `other` is this owner (not a copy of its contents: the same owner).
    #[must_use]
    pub fn same(&self, other: &Owner) -> bool {
        Rc::ptr_eq(&self.parts, &other.parts)
    }

    /// The store this owner's effects read.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Registers an effect owned by this owner and runs it once.
    pub fn effect(&self, run: impl Fn() + 'static) {
        self.effect_rc(Rc::new(run));
    }

    /// [`effect`](Self::effect) without a copy of this code per closure type.
    fn effect_rc(&self, run: Rc<dyn Fn()>) {
        if self.parts.borrow().disposed {
            return;
        }
        let id = self.store.effect_rc(run);
        self.parts.borrow_mut().effects.push(id);
    }

    /// Keeps `value` (e.g. an event-listener closure) alive until disposal.
    pub fn keep(&self, value: impl std::any::Any) {
        self.parts.borrow_mut().keep.push(Box::new(value));
    }

    /// Runs `f` at disposal.
    pub fn on_cleanup(&self, f: impl FnOnce() + 'static) {
        self.parts.borrow_mut().cleanups.push(Box::new(f));
    }

    /// Whether [`dispose`](Self::dispose) ran.
    #[must_use]
    pub fn is_disposed(&self) -> bool {
        self.parts.borrow().disposed
    }

    /// Drops every effect, child owner and kept value, and runs the cleanups.
    pub fn dispose(&self) {
        let parts = {
            let mut parts = self.parts.borrow_mut();
            if parts.disposed {
                return;
            }
            parts.disposed = true;
            std::mem::take(&mut *parts)
        };
        self.parts.borrow_mut().disposed = true;
        for id in parts.effects {
            self.store.dispose(id);
        }
        for child in parts.children {
            child.dispose();
        }
        for cleanup in parts.cleanups {
            cleanup();
        }
        drop(parts.keep);
    }
}
