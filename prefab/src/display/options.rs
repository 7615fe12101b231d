//! Everything `display()` can put around a view: title, state, theme CSS, mode, defs, key
//! bindings, `_meta` and the text-fallback settings.
use crate::fallback::FallbackOptions;
use crate::{Actions, Node};
use serde_json::{Map, Value};

/// Options of [`display_with`](super::display_with).
///
/// ```
/// use prefab::display::{DisplayOptions, display_with};
/// use serde_json::json;
///
/// let opts = DisplayOptions::new()
///     .title("Users")
///     .key_binding("Ctrl+r", prefab::CallTool::new("refresh"))
///     .state("count", 3)
///     .mode("dark")
///     .css(".pf-app-root { padding: 0 }");
/// let result = display_with(json!({"content": "3 users", "type": "Text"}), &opts);
/// let envelope = result.structured_content.unwrap();
/// assert_eq!(envelope["state"]["count"], 3);
/// assert_eq!(envelope["mode"], "dark");
/// ```
#[derive(Debug, Clone, Default)]
pub struct DisplayOptions {
    /// Heads the text fallback (the wire has no title, as in prefab-ui).
    pub title: Option<String>,
    /// Initial state (`state` of the envelope).
    pub state: Option<Map<String, Value>>,
    /// Theme CSS, emitted as the first `css` entry (prefab-ui's `theme.to_css()`).
    pub theme_css: Option<String>,
    /// Extra CSS entries.
    pub css: Vec<String>,
    /// Stylesheet URLs.
    pub stylesheets: Vec<String>,
    /// `light` or `dark`.
    pub mode: Option<String>,
    /// Reusable templates for `$ref` nodes.
    pub defs: Map<String, Value>,
    /// Key → action (or list of actions).
    pub key_bindings: Map<String, Value>,
    /// `_meta` of the tool result.
    pub meta: Option<Map<String, Value>>,
    /// How the text for the model is produced.
    pub fallback: FallbackOptions,
    /// The text the model reads, as it is, instead of the fallback made from the view.
    pub text: Option<String>,
}

impl DisplayOptions {
    /// No options.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the title shown at the top of the text fallback.
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Sets one state key.
    #[must_use]
    pub fn state(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.state
            .get_or_insert_with(Map::new)
            .insert(key.into(), value.into());
        self
    }

    /// Replaces the whole initial state.
    #[must_use]
    pub fn state_map(mut self, state: impl Into<Map<String, Value>>) -> Self {
        self.state = Some(state.into());
        self
    }

    /// Sets the theme CSS (first `css` entry).
    #[must_use]
    pub fn theme_css(mut self, css: impl Into<String>) -> Self {
        self.theme_css = Some(css.into());
        self
    }

    /// Adds a CSS entry.
    #[must_use]
    pub fn css(mut self, css: impl Into<String>) -> Self {
        self.css.push(css.into());
        self
    }

    /// Adds a stylesheet URL.
    #[must_use]
    pub fn stylesheet(mut self, url: impl Into<String>) -> Self {
        self.stylesheets.push(url.into());
        self
    }

    /// Sets `light` / `dark` mode.
    #[must_use]
    pub fn mode(mut self, mode: impl Into<String>) -> Self {
        self.mode = Some(mode.into());
        self
    }

    /// Adds a reusable template (`defs[name]`).
    #[must_use]
    pub fn def(mut self, name: impl Into<String>, node: impl Into<Node>) -> Self {
        let node = serde_json::to_value(node.into()).unwrap_or_default();
        self.defs.insert(name.into(), node);
        self
    }

    /// Binds a key (`Ctrl+s`, `Escape`) to an action or a list of actions.
    #[must_use]
    pub fn key_binding(mut self, key: impl Into<String>, actions: impl Into<Actions>) -> Self {
        let actions = serde_json::to_value(actions.into()).unwrap_or_default();
        self.key_bindings.insert(key.into(), actions);
        self
    }

    /// Sets `_meta` of the tool result.
    #[must_use]
    pub fn meta(mut self, meta: impl Into<Map<String, Value>>) -> Self {
        self.meta = Some(meta.into());
        self
    }

    /// Sets how the text fallback is produced.
    #[must_use]
    pub fn fallback(mut self, fallback: impl Into<FallbackOptions>) -> Self {
        self.fallback = fallback.into();
        self
    }

    /// Sets the text the model reads (the result's text content), as it is: no fallback is
    /// made from the view and the title is not added to it.
    ///
    /// ```
    /// use prefab::display::{DisplayOptions, display_with};
    /// use serde_json::json;
    ///
    /// let opts = DisplayOptions::new().title("Orders").text("3 orders, 41.70 in total.");
    /// let result = display_with(json!({"type": "Text", "content": "3 orders"}), &opts);
    /// let prefab::display::Content::Text { text } = &result.content[0];
    /// assert_eq!(text, "3 orders, 41.70 in total.");
    /// assert!(result.structured_content.is_some(), "the view is still sent");
    /// ```
    #[must_use]
    pub fn text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }
}
