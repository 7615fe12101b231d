//! [`View`]: a mounted view, the host it talks to, and the queries that find its parts.
use crate::element::Element;
use crate::host::{Effect, Host, ToolReply, to_json};
use crate::query;
use prefab::expr::Value;
use prefab_renderer::bridge::rpc;
use prefab_renderer::dom::Node;
use prefab_renderer::dom::arena::{self, Document, clock, host};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// A view rendered without a browser by the renderer's own code, and the host it is
/// connected to. One view per thread at a time (each `#[test]` runs on its own thread);
/// mounting another replaces it.
///
/// ```
/// use prefab::*;
/// use prefab_test::View;
/// let counter = App::new(
///     Column::new()
///         .child(Text::new("Count: {{ count }}"))
///         .child(Button::new("Add").on_click(SetState::new("count", "{{ count + 1 }}"))),
/// )
/// .state("count", 0);
/// let view = View::mount(&counter);
/// view.get_by_role("button", "Add").click();
/// assert!(view.text().contains("Count: 1"));
/// ```
pub struct View {
    pub(crate) root: Node,
    pub(crate) doc: Document,
    pub(crate) host: Rc<RefCell<Host>>,
    app: Rc<prefab_renderer::app::App>,
}

impl View {
    /// A view connected to its host, waiting for content (as a host shows it before the
    /// tool's result arrives): send it [`tool_input_partial`](Self::tool_input_partial),
    /// [`tool_input`](Self::tool_input) and [`tool_result`](Self::tool_result).
    ///
    /// ```
    /// let view = prefab_test::View::connected();
    /// assert_eq!(view.text(), "Waiting for content…");
    /// ```
    #[must_use]
    pub fn connected() -> View {
        let view = View::connecting();
        view.pump();
        view
    }

    /// A view whose host has not answered its `ui/initialize` yet: what the test sends next
    /// reaches the view before the answer, as from a host that pushes the tool's data early.
    /// The view keeps it until the handshake is done, then shows it.
    ///
    /// ```
    /// use prefab::*;
    /// let view = prefab_test::View::connecting();
    /// view.tool_result(&App::new(Text::new("Arrived early")));
    /// assert_eq!(view.text(), "Arrived early");
    /// ```
    #[must_use]
    pub fn connecting() -> View {
        let (root, app) = prefab_renderer::headless::install(true);
        View {
            root,
            doc: prefab_renderer::dom::document().unwrap_or_else(no_document),
            host: Rc::default(),
            app,
        }
    }

    /// A view showing a tool's result: an [`App`](prefab::App), a
    /// [`ToolResult`](prefab::display::ToolResult) (what `display()` returns) or a
    /// `CallToolResult` as JSON.
    ///
    /// ```
    /// use prefab::*;
    /// let view = prefab_test::View::mount(display::display(Text::new("Saved")));
    /// assert_eq!(view.text(), "Saved");
    /// ```
    #[must_use]
    pub fn mount(result: impl Into<ToolReply>) -> View {
        let view = View::connected();
        view.tool_result(result);
        view
    }

    /// Sends `ui/notifications/tool-result`: the view shows the result.
    pub fn tool_result(&self, result: impl Into<ToolReply>) {
        self.notify("ui/notifications/tool-result", &result.into().to_json());
    }

    /// Sends `ui/notifications/tool-input` with the tool's complete `arguments`.
    pub fn tool_input(&self, arguments: serde_json::Value) {
        self.notify(
            "ui/notifications/tool-input",
            &serde_json::json!({ "arguments": arguments }),
        );
    }

    /// Sends `ui/notifications/tool-input-partial` with the `arguments` streamed so far
    /// (a view that streams its document draws what has arrived).
    pub fn tool_input_partial(&self, arguments: serde_json::Value) {
        self.notify(
            "ui/notifications/tool-input-partial",
            &serde_json::json!({ "arguments": arguments }),
        );
    }

