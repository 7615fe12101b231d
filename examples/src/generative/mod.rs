//! Generative UI: the model writes a `$prefab` view, `render_ui` checks and renders it.
//!
//! * `render_ui {view}` validates the view as a model-written one
//!   (`prefab::validate::Mode::Generated`): shapes, names (also inside nodes of unknown
//!   type), enum values, the syntax of every `{{ }}` template and its pipe names; a valid view
//!   comes back rendered, an invalid one as an error result that lists every problem with its
//!   JSON path (and the warnings), so the model can fix them all in one retry.
//! * `prefab_components {name?}` documents one component — its definition from the wire
//!   schema with every definition it references, in plain language, and a small valid
//!   example — or lists them all.
//! * The full JSON Schema is the resource [`SCHEMA_URI`] (`prefab serve` serves it).
mod components;

pub use components::component_doc;

use prefab::display::{Content, ToolResult, display};
use prefab::validate::{Issue, Mode, validate_with};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router};
use serde::Deserialize;
use serde_json::{Value, json};

/// The resource holding the wire format's JSON Schema (draft 2020-12).
pub const SCHEMA_URI: &str = "prefab://schema/wire.json";

/// The `render_ui` and `prefab_components` tools.
///
/// ```
/// let tools = examples::generative::Generative::tool_router();
/// assert!(tools.has_route("render_ui") && tools.has_route("prefab_components"));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Generative;

/// The arguments of `render_ui`.
#[derive(Debug, Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct RenderUi {
    /// The view: a `$prefab` envelope (`{"$prefab": {"version": "0.3"}, "view": {…}}`) or a
    /// bare component (`{"type": "Column", "children": […]}`).
    pub view: Value,
}

/// The arguments of `prefab_components`.
#[derive(Debug, Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct ComponentDoc {
    /// A component type such as `DataTable`; omit it for the list of every component.
    pub name: Option<String>,
}

#[tool_router(vis = "pub")]
impl Generative {
    /// Renders a view the model wrote.
    #[tool(
        description = "Render a UI you write as a $prefab JSON view (an envelope {\"$prefab\": {\"version\": \"0.3\"}, \"view\": …, \"state\": …} or a bare component). Components are objects {\"type\": NAME, …props, \"children\": [...]}: layout Column Row Grid Div Card Tabs Accordion; text H1 H2 H3 Text P Muted Markdown Code Badge Metric; data DataTable Table BarChart LineChart PieChart; forms Form Input Select Checkbox Switch Slider Button; actions in onClick/onSubmit such as {\"action\": \"toolCall\", \"tool\": NAME} or {\"action\": \"setState\", \"key\": K, \"value\": V}; {{ expr }} templates read state. The view appears while you write it (the host streams your arguments to it), so write structure first: layout, headings and labels before long data (table rows, chart data, long text), and the view before state. Invalid views come back as an error listing every problem with its JSON path. Full JSON Schema: resource prefab://schema/wire.json; one component's props: prefab_components.",
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn render_ui(&self, Parameters(args): Parameters<RenderUi>) -> CallToolResult {
        prefab_mcp::call_tool_result(render(args.view))
    }

    /// Documents a component.
    #[tool(
        description = "Data only (no UI): one $prefab component type's JSON Schema definition (its props, with every definition they reference under $defs) and a small valid example, or the list of every component type when no name is given."
    )]
    pub async fn prefab_components(
        &self,
        Parameters(args): Parameters<ComponentDoc>,
    ) -> CallToolResult {
        match component_doc(args.name.as_deref()) {
            Ok(doc) => CallToolResult::structured(doc),
            Err(message) => CallToolResult::structured_error(json!({ "error": message })),
        }
    }
}

/// `render_ui`'s result: the rendered view, or an error result listing every problem (and,
/// so that one retry fixes everything, the warnings too).
///
/// ```
/// use serde_json::json;
/// let ok = examples::generative::render(json!({"type": "H1", "content": "Hi"}));
/// assert!(!ok.is_error);
/// let bad = examples::generative::render(json!({"type": "Column", "children": [{"type": "Buttn"}]}));
/// assert!(bad.is_error);
/// ```
#[must_use]
pub fn render(view: Value) -> ToolResult {
    let report = validate_with(&view, Mode::Generated);
    if report.is_valid() {
        return display(view);
    }
    let mut text = format!(
        "The view has {} problem(s); fix them all and call render_ui again:",
        report.errors.len()
    );
    for issue in &report.errors {
        text.push_str(&format!("\n- {issue}"));
    }
    if !report.warnings.is_empty() {
        text.push_str(
            "\nAlso worth fixing (warnings: kept as is, but probably not what you meant):",
        );
        for issue in &report.warnings {
            text.push_str(&format!("\n- {issue}"));
        }
    }
    let list = |issues: &[Issue]| -> Vec<Value> {
        issues
            .iter()
            .map(|i| json!({"path": i.path, "message": i.message}))
            .collect()
    };
    ToolResult {
        content: vec![Content::text(text)],
        structured_content: Some(
            json!({ "errors": list(&report.errors), "warnings": list(&report.warnings) }),
        ),
        is_error: true,
        meta: None,
    }
}

/// Every problem of a model-written view ([`Mode::Generated`]): wrong shapes, unknown
/// names (also inside nodes of unknown type), template syntax and unknown pipes.
///
/// ```
/// let problems = examples::generative::check(&serde_json::json!({"type": "Text", "content": "{{ x | uper }}"}));
/// assert_eq!(problems[0].path, "content");
/// ```
#[must_use]
pub fn check(view: &Value) -> Vec<Issue> {
    validate_with(view, Mode::Generated).errors
}

/// The text of the [`SCHEMA_URI`] resource: the wire format's JSON Schema.
#[must_use]
pub fn schema_text() -> String {
    serde_json::to_string_pretty(&prefab::schema::wire_schema()).unwrap_or_default()
}
