//! # prefab-test
//!
//! Test what a user of your MCP server sees and does, in `cargo test`, without a browser:
//! mount a tool's result, find its parts by their text, role or label, click and type, and
//! check the text, the state and what the view asked of its host.
//!
//! The view is drawn by prefab's renderer itself — the code that runs in the host's frame,
//! compiled natively and drawing into an in-memory document — and it talks to a host that
//! this crate plays: the MCP Apps handshake, host notifications and requests are the real
//! protocol messages.
//!
//! ```
//! use prefab::*;
//! use prefab_test::{Effect, View};
//! use serde_json::{Map, json};
//!
//! // What a tool returns…
//! let args = Map::from_iter([("title".to_string(), json!("{{ title }}"))]);
//! let app = App::new(
//!     Column::new()
//!         .child(Input::new().name("title").aria_label("Title"))
//!         .child(Button::new("Add").on_click(CallTool::new("add_todo").arguments(args)))
//!         .child(Text::new("{{ todos | length }} to do")),
//! )
//! .state("todos", json!([]));
//!
//! // …shown as the host shows it.
//! let view = View::mount(&app);
//! // The server's handler answers the view's tool calls (here, a stand-in).
//! view.on_tool("add_todo", |args| {
//!     let todos = Map::from_iter([("todos".to_string(), json!([args["title"]]))]);
//!     display::display_update(todos, Actions::default()).into()
//! });
//!
//! view.get_by_label("Title").type_text("Buy milk");
//! view.get_by_role("button", "Add").click();
//!
//! assert_eq!(view.tool_calls()[0].1, json!({"title": "Buy milk"}));
//! assert!(view.text().contains("1 to do"));
//! assert!(matches!(&view.effects()[0], Effect::ToolCall { name, .. } if name == "add_todo"));
//! ```
//!
//! ## What is simulated, and what is not
//!
//! * Events as a browser dispatches them (bubbling, focus and blur, `input` and `change`,
//!   clicks that submit forms and toggle checkboxes, Tab, Enter and Space).
//! * Timers run when the test says so ([`View::advance`]).
//! * There is no layout: no sizes or positions (charts draw at their default width), no
//!   CSS cascade (`hidden` and inline `display: none` hide, classes do not), no images
//!   decoded, no `fetch`. Locale formatting uses the renderer's own fallback, not `Intl`.
//!
//! ## Static HTML
//!
//! [`ToHtml::to_html`] renders an [`App`](prefab::App) to a page of HTML and CSS that needs
//! no script (`prefab export --static` writes the same).
mod element;
mod host;
mod query;
mod requests;
mod snapshot;
mod view;

pub use element::Element;
pub use host::{Effect, ToolReply};
pub use view::View;

// The README (the crates.io page) is compiled and run as a doc test, as written.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// A document as a page of HTML and CSS with no script.
///
/// ```
/// use prefab::*;
/// use prefab_test::ToHtml;
/// let page = App::new(Card::new().child(Text::new("Revenue: {{ total }}"))).state("total", 42).to_html();
/// assert!(page.contains("Revenue: 42"));
/// assert!(!page.contains("<script"));
/// ```
pub trait ToHtml {
    /// The page (`<!doctype html>` …): the renderer's stylesheet, the document's classes and
    /// the view as the renderer draws it, with its state.
    fn to_html(&self) -> String;
}

impl ToHtml for prefab::App {
    fn to_html(&self) -> String {
        static_html(&self.to_value(), "Prefab")
    }
}

/// [`ToHtml`] for any `$prefab` envelope as JSON (`title` is the page's title).
#[must_use]
pub fn static_html(envelope: &serde_json::Value, title: &str) -> String {
    let css = prefab::page::cdn_file("renderer.css")
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let envelope = prefab::expr::Value::from(envelope);
    prefab_renderer::headless::static_page(&envelope, title, &css)
}