    /// Sends `ui/notifications/host-context-changed` with a context patch (`theme`,
    /// `locale`, `displayMode`…).
    pub fn host_context(&self, patch: serde_json::Value) {
        self.notify("ui/notifications/host-context-changed", &patch);
    }

    fn notify(&self, method: &str, params: &serde_json::Value) {
        host::deliver(rpc::notification(method, Some(&Value::from(params))));
        self.pump();
    }

    /// Answers `tools/call` of `name` with `handler` from now on (the calls already made
    /// wait for [`answer`](Self::answer)). Pass the server's own handler to test the round
    /// trip: what it returns goes back to the view as the host would pass it.
    ///
    /// ```
    /// use prefab::*;
    /// use prefab_test::View;
    /// let app = App::new(Column::new()
    ///     .child(Button::new("Refresh").on_click(
    ///         CallTool::new("stats").on_success(SetState::new("stats", "{{ $result }}")),
    ///     ))
    ///     .child(Text::new("{{ stats.users }} users")));
    /// let view = View::mount(&app);
    /// view.on_tool("stats", |_args| serde_json::json!({"structuredContent": {"users": 42}}).into());
    /// view.get_by_text("Refresh").click();
    /// assert_eq!(view.get_by_text("42 users").text(), "42 users");
    /// ```
    pub fn on_tool(
        &self,
        name: &str,
        handler: impl FnMut(&serde_json::Value) -> ToolReply + 'static,
    ) {
        self.host.borrow_mut().on_tool(name, Box::new(handler));
    }

    /// Answers the oldest `tools/call` that no handler answered. Panics when none waits.
    pub fn answer(&self, reply: impl Into<ToolReply>) {
        let pending = self.host.borrow_mut().pending.pop_front();
        let Some((id, _)) = pending else {
            panic!("answer: the view is waiting for no tool call");
        };
        host::deliver(rpc::response(&id, &Value::from(&reply.into().to_json())));
        self.pump();
    }

    /// Every effect on the host so far, oldest first.
    #[must_use]
    pub fn effects(&self) -> Vec<Effect> {
        self.host.borrow().effects.clone()
    }

    /// The `tools/call`s so far: (tool, arguments), oldest first.
    #[must_use]
    pub fn tool_calls(&self) -> Vec<(String, serde_json::Value)> {
        let effects = self.effects();
        effects
            .into_iter()
            .filter_map(|e| match e {
                Effect::ToolCall { name, arguments } => Some((name, arguments)),
                _ => None,
            })
            .collect()
    }

    /// Every request the view sent its host as it went on the wire (method, params), the
    /// `ui/initialize` handshake left out, oldest first.
    ///
    /// ```
    /// use prefab::*;
    /// let view = prefab_test::View::mount(&App::new(Button::new("Ask").on_click(SendMessage::new("Hi"))));
    /// view.get_by_text("Ask").click();
    /// let (method, params) = &view.requests()[0];
    /// assert_eq!(method, "ui/message");
    /// assert_eq!(params["content"][0]["text"], "Hi");
    /// ```
    #[must_use]
    pub fn requests(&self) -> Vec<(String, serde_json::Value)> {
        self.host.borrow().requests.clone()
    }

    /// What the view logged to the host (its warnings), oldest first.
    #[must_use]
    pub fn logs(&self) -> Vec<String> {
        self.host.borrow().logs.clone()
    }

    /// Lets `duration` pass: timers that fall due run (toasts close, `setInterval` ticks,
    /// tooltips open, requests time out after 60 s).
    pub fn advance(&self, duration: Duration) {
        clock::advance(duration.as_secs_f64() * 1000.0);
        self.pump();
    }

    /// The value at `path` of the view's state (`"count"`, `"user.name"`, `"rows[0]"`),
    /// `null` when absent.
    #[must_use]
    pub fn state(&self, path: &str) -> serde_json::Value {
        self.app
            .store
            .peek_path(path)
            .map_or(serde_json::Value::Null, |v| to_json(&v))
    }

