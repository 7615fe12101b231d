//! Generative UI: the model writes a `$prefab` view, `render_ui` checks and renders it.
//!
//! * `render_ui {view}` validates the view against the wire format (`prefab::validate`) and
//!   the syntax of every `{{ }}` template in it; a valid view comes back rendered, an invalid
//!   one as an error result that lists every problem with its JSON path, so the model can
//!   fix them all in one retry.
//! * `prefab_components {name?}` documents one component (its props, from the wire schema),
//!   or lists them all.
//! * The full JSON Schema is the resource [`SCHEMA_URI`] (`prefab serve` serves it).
use prefab::display::{Content, ToolResult, display};
use prefab::validate::Issue;
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
        description = "Data only (no UI): the props of one $prefab component type (from the wire JSON Schema), or the list of every component type when no name is given."
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

/// `render_ui`'s result: the rendered view, or an error result listing every problem.
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
    let problems = check(&view);
    if problems.is_empty() {
        return display(view);
    }
    let mut text = format!(
        "The view has {} problem(s); fix them all and call render_ui again:",
        problems.len()
    );
    for issue in &problems {
        text.push_str(&format!("\n- {issue}"));
    }
    let list: Vec<Value> = problems
        .iter()
        .map(|i| json!({"path": i.path, "message": i.message}))
        .collect();
    ToolResult {
        content: vec![Content::text(text)],
        structured_content: Some(json!({ "errors": list })),
        is_error: true,
        meta: None,
    }
}

/// Every problem of a view: the validator's errors, then template syntax errors.
#[must_use]
pub fn check(view: &Value) -> Vec<Issue> {
    let mut problems = prefab::validate(view).errors;
    templates(view, &mut String::new(), &mut problems);
    problems
}

/// Checks the syntax of each `{{ … }}` in every string of `value` (`path` is its JSON path).
fn templates(value: &Value, path: &mut String, out: &mut Vec<Issue>) {
    match value {
        Value::String(text) => template(text, path, out),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                templates(item, path, out);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                templates(item, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

fn template(text: &str, path: &str, out: &mut Vec<Issue>) {
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push(Issue::new(
                path,
                format!("template {text:?}: `{{{{` is never closed by `}}}}`"),
            ));
            return;
        };
        let inner = &after[..end];
        if let Err(e) = prefab::expr::parse(inner.trim()) {
            out.push(Issue::new(path, format!("template {text:?}: {e}")));
        }
        rest = &after[end + 2..];
    }
}

/// The documentation of one component (its schema definition with the props' types and
/// descriptions), or the list of every component with its one-line description.
///
/// # Errors
/// When `name` is not a component type (the message lists the known ones).
pub fn component_doc(name: Option<&str>) -> Result<Value, String> {
    let schema = prefab::schema::wire_schema();
    let defs = schema.get("$defs").cloned().unwrap_or_default();
    let names: Vec<String> = defs
        .pointer("/Component/oneOf")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(|c| c.pointer("/properties/type/const")?.as_str())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let description = |n: &str| defs.pointer(&format!("/{n}/description")).cloned();
    match name {
        None => Ok(json!({
            "components": names
                .iter()
                .map(|n| json!({"type": n, "description": description(n)}))
                .collect::<Vec<_>>(),
            "schema": SCHEMA_URI,
        })),
        Some(n) if names.iter().any(|known| known == n) => Ok(json!({
            "type": n,
            "definition": defs.get(n),
            "schema": SCHEMA_URI,
        })),
        Some(n) => Err(format!(
            "unknown component type {n:?}; known: {}",
            names.join(", ")
        )),
    }
}

/// The text of the [`SCHEMA_URI`] resource: the wire format's JSON Schema.
#[must_use]
pub fn schema_text() -> String {
    serde_json::to_string_pretty(&prefab::schema::wire_schema()).unwrap_or_default()
}
