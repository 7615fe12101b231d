//! What a host asks of the view: its app tools (the envelope's `tools`, listed and called by
//! the host for the model) and its teardown.
use crate::host::to_json;
use crate::view::View;
use prefab::expr::Value;
use prefab_renderer::bridge::rpc;
use prefab_renderer::dom::arena::host;

impl View {
    /// The host calls one of the view's app tools (the envelope's `tools`), as a host does
    /// for the model (`tools/call`), and returns the view's answer: a `CallToolResult` as
    /// JSON, or `{"error": …}`. Panics when the view does not answer (its actions wait for
    /// something the test has not given, such as a tool call to answer).
    ///
    /// ```
    /// use prefab_test::View;
    /// use serde_json::json;
    /// let view = View::mount(json!({"structuredContent": {
    ///     "$prefab": {"version": "0.2"},
    ///     "state": {"todos": []},
    ///     "view": {"type": "Text", "content": "{{ todos | length }} to do"},
    ///     "tools": [{"name": "add_todo", "description": "Adds a todo",
    ///         "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}},
    ///         "actions": {"action": "appendState", "key": "todos", "value": "{{ $event.title }}"},
    ///         "result": {"count": "{{ todos.length }}"}}]
    /// }}));
    /// let answer = view.call_app_tool("add_todo", json!({"title": "Buy milk"}));
    /// assert_eq!(answer["structuredContent"]["count"], 1);
    /// assert_eq!(view.text(), "1 to do");
    /// ```
    pub fn call_app_tool(&self, name: &str, arguments: serde_json::Value) -> serde_json::Value {
        let params = serde_json::json!({ "name": name, "arguments": arguments });
        self.ask("tools/call", &params)
    }

    /// The host lists the view's app tools (`tools/list`): the view's answer, `{"tools": […]}`.
    ///
    /// ```
    /// use prefab::*;
    /// let view = prefab_test::View::mount(&App::new(Text::new("No tools")));
    /// assert_eq!(view.list_app_tools()["tools"], serde_json::json!([]));
    /// ```
    #[must_use]
    pub fn list_app_tools(&self) -> serde_json::Value {
        self.ask("tools/list", &serde_json::json!({}))
    }

    /// The host closes the view (`ui/resource-teardown`) and returns its answer (`{}`); its
    /// timers stop.
    ///
    /// ```
    /// use prefab::*;
    /// use std::time::Duration;
    /// let tick = SetInterval::new(1000).on_tick(SetState::new("ticks", "{{ ticks + 1 }}"));
    /// let app = App::new(Text::new("{{ ticks }}").on_mount(tick)).state("ticks", 0);
    /// let view = prefab_test::View::mount(&app);
    /// view.advance(Duration::from_millis(2500));
    /// assert_eq!(view.text(), "2");
    /// assert_eq!(view.teardown(), serde_json::json!({}));
    /// view.advance(Duration::from_secs(5));
    /// assert_eq!(view.text(), "2");
    /// ```
    #[allow(clippy::must_use_candidate)]
    pub fn teardown(&self) -> serde_json::Value {
        self.ask("ui/resource-teardown", &serde_json::json!({}))
    }

    /// Sends the view a request as its host and returns the answer.
    fn ask(&self, method: &str, params: &serde_json::Value) -> serde_json::Value {
        let id = {
            let mut host = self.host.borrow_mut();
            host.next_id += 1;
            host.next_id - 1
        };
        host::deliver(rpc::request(id, method, Some(&Value::from(params))));
        self.pump();
        let mut host = self.host.borrow_mut();
        let Some(at) = host
            .answers
            .iter()
            .position(|(answered, _)| to_json(answered) == serde_json::json!(id))
        else {
            panic!(
                "the view has not answered the host's {method} (is it waiting for a tool call?)"
            );
        };
        host.answers.remove(at).1
    }
}
