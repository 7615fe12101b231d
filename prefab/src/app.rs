//! The app envelope: `{"$prefab": {"version": "0.3"}, "view": …, "state": …, …}`.

use crate::Actions;
use crate::components::{Component, Map, Node, layout::Div};
use crate::wire::{Check, FromJson, FromJsonError, PropSpec, from_json_by_serde};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The protocol version this crate emits.
pub const PROTOCOL_VERSION: &str = "0.3";

/// A complete `$prefab` UI: the view tree plus initial state, templates, app tools, theme
/// CSS and key bindings.
///
/// `App::new` wraps the view in the root `Div` (class `pf-app-root`) like prefab-ui, and
/// emits protocol version `"0.3"`. Parsing accepts `"0.2"` and `"0.3"` and keeps the
/// version it read, so documents round-trip unchanged.
///
/// ```
/// use prefab::*;
/// let app = App::new(Column::new().gap(4).child(H1::new("Hello, {{ name }}!")))
///     .state("name", "world");
/// let json = app.to_value();
/// assert_eq!(json["$prefab"]["version"], "0.3");
/// assert_eq!(json["view"]["cssClass"], "pf-app-root");
/// assert_eq!(json["view"]["children"][0]["type"], "Column");
///
/// let back = App::from_json(&app.to_json()).unwrap();
/// assert_eq!(back, app);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct App {
    /// The protocol header, `{"version": "0.3"}`.
    #[serde(rename = "$prefab")]
    pub header: Header,
    /// The component tree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<Node>,
    /// Named templates used by `{"$ref": name}` nodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defs: Option<BTreeMap<String, Node>>,
    /// Initial client state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Map>,
    /// Tools the app itself provides to the host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<AppTool>>,
    /// `"light"` or `"dark"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// CSS text blocks (a theme compiles into the first one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub css: Option<Vec<String>>,
    /// Stylesheet URLs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stylesheets: Option<Vec<String>>,
    /// Keyboard shortcuts: `"Ctrl+k"` → actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_bindings: Option<BTreeMap<String, Actions>>,
    /// Unknown top-level keys, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

/// The `$prefab` header.
///
/// ```
/// let h = prefab::Header::default();
/// assert_eq!(h.version, "0.3");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[non_exhaustive]
pub struct Header {
    /// `"0.3"` (also `"0.2"` on input).
    #[schemars(extend("enum" = ["0.2", "0.3"]))]
    pub version: String,
    /// Unknown header keys, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

impl Default for Header {
    fn default() -> Self {
        Self {
            version: PROTOCOL_VERSION.to_owned(),
            extra: Map::new(),
        }
    }
}

impl App {
    pub(crate) const PROPS: &'static [PropSpec] = &[
        PropSpec::new("view", false, <Node as Check>::check),
        PropSpec::new("defs", false, <BTreeMap<String, Node> as Check>::check),
        PropSpec::new("state", false, <Map as Check>::check),
        PropSpec::new("tools", false, <Vec<AppTool> as Check>::check),
        PropSpec::new("mode", false, <String as Check>::check),
        PropSpec::new("css", false, <Vec<String> as Check>::check),
        PropSpec::new("stylesheets", false, <Vec<String> as Check>::check),
        PropSpec::new(
            "key_bindings",
            false,
            <BTreeMap<String, Actions> as Check>::check,
        ),
    ];

    /// An app showing `view`, wrapped in the root `Div` (`pf-app-root`) like prefab-ui: a
    /// bare `Div` without classes or style gets the class itself, anything else is wrapped.
    ///
    /// ```
    /// use prefab::*;
    /// let app = App::new(Column::new().child(H1::new("Hello")));
    /// let json = app.to_value();
    /// assert_eq!(json["view"]["cssClass"], "pf-app-root");
    /// assert_eq!(json["view"]["children"][0]["type"], "Column");
    /// ```
    #[must_use]
    pub fn new(view: impl Into<Node>) -> Self {
        let view = match view.into() {
            Node::Component(c) => match *c {
                Component::Div(div) if div.css_class.is_none() && div.style.is_none() => {
                    Node::from(div.css_class("pf-app-root"))
                }
                other => Node::from(Div::new().css_class("pf-app-root").child(other)),
            },
            r @ Node::Ref(_) => Node::from(Div::new().css_class("pf-app-root").child(r)),
        };
        Self {
            header: Header::default(),
            view: Some(view),
            defs: None,
            state: None,
            tools: None,
            mode: None,
            css: None,
            stylesheets: None,
            key_bindings: None,
            extra: Map::new(),
        }
    }

    /// Builds the typed app by consuming a JSON value, keeping unknown keys in `extra`.
    pub(crate) fn from_value(value: Value) -> Result<Self, serde_json::Error> {
        let mut header = None;
        let mut app = App::new(Div::new());
        app.view = None;
        for (key, value) in Map::from_json(value)? {
            let at = |e: FromJsonError| e.at_key(&key);
            match key.as_str() {
                // `null` means absent; keep it verbatim so it round-trips.
                k if k != "$prefab" && value.is_null() => {
                    app.extra.insert(key, value);
                }
                "$prefab" => header = Some(FromJson::from_json(value).map_err(at)?),
                "view" => app.view = Some(FromJson::from_json(value).map_err(at)?),
                "defs" => app.defs = Some(FromJson::from_json(value).map_err(at)?),
                "state" => app.state = Some(FromJson::from_json(value).map_err(at)?),
                "tools" => app.tools = Some(FromJson::from_json(value).map_err(at)?),
                "mode" => app.mode = Some(FromJson::from_json(value).map_err(at)?),
                "css" => app.css = Some(FromJson::from_json(value).map_err(at)?),
                "stylesheets" => app.stylesheets = Some(FromJson::from_json(value).map_err(at)?),
                "keyBindings" => app.key_bindings = Some(FromJson::from_json(value).map_err(at)?),
                _ => {
                    app.extra.insert(key, value);
                }
            }
        }
        app.header = header.ok_or_else(|| FromJsonError::missing("$prefab"))?;
        Ok(app)
    }

