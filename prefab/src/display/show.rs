//! `display()`: a view (or a whole envelope) → a [`ToolResult`] with the envelope for the
//! host and the text fallback for the model.
use super::options::DisplayOptions;
use super::result::{Content, ToolResult};
use crate::{App, Bind, Component, Node};
use serde_json::{Map, Value, json};

pub use crate::PROTOCOL_VERSION;

/// The class of the root `Div` every view is wrapped in (themes target it).
pub const ROOT_CLASS: &str = "pf-app-root";

/// Something `display()` can show: a component tree (any component or [`Node`]), a
/// whole [`App`], or raw JSON (an envelope, recognised by its `$prefab` key, or a node).
#[derive(Debug, Clone, PartialEq)]
pub enum Displayable {
    /// A component tree; it is wrapped in the root `Div`.
    View(Node),
    /// A complete app; options are merged into it.
    App(Box<App>),
    /// Raw JSON: an envelope, or a node to wrap.
    Json(Value),
}

impl<T: Into<Node>> From<T> for Displayable {
    fn from(view: T) -> Self {
        Displayable::View(view.into())
    }
}

impl From<App> for Displayable {
    fn from(app: App) -> Self {
        Displayable::App(Box::new(app))
    }
}

impl From<Value> for Displayable {
    fn from(value: Value) -> Self {
        Displayable::Json(value)
    }
}

/// Shows a view with default options.
///
/// ```
/// use prefab::display::display;
///
/// let result = display(prefab::H1::new("Hello"));
/// let envelope = result.structured_content.as_ref().unwrap();
/// assert_eq!(envelope["$prefab"]["version"], "0.3");
/// assert_eq!(envelope["view"]["cssClass"], "pf-app-root");
/// assert_eq!(result.content[0], prefab::display::Content::text("# Hello"));
/// ```
#[must_use]
pub fn display(view: impl Into<Displayable>) -> ToolResult {
    display_with(view, &DisplayOptions::default())
}

/// Shows a view with options (title, state, theme, CSS, mode, defs, key bindings, `_meta`,
/// fallback settings).
///
/// ```
/// use prefab::display::{DisplayOptions, display_with};
/// use serde_json::json;
///
/// let opts = DisplayOptions::new().title("Report").state("n", 1);
/// let result = display_with(prefab::Text::new("n = {{ n }}"), &opts);
/// assert_eq!(result.content[0], prefab::display::Content::text("# Report\n\nn = 1"));
/// ```
#[must_use]
pub fn display_with(view: impl Into<Displayable>, options: &DisplayOptions) -> ToolResult {
    let envelope = envelope(view.into(), options);
    let text = match &options.text {
        Some(text) => text.clone(),
        None => options.fallback.render(&envelope, options.title.as_deref()),
    };
    ToolResult {
        content: vec![Content::text(text)],
        structured_content: Some(envelope),
        is_error: false,
        meta: options.meta.clone(),
    }
}

/// Builds the `$prefab` envelope in prefab-ui's key order: `$prefab`, `view`, `defs`,
/// `state`, `tools`, `mode`, `css`, `stylesheets`, `keyBindings`.
#[must_use]
pub fn envelope(view: Displayable, options: &DisplayOptions) -> Value {
    let json = match view {
        Displayable::View(node) => view_value(node),
        Displayable::App(app) => app.to_value(),
        Displayable::Json(value) => value,
    };
    let mut base = match json {
        Value::Object(map) if map.contains_key("$prefab") => map,
        other => {
            let mut map = Map::new();
            map.insert("view".into(), wrap_root(other));
            map
        }
    };
    let mut out = Map::new();
    out.insert(
        "$prefab".into(),
        base.shift_remove("$prefab")
            .unwrap_or_else(|| json!({ "version": PROTOCOL_VERSION })),
    );
    move_key(&mut base, &mut out, "view");
    let mut defs = take_object(&mut base, "defs");
    defs.extend(options.defs.clone());
    insert_nonempty(&mut out, "defs", defs);
    let mut state = match base.shift_remove("state") {
        Some(Value::Object(map)) => Some(map),
        _ => None,
    };
    if let Some(extra) = &options.state {
        state.get_or_insert_with(Map::new).extend(extra.clone());
    }
    if let Some(state) = state {
        out.insert("state".into(), Value::Object(state));
    }
    move_key(&mut base, &mut out, "tools");
    match &options.mode {
        Some(mode) => {
            base.shift_remove("mode");
            out.insert("mode".into(), Value::String(mode.clone()));
        }
        None => move_key(&mut base, &mut out, "mode"),
    }
    let mut css: Vec<Value> = options
        .theme_css
        .iter()
        .map(|c| Value::String(c.clone()))
        .collect();
    css.extend(take_array(&mut base, "css"));
    css.extend(options.css.iter().map(|c| Value::String(c.clone())));
    css.retain(|c| c.as_str().is_some_and(|s| !s.trim().is_empty()));
    if !css.is_empty() {
        out.insert("css".into(), Value::Array(css));
    }
    let mut sheets = take_array(&mut base, "stylesheets");
    sheets.extend(options.stylesheets.iter().map(|s| Value::String(s.clone())));
    if !sheets.is_empty() {
        out.insert("stylesheets".into(), Value::Array(sheets));
    }
    let mut bindings = take_object(&mut base, "keyBindings");
    bindings.extend(options.key_bindings.clone());
    insert_nonempty(&mut out, "keyBindings", bindings);
    // Anything else the caller put in (extensions) keeps its place at the end.
    out.extend(base);
    Value::Object(out)
}

