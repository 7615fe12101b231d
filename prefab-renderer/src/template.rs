//! The renderer's use of `prefab::expr`: templates in props, conditions, and the scope
//! chain (`let` bindings, `$item`/`$index`, `$event`/`$result`/`$error`) layered over the
//! tracked state store.
use crate::store::Store;
use prefab::expr::{Env, Scope, Template, TimeZone, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

thread_local! {
    static LOCALE: RefCell<Option<String>> = const { RefCell::new(None) };
    static ZONE: RefCell<Option<TimeZone>> = const { RefCell::new(None) };
    /// The host's zone by name (`Europe/Berlin`), for the date pipes' `Intl` styles.
    static ZONE_NAME: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The [`env`] of the current locale and zone, built once (every binding evaluates with
    /// it; rebuilding it cost an allocation per evaluation).
    static ENV: Rc<Env<'static>> = Rc::new(build_env());
    static CURRENT: RefCell<Option<Rc<Env<'static>>>> = const { RefCell::new(None) };
}

/// Sets the viewer locale and time zone (from the host context) used by pipes. The zone
/// goes to `Intl` by name for the date styles; where the pipes need offsets themselves
/// (local date-times without one, date patterns), a name they cannot resolve
/// (`Europe/Berlin`) gives the browser's own zone, the host's wherever it runs in this
/// browser.
pub fn set_locale(locale: Option<String>, time_zone: Option<&str>) {
    if locale.is_some() {
        LOCALE.with(|l| *l.borrow_mut() = locale);
    }
    if let Some(name) = time_zone {
        let zone = TimeZone::from_name(name).unwrap_or(TimeZone::Offsets(browser_offset));
        ZONE_NAME.with(|z| *z.borrow_mut() = Some(name.to_owned()));
        ZONE.with(|z| *z.borrow_mut() = Some(zone));
    }
    CURRENT.with(|c| *c.borrow_mut() = Some(Rc::new(build_env())));
}

fn browser_offset(epoch_ms: f64) -> i32 {
    crate::dom::local_offset_minutes(epoch_ms)
}

/// The evaluation environment (locale, time zone), shared until they change.
#[must_use]
pub fn env() -> Rc<Env<'static>> {
    CURRENT
        .with(|c| c.borrow().clone())
        .unwrap_or_else(|| ENV.with(Rc::clone))
}

fn build_env() -> Env<'static> {
    let mut env = Env::new();
    if let Some(locale) = LOCALE.with(|l| l.borrow().clone()) {
        env = env.with_locale(locale);
    }
    if let Some(name) = ZONE_NAME.with(|z| z.borrow().clone()) {
        env = env.with_time_zone_name(name);
    }
    let zone = ZONE
        .with(|z| *z.borrow())
        .unwrap_or(TimeZone::Offsets(browser_offset));
    env.with_time_zone(zone)
}

/// How a name in a [`Frame`] is bound.
///
/// ```
/// use prefab::expr::{Scope, Value};
/// use prefab_renderer::{store::Store, template::{Binding, Frame}};
/// let store = Store::new();
/// store.set("a", Value::from(2));
/// let frame = Frame::push(&Frame::root(&store), vec![
///     ("$index".into(), Binding::Value(Value::from(1))),
///     ("double".into(), Binding::Let(Value::from("{{ a * 2 }}"))),
/// ]);
/// assert_eq!(frame.lookup("double"), Some(Value::from(4)));
/// assert_eq!(frame.lookup("$index"), Some(Value::from(1)));
/// ```
#[derive(Clone)]
pub enum Binding {
    /// A value (`$item`, `$index`, `$event`, …).
    Value(Value),
    /// A `let` entry: a template evaluated against the enclosing scope on each lookup,
    /// so effects that read it also track what it reads.
    Let(Value),
}

/// One level of the scope chain, over the state store.
///
/// ```
/// use prefab::expr::{Scope, Value};
/// use prefab_renderer::{store::Store, template::Frame};
/// let store = Store::new();
/// store.set("name", Value::from("Ada"));
/// let frame = Frame::with_let(&Frame::root(&store), &Value::object([("greeting", Value::from("Hi {{ name }}"))]));
/// assert_eq!(frame.lookup("greeting"), Some(Value::from("Hi Ada")));
/// ```
pub struct Frame {
    store: Store,
    parent: Option<Rc<Frame>>,
    vars: Vec<(Arc<str>, Binding)>,
}

