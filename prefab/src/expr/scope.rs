//! [`Scope`]: where names come from. The evaluator asks a scope for the FIRST segment of a
//! path (`user` in `user.name.0`) and walks the rest itself, so a renderer can stack `let`
//! bindings, `$item`/`$index` and action results over its state without copying it.
use super::value::{Map, Value};

/// Resolves a top-level name to a value; `None` means "not defined" (`undefined`).
///
/// ```
/// use prefab::expr::{evaluate, Env, Layered, Scope, Value};
/// let state = Value::object([("name", Value::from("Ford")), ("n", Value::from(1))]);
/// let item = Value::object([("$index", Value::from(4))]);
/// let scope = Layered::new(&item, &state);
/// let v = evaluate("$index + n + ' ' + name", &scope, &Env::default()).unwrap();
/// assert_eq!(v, Value::from("5 Ford"));
/// ```
pub trait Scope {
    /// The value bound to `name`, if any.
    fn lookup(&self, name: &str) -> Option<Value>;
}

/// An object resolves its keys; any other value defines no names.
impl Scope for Value {
    fn lookup(&self, name: &str) -> Option<Value> {
        match self {
            Value::Object(map) => map.get(name).cloned(),
            _ => None,
        }
    }
}

impl Scope for Map {
    fn lookup(&self, name: &str) -> Option<Value> {
        self.get(name).cloned()
    }
}

/// Names bound in order, e.g. `[("$item", item), ("$index", 3.into())]`.
impl<K: AsRef<str>> Scope for [(K, Value)] {
    fn lookup(&self, name: &str) -> Option<Value> {
        self.iter()
            .find(|(k, _)| k.as_ref() == name)
            .map(|(_, v)| v.clone())
    }
}

/// Names bound in order, as a fixed-size array.
impl<K: AsRef<str>, const N: usize> Scope for [(K, Value); N] {
    fn lookup(&self, name: &str) -> Option<Value> {
        self[..].lookup(name)
    }
}

/// Names bound in order, as a vector.
impl<K: AsRef<str>> Scope for Vec<(K, Value)> {
    fn lookup(&self, name: &str) -> Option<Value> {
        self[..].lookup(name)
    }
}

impl<S: Scope + ?Sized> Scope for &S {
    fn lookup(&self, name: &str) -> Option<Value> {
        (**self).lookup(name)
    }
}

/// Two scopes stacked: names in `top` hide the same names in `base`
/// (the renderer's `{...state, ...scope}`).
///
/// ```
/// use prefab::expr::{Layered, Scope, Value};
/// let state = Value::object([("x", Value::from(1)), ("y", Value::from(2))]);
/// let local = [("x", Value::from(10))];
/// let scope = Layered::new(&local, &state);
/// assert_eq!(scope.lookup("x"), Some(Value::from(10)));
/// assert_eq!(scope.lookup("y"), Some(Value::from(2)));
/// ```
#[derive(Clone, Copy)]
pub struct Layered<'a> {
    top: &'a dyn Scope,
    base: &'a dyn Scope,
}

impl<'a> Layered<'a> {
    /// `top` over `base`.
    #[must_use]
    pub fn new(top: &'a dyn Scope, base: &'a dyn Scope) -> Self {
        Layered { top, base }
    }
}

impl Scope for Layered<'_> {
    fn lookup(&self, name: &str) -> Option<Value> {
        self.top.lookup(name).or_else(|| self.base.lookup(name))
    }
}