/// The app JSON of a view. The rows of a root `DataTable` or chart — where large results
/// live — are moved into the JSON instead of being serialized and copied.
fn view_value(mut node: Node) -> Value {
    let moved = take_rows(&mut node);
    let mut app = App::new(node).to_value();
    if let Some((key, rows)) = moved {
        // The component left an empty array in place, so the key keeps its position.
        let slot = app
            .pointer_mut("/view/children/0")
            .and_then(|view| view.get_mut(key));
        if let Some(slot) = slot {
            *slot = Value::Array(rows.into_iter().map(Value::Object).collect());
        }
    }
    app
}

/// Takes the literal rows out of a root `DataTable` / chart, leaving an empty list.
fn take_rows(node: &mut Node) -> Option<(&'static str, Vec<crate::Map>)> {
    let Node::Component(component) = node else {
        return None;
    };
    let (key, slot) = match component.as_mut() {
        Component::DataTable(table) => ("rows", table.rows.as_mut()?),
        Component::LineChart(chart) => ("data", &mut chart.data),
        Component::BarChart(chart) => ("data", &mut chart.data),
        Component::AreaChart(chart) => ("data", &mut chart.data),
        Component::PieChart(chart) => ("data", &mut chart.data),
        Component::ScatterChart(chart) => ("data", &mut chart.data),
        _ => return None,
    };
    match slot {
        Bind::Value(rows) => Some((key, std::mem::take(rows))),
        Bind::Expr(_) => None,
    }
}

/// Wraps a view in the root `Div` (`{"cssClass": "pf-app-root", "type": "Div", …}`), unless
/// it already is that root.
#[must_use]
pub fn wrap_root(view: Value) -> Value {
    let is_root = view.get("type").and_then(Value::as_str) == Some("Div")
        && view
            .get("cssClass")
            .and_then(Value::as_str)
            .is_some_and(|c| c.split_whitespace().any(|c| c == ROOT_CLASS));
    if is_root {
        return view;
    }
    // Built by hand: `json!` would serialize (deep-copy) `view` instead of moving it.
    let mut root = Map::with_capacity(3);
    root.insert("cssClass".into(), Value::String(ROOT_CLASS.into()));
    root.insert("type".into(), Value::String("Div".into()));
    root.insert("children".into(), Value::Array(vec![view]));
    Value::Object(root)
}

fn move_key(from: &mut Map<String, Value>, to: &mut Map<String, Value>, key: &str) {
    if let Some(value) = from.shift_remove(key) {
        to.insert(key.into(), value);
    }
}

fn take_object(map: &mut Map<String, Value>, key: &str) -> Map<String, Value> {
    match map.shift_remove(key) {
        Some(Value::Object(inner)) => inner,
        _ => Map::new(),
    }
}

fn take_array(map: &mut Map<String, Value>, key: &str) -> Vec<Value> {
    match map.shift_remove(key) {
        Some(Value::Array(items)) => items,
        _ => Vec::new(),
    }
}

fn insert_nonempty(out: &mut Map<String, Value>, key: &str, value: Map<String, Value>) {
    if !value.is_empty() {
        out.insert(key.into(), Value::Object(value));
    }
}