impl Frame {
    /// The outermost frame: names resolve in the store.
    #[must_use]
    pub fn root(store: &Store) -> Rc<Frame> {
        Rc::new(Frame {
            store: store.clone(),
            parent: None,
            vars: Vec::new(),
        })
    }

    /// A frame with `vars` over `parent`.
    #[must_use]
    pub fn push(parent: &Rc<Frame>, vars: Vec<(Arc<str>, Binding)>) -> Rc<Frame> {
        if vars.is_empty() {
            return parent.clone();
        }
        Rc::new(Frame {
            store: parent.store.clone(),
            parent: Some(parent.clone()),
            vars,
        })
    }

    /// A frame for a node's `let` object (each entry lazily evaluated).
    #[must_use]
    pub fn with_let(parent: &Rc<Frame>, bindings: &Value) -> Rc<Frame> {
        let Value::Object(map) = bindings else {
            return parent.clone();
        };
        let vars = map
            .iter()
            .map(|(k, v)| (Arc::from(k), Binding::Let(v.clone())))
            .collect();
        Frame::push(parent, vars)
    }

    /// The store under this chain.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn outer(&self) -> &dyn Scope {
        match &self.parent {
            Some(parent) => &**parent,
            None => &self.store,
        }
    }
}

impl Scope for Frame {
    fn lookup(&self, name: &str) -> Option<Value> {
        for (key, binding) in &self.vars {
            if &**key == name {
                return Some(match binding {
                    Binding::Value(v) => v.clone(),
                    Binding::Let(raw) => interpolate(raw, self.outer()),
                });
            }
        }
        self.outer().lookup(name)
    }
}

/// Whether a string holds a template (`{{`).
#[must_use]
pub fn is_dynamic(value: &Value) -> bool {
    match value {
        Value::String(s) => prefab::expr::has_str(s, "{{"),
        Value::Array(items) => items.iter().any(is_dynamic),
        Value::Object(map) => map.iter().any(|(_, v)| is_dynamic(v)),
        _ => false,
    }
}

/// A prop parsed once and evaluated on every run of its binding (strings are the common
/// case: a [`Template`] keeps the parsed expressions; arrays and objects are interpolated
/// deeply each time).
///
/// ```
/// use prefab::expr::Value;
/// use prefab_renderer::{store::Store, template::{Compiled, Frame}};
/// let store = Store::new();
/// store.set("n", Value::from(2));
/// let label = Compiled::new(&Value::from("{{ n * 2 }} items"));
/// assert_eq!(label.render(&*Frame::root(&store)), Value::from("4 items"));
/// store.set("n", Value::from(3));
/// assert_eq!(label.render(&*Frame::root(&store)), Value::from("6 items"));
/// ```
pub enum Compiled {
    /// A string prop.
    Text(Template),
    /// Anything else, interpolated as [`interpolate`] does.
    Deep(Value),
}

impl Compiled {
    /// Parses `raw` (a string's templates once, here).
    #[must_use]
    pub fn new(raw: &Value) -> Compiled {
        match raw {
            Value::String(s) => Compiled::Text(Template::parse(s)),
            other => Compiled::Deep(other.clone()),
        }
    }

    /// The value for the current state.
    #[must_use]
    pub fn render(&self, scope: &dyn Scope) -> Value {
        match self {
            Compiled::Text(template) => template.render(scope, &env()),
            Compiled::Deep(value) => interpolate(value, scope),
        }
    }
}

/// Interpolates every string inside `value` (deeply), keeping types for sole templates.
#[must_use]
pub fn interpolate(value: &Value, scope: &dyn Scope) -> Value {
    match value {
        Value::String(s) if prefab::expr::has_str(s, "{{") => {
            prefab::expr::interpolate_string(s, scope, &env())
        }
        Value::Array(_) | Value::Object(_) if is_dynamic(value) => {
            prefab::expr::interpolate_props(value, scope, &env())
        }
        _ => value.clone(),
    }
}

/// A condition string (`Condition.when`, `setInterval.while`) as a boolean.
#[must_use]
pub fn condition(value: &Value, scope: &dyn Scope) -> bool {
    match value {
        Value::String(s) => prefab::expr::evaluate_condition(s, scope, &env()),
        other => other.truthy(),
    }
}

/// Text for `textContent`: strings as they are, `null`/`undefined` empty, numbers and
/// booleans as JavaScript prints them, arrays and objects as JSON.
#[must_use]
pub fn display(value: &Value) -> String {
    match value {
        Value::Undefined | Value::Null => String::new(),
        Value::Array(_) | Value::Object(_) => crate::js::stringify(value),
        other => other.to_js_string(),
    }
}