    /// The text a user sees in the view (the view and its toasts, overlays included),
    /// white space collapsed.
    #[must_use]
    pub fn text(&self) -> String {
        self.doc
            .body()
            .map(|b| query::visible_text(&b))
            .unwrap_or_default()
    }

    /// The texts of the toasts shown now.
    #[must_use]
    pub fn toasts(&self) -> Vec<String> {
        self.all(".pf-toast")
            .iter()
            .map(query::visible_text)
            .collect()
    }

    /// The view's HTML, one element per line and indented: stable across runs, for
    /// snapshot tests (`insta::assert_snapshot!(view.snapshot())`).
    #[must_use]
    pub fn snapshot(&self) -> String {
        crate::snapshot::pretty(&self.root)
    }

    /// Handles what the view sent its host (after every action).
    pub(crate) fn pump(&self) {
        self.host.borrow_mut().pump();
    }

    pub(crate) fn element(&self, node: Node) -> Element<'_> {
        Element { view: self, node }
    }

    /// Every element of the page matching a CSS selector (the simulator's subset).
    fn all(&self, selector: &str) -> Vec<Node> {
        let Ok(list) = self.doc.query_selector_all(selector) else {
            return Vec::new();
        };
        (0..list.length()).filter_map(|i| list.item(i)).collect()
    }

    fn visible_elements(&self) -> Vec<Node> {
        self.all("*")
            .into_iter()
            .filter(|n| !query::is_hidden(n))
            .collect()
    }

    /// The visible element whose text is `text` (white space collapsed; the innermost when
    /// nested elements have the same text). Panics, listing the texts there are, when there
    /// is none or more than one.
    #[must_use]
    pub fn get_by_text(&self, text: &str) -> Element<'_> {
        let found = self.query_all_by_text(text);
        self.one(found, || format!("text {text:?}"), || self.texts())
    }

    /// [`get_by_text`](Self::get_by_text) that gives `None` when there is none.
    #[must_use]
    pub fn query_by_text(&self, text: &str) -> Option<Element<'_>> {
        self.query_all_by_text(text).into_iter().next()
    }

    /// Every visible element whose text is `text`, in document order.
    #[must_use]
    pub fn query_all_by_text(&self, text: &str) -> Vec<Element<'_>> {
        let want = query::normalise(text);
        let matching: Vec<Node> = self
            .visible_elements()
            .into_iter()
            .filter(|n| query::visible_text(n) == want)
            .collect();
        // The innermost: drop an element that has a matching descendant.
        let inner: Vec<Node> = matching
            .iter()
            .filter(|n| !matching.iter().any(|m| m != *n && n.contains(Some(m))))
            .cloned()
            .collect();
        inner.into_iter().map(|n| self.element(n)).collect()
    }

    /// The visible element with `role` (`button`, `textbox`, `checkbox`, `tab`, `link`,
    /// `heading`…) and accessible name `name`. Panics, listing the names there are with
    /// that role, when there is none or more than one.
    #[must_use]
    pub fn get_by_role(&self, role: &str, name: &str) -> Element<'_> {
        let found = self.query_all_by_role(role, name);
        self.one(
            found,
            || format!("role {role:?} named {name:?}"),
            || self.names(role),
        )
    }

    /// [`get_by_role`](Self::get_by_role) that gives `None` when there is none.
    #[must_use]
    pub fn query_by_role(&self, role: &str, name: &str) -> Option<Element<'_>> {
        self.query_all_by_role(role, name).into_iter().next()
    }

    /// Every visible element with `role` named `name`, in document order.
    #[must_use]
    pub fn query_all_by_role(&self, role: &str, name: &str) -> Vec<Element<'_>> {
        let want = query::normalise(name);
        self.with_role(role)
            .into_iter()
            .filter(|n| query::name(&self.doc, n) == want)
            .map(|n| self.element(n))
            .collect()
    }

    /// Every visible element with `role`, in document order.
    #[must_use]
    pub fn all_by_role(&self, role: &str) -> Vec<Element<'_>> {
        self.with_role(role)
            .into_iter()
            .map(|n| self.element(n))
            .collect()
    }

    fn with_role(&self, role: &str) -> Vec<Node> {
        let visible = self.visible_elements();
        visible
            .into_iter()
            .filter(|n| query::role(n).as_deref() == Some(role))
            .collect()
    }

    /// The control labelled `label` (by its `<label>`, `aria-label` or `aria-labelledby`,
    /// as a Field's Label names its control). Panics, listing the labels there are, when
    /// there is none or more than one.
    #[must_use]
    pub fn get_by_label(&self, label: &str) -> Element<'_> {
        let want = query::normalise(label);
        let found: Vec<Element<'_>> = self
            .visible_elements()
            .into_iter()
            .filter(|n| labelled(n) && query::name(&self.doc, n) == want)
            .map(|n| self.element(n))
            .collect();
        self.one(found, || format!("label {label:?}"), || self.labels())
    }

    /// The element whose `id` is `id` (a component's `id` prop). Panics when there is none.
    #[must_use]
    pub fn get_by_id(&self, id: &str) -> Element<'_> {
        match self.doc.get_element_by_id(id) {
            Some(node) => self.element(node),
            None => panic!("no element with id {id:?}\n\n{}", self.snapshot()),
        }
    }

    /// The focused element, if any.
    #[must_use]
    pub fn focused(&self) -> Option<Element<'_>> {
        arena::active().map(|n| self.element(n))
    }

    /// Presses `key` on the focused element (or the page): `Enter`, `Escape`, `Tab`,
    /// `ArrowDown`, a character, with modifiers as `Shift+Tab` or `Ctrl+k`. Default actions
    /// follow as in a browser when no handler prevented them: Tab moves focus, Enter and
    /// Space activate buttons, Enter in a form's field submits it.
    pub fn press(&self, key: &str) {
        let target = arena::active()
            .or_else(|| self.doc.body())
            .unwrap_or_else(|| self.root.clone());
        crate::element::press_on(self, &target, key);
    }

    fn one<'a>(
        &'a self,
        found: Vec<Element<'a>>,
        what: impl Fn() -> String,
        there: impl Fn() -> Vec<String>,
    ) -> Element<'a> {
        match found.len() {
            1 => found.into_iter().next().unwrap_or_else(|| unreachable!()),
            0 => panic!(
                "no visible element with {}; there are: {:?}",
                what(),
                there()
            ),
            n => panic!("{n} visible elements with {}; use query_all_by_…", what()),
        }
    }

    fn texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self
            .visible_elements()
            .iter()
            .filter(|n| n.child_list().iter().any(|c| c.node_type() == 3))
            .map(query::visible_text)
            .filter(|t| !t.is_empty())
            .collect();
        texts.dedup();
        texts
    }

    fn names(&self, role: &str) -> Vec<String> {
        self.with_role(role)
            .iter()
            .map(|n| query::name(&self.doc, n))
            .collect()
    }

    fn labels(&self) -> Vec<String> {
        let visible = self.visible_elements();
        visible
            .iter()
            .filter(|n| labelled(n))
            .map(|n| query::name(&self.doc, n))
            .filter(|n| !n.is_empty())
            .collect()
    }
}

/// Whether `el` is a control a label can name.
fn labelled(el: &Node) -> bool {
    matches!(el.local_name().as_str(), "input" | "textarea" | "select")
        || query::role(el).is_some_and(|r| {
            matches!(
                r.as_str(),
                "textbox"
                    | "combobox"
                    | "checkbox"
                    | "switch"
                    | "radiogroup"
                    | "slider"
                    | "listbox"
                    | "spinbutton"
            )
        })
}

#[cold]
fn no_document() -> Document {
    unreachable!("the native document always exists")
}
