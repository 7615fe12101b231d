//! The store's subscriptions across re-runs: an effect re-run that reads the same keys keeps
//! its subscriptions (the fast path), one that reads other keys moves them, and a change of
//! several keys runs each reader once, outer effects first.
use prefab::expr::{Map, Scope, Value};
use prefab_renderer::store::Store;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

fn counter() -> (Rc<Cell<u32>>, Rc<Cell<u32>>) {
    let c = Rc::new(Cell::new(0));
    (c.clone(), c)
}

#[test]
fn a_rerun_reading_the_same_key_runs_once_per_change() {
    let store = Store::new();
    store.set("query", Value::from(""));
    let (runs, r) = counter();
    let s = store.clone();
    store.effect(move || {
        let _ = s.lookup("query");
        let _ = s.lookup("query"); // a second read of the same key
        r.set(r.get() + 1);
    });
    for i in 0..100 {
        store.set("query", Value::from(i));
    }
    assert_eq!(runs.get(), 101, "one run at creation, then one per change");
    store.set("other", Value::from(1));
    assert_eq!(runs.get(), 101);
}

#[test]
fn a_rerun_reading_other_keys_moves_its_subscriptions() {
    let store = Store::new();
    store.set("useB", Value::from(false));
    let (runs, r) = counter();
    let s = store.clone();
    store.effect(move || {
        let key = if s.lookup("useB").is_some_and(|v| v.truthy()) {
            "b"
        } else {
            "a"
        };
        let _ = s.lookup(key);
        r.set(r.get() + 1);
    });
    store.set("a", Value::from(1));
    assert_eq!(runs.get(), 2, "reads a");
    store.set("useB", Value::from(true));
    assert_eq!(runs.get(), 3);
    store.set("a", Value::from(2));
    assert_eq!(runs.get(), 3, "no longer reads a");
    store.set("b", Value::from(2));
    assert_eq!(runs.get(), 4, "reads b now");
}

#[test]
fn a_merge_of_several_read_keys_runs_each_reader_once_outer_first() {
    let store = Store::new();
    let order = Rc::new(RefCell::new(Vec::new()));
    for name in ["outer", "inner"] {
        let (s, o) = (store.clone(), order.clone());
        store.effect(move || {
            let _ = s.lookup("x");
            let _ = s.lookup("y");
            o.borrow_mut().push(name);
        });
    }
    order.borrow_mut().clear();
    let mut patch = Map::new();
    patch.insert("y", Value::from(1));
    patch.insert("x", Value::from(2));
    store.merge(&patch);
    assert_eq!(*order.borrow(), ["outer", "inner"]);
}

#[test]
fn a_disposed_effect_no_longer_runs() {
    let store = Store::new();
    let (runs, r) = counter();
    let s = store.clone();
    let id = store.effect(move || {
        let _ = s.lookup("k");
        r.set(r.get() + 1);
    });
    store.set("k", Value::from(1));
    store.dispose(id);
    store.set("k", Value::from(2));
    assert_eq!(runs.get(), 2);
    assert_eq!(store.effect_count(), 0);
}