    /// The app as compact JSON text.
    ///
    /// ```
    /// use prefab::*;
    /// let text = App::new(P::new("Hi")).to_json();
    /// assert!(text.starts_with(r#"{"$prefab":"#));
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The app as indented JSON text.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The app as a JSON value (what goes into a tool result's `structuredContent`).
    #[must_use]
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// Sets one initial state value.
    ///
    /// ```
    /// use prefab::*;
    /// let app = App::new(H1::new("Hello, {{ name }}!")).state("name", "Ada");
    /// assert_eq!(app.to_value()["state"]["name"], "Ada");
    /// ```
    #[must_use]
    pub fn state(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.state
            .get_or_insert_with(Map::new)
            .insert(key.into(), value.into());
        self
    }

    /// Sets the initial state from a serializable value (its top-level fields become keys;
    /// anything that is not an object is ignored).
    ///
    /// ```
    /// use prefab::*;
    /// #[derive(serde::Serialize)]
    /// struct State { count: u32 }
    /// let app = App::new(P::new("{{ count }}")).state_from(&State { count: 3 });
    /// assert_eq!(app.to_value()["state"]["count"], 3);
    /// ```
    #[must_use]
    pub fn state_from<T: Serialize>(mut self, state: &T) -> Self {
        if let Ok(Value::Object(map)) = serde_json::to_value(state) {
            self.state.get_or_insert_with(Map::new).extend(map);
        }
        self
    }

    /// Adds a named template for `{"$ref": name}` uses.
    #[must_use]
    pub fn def(mut self, name: impl Into<String>, body: impl Into<Node>) -> Self {
        self.defs
            .get_or_insert_with(BTreeMap::new)
            .insert(name.into(), body.into());
        self
    }

    /// Adds an app tool.
    #[must_use]
    pub fn tool(mut self, tool: AppTool) -> Self {
        self.tools.get_or_insert_with(Vec::new).push(tool);
        self
    }

    /// Sets `"light"` or `"dark"` mode.
    #[must_use]
    pub fn mode(mut self, mode: impl Into<String>) -> Self {
        self.mode = Some(mode.into());
        self
    }

    /// Appends a CSS text block.
    #[must_use]
    pub fn css(mut self, css: impl Into<String>) -> Self {
        self.css.get_or_insert_with(Vec::new).push(css.into());
        self
    }

    /// Appends a stylesheet URL.
    #[must_use]
    pub fn stylesheet(mut self, url: impl Into<String>) -> Self {
        self.stylesheets
            .get_or_insert_with(Vec::new)
            .push(url.into());
        self
    }

    /// Binds a key (`"Ctrl+k"`, `"Escape"`) to actions.
    #[must_use]
    pub fn key_binding(mut self, key: impl Into<String>, actions: impl Into<Actions>) -> Self {
        self.key_bindings
            .get_or_insert_with(BTreeMap::new)
            .insert(key.into(), actions.into());
        self
    }
}

/// A tool the app provides to the host (`tools` in the envelope): calling it runs
/// `actions` in the browser and returns `result` evaluated against state.
///
/// ```
/// use prefab::*;
/// let tool = AppTool::new("get_selection", serde_json::json!({"id": "{{ selected }}"}))
///     .description("The selected row");
/// let app = App::new(Text::new("hi")).tool(tool);
/// assert_eq!(app.to_value()["tools"][0]["name"], "get_selection");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct AppTool {
    /// Tool name (1–128 of `[A-Za-z0-9_.-]`).
    pub name: String,
    /// Description shown to the model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// JSON Schema of the arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<Map>,
    /// Arguments bound from state (`{{ }}` values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bind: Option<Map>,
    /// What the tool does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Actions>,
    /// The structured result, evaluated against `{...state, $event}`.
    pub result: Value,
    /// Unknown keys, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

impl AppTool {
    pub(crate) const PROPS: &'static [PropSpec] = &[
        PropSpec::new("name", true, <String as Check>::check),
        PropSpec::new("description", false, <String as Check>::check),
        PropSpec::new("input_schema", false, <Map as Check>::check),
        PropSpec::new("bind", false, <Map as Check>::check),
        PropSpec::new("actions", false, <Actions as Check>::check),
        PropSpec::new("result", true, <Value as Check>::check),
    ];

    /// A tool named `name` returning `result`.
    #[must_use]
    pub fn new(name: impl Into<String>, result: impl Into<Value>) -> Self {
        Self {
            name: name.into(),
            result: result.into(),
            ..Self::default()
        }
    }

    /// Sets the description.
    #[must_use]
    pub fn description(mut self, text: impl Into<String>) -> Self {
        self.description = Some(text.into());
        self
    }

    /// Sets the actions run when the tool is called.
    #[must_use]
    pub fn actions(mut self, actions: impl Into<Actions>) -> Self {
        self.actions = Some(actions.into());
        self
    }

    /// Sets the input JSON Schema.
    #[must_use]
    pub fn input_schema(mut self, schema: Map) -> Self {
        self.input_schema = Some(schema);
        self
    }
}

from_json_by_serde!(Header, AppTool);
