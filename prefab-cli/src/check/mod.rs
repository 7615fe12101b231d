//! `prefab check`: a linter for any MCP Apps server (prefab-rs, FastMCP, TypeScript), looking
//! at it the way hosts will. It reaches the server as `prefab dev` does ([`Target`]: a stdio
//! command or a Streamable HTTP URL, the same MCP client), reads its tools and UI
//! resources, calls the UI tools it safely can, and reports each problem with the host
//! behaviour it guards against.
//!
//! ```text
//! $ prefab check -- cargo run -p my-server -- stdio
//! warning: tool show: _meta["ui/resourceUri"] is missing (…) [ui-resource-uri-flat-missing] why: …
//! prefab check cargo run -p my-server -- stdio (stdio): 2 tool(s) (1 with a UI), 1 UI resource(s) read, 0 call(s): 0 error(s), 1 warning(s), 1 note(s)
//! ```
//!
//! Calls: a UI tool is called (with no arguments) only when its input schema requires
//! nothing and it is marked read-only (`annotations.readOnlyHint: true`); MCP presumes any
//! other tool may have side effects. `--call` calls every UI tool that requires nothing.
//! Tools that need arguments are never called; each tool not called gets a note.
//!
//! Exit status: 1 when an error was found, 0 otherwise (warnings and notes included), 2
//! when the server could not be checked (not started, no answer, no tool list).
mod finding;
mod resources;
mod results;
mod tools;

pub use finding::{Counts, Finding, Report, Severity};

use crate::dev::Target;
use crate::dev::paging::{self, Paged};
use rmcp::ErrorData as McpError;
use rmcp::model::{CallToolRequestParams, PaginatedRequestParams, ReadResourceRequestParams};
use rmcp::service::{Peer, RoleClient, ServiceError};
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

/// The arguments of `prefab check`.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     check: prefab_cli::check::CheckArgs,
/// }
/// let cli = Cli::parse_from(["prefab", "--json", "--", "python", "server.py"]);
/// assert!(cli.check.json && !cli.check.call);
/// assert_eq!(cli.check.target().unwrap().to_string(), "python server.py (stdio)");
/// ```
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("server").required(true).args(["url", "command"])))]
pub struct CheckArgs {
    /// The server's Streamable HTTP endpoint, e.g. `http://127.0.0.1:8000/mcp`.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// A header sent with every request to `--url`, as `'Name: value'` (repeatable).
    #[arg(long = "header", value_name = "HEADER", conflicts_with = "command")]
    pub headers: Vec<String>,
    /// The stdio server to start, after `--`: `prefab check -- python server.py`.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
    /// Call every UI tool whose input schema requires nothing, not only those marked
    /// read-only (`annotations.readOnlyHint`): they may have side effects.
    #[arg(long)]
    pub call: bool,
    /// Print the report as JSON (`{target, checked, findings, summary}`).
    #[arg(long)]
    pub json: bool,
    /// Seconds to wait for the server to start, and for each of its answers.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub timeout: u64,
}

impl CheckArgs {
    /// The server these arguments name.
    ///
    /// # Errors
    /// When a header is not `Name: value`, the URL is not HTTP, or no server was named.
    pub fn target(&self) -> Result<Target, String> {
        Target::from_args(self.url.as_deref(), &self.headers, &self.command)
    }
}

/// Runs `prefab check`: prints the report; exit 1 when it holds an error.
///
/// # Errors
/// When the arguments name no valid target, or the server could not be checked.
pub fn run(args: &CheckArgs) -> Result<ExitCode, String> {
    let target = args.target()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    let options = Options {
        call_any: args.call,
        timeout: Duration::from_secs(args.timeout),
    };
    let report = runtime.block_on(check(&target, &options))?;
    if args.json {
        let json = serde_json::to_string_pretty(&report.json())
            .map_err(|e| format!("writing the report: {e}"))?;
        println!("{json}");
    } else {
        print!("{}", report.text());
    }
    Ok(if report.count(Severity::Error) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// How `prefab check` treats the server.
#[derive(Debug, Clone)]
pub struct Options {
    /// Call UI tools not marked read-only too (`--call`).
    pub call_any: bool,
    /// The wait for the server to start and for each answer.
    pub timeout: Duration,
}

/// Checks the server `target`.
///
/// # Errors
/// When the server does not start, does not answer within the timeout, or gives no tool
/// list.
pub async fn check(target: &Target, options: &Options) -> Result<Report, String> {
    let client = within(options.timeout, "starting the server", target.connect()).await??;
    let peer = client.peer().clone();
    let checked = Checker {
        peer: &peer,
        options,
        report: Report {
            target: target.to_string(),
            ..Report::default()
        },
    }
    .run()
    .await;
    // A stdio server is killed when its connection is dropped.
    let _ = client.cancel().await;
    let mut report = checked?;
    report.sort();
    Ok(report)
}

/// `future`, or an error naming `what` after `timeout`.
async fn within<T>(
    timeout: Duration,
    what: &str,
    future: impl Future<Output = T>,
) -> Result<T, String> {
    tokio::time::timeout(timeout, future)
        .await
        .map_err(|_| format!("{what}: no answer within {} s", timeout.as_secs()))
}

/// A failed request as text: the server's own error message, or what went wrong.
fn describe(error: ServiceError) -> String {
    match error {
        ServiceError::McpError(error) => format!("error {}: {}", error.code.0, error.message),
        ServiceError::UnexpectedResponse => {
            "an answer other than a result (it asked for input)".to_owned()
        }
        other => other.to_string(),
    }
}

/// A UI tool: its `tools/list` entry and the resource hosts would load for it.
struct UiTool {
    tool: Value,
    uri: String,
}

/// One check of one server.
struct Checker<'a> {
    peer: &'a Peer<RoleClient>,
    options: &'a Options,
    report: Report,
}

impl Checker<'_> {
    async fn run(mut self) -> Result<Report, String> {
        let tools = self.tools().await?;
        self.report.checked.tools = tools.len();
        let mut ui_tools = Vec::new();
        for tool in tools {
            if let Some(uri) = tools::check(&tool, &mut self.report.findings) {
                ui_tools.push(UiTool { tool, uri });
            }
        }
        self.report.checked.ui_tools = ui_tools.len();
        if ui_tools.is_empty() {
            self.report
                .findings
                .push(NO_UI.on("server", "no tool has a UI (_meta.ui.resourceUri)"));
            return Ok(self.report);
        }
        self.resources(&ui_tools).await;
        for ui in &ui_tools {
            self.call(&ui.tool).await;
        }
        Ok(self.report)
    }

    /// Every `tools/list` entry, as JSON.
    async fn tools(&self) -> Result<Vec<Value>, String> {
        let all = self
            .list_all("tools/list", |p| self.peer.list_tools(p))
            .await?;
        to_json(&all.tools)
    }

    /// Every page of a list, each answer waited for up to the timeout.
    async fn list_all<R, F, Fut>(&self, method: &str, request: F) -> Result<R, String>
    where
        R: Paged,
        F: Fn(Option<PaginatedRequestParams>) -> Fut,
        Fut: Future<Output = Result<R, ServiceError>>,
    {
        let timeout = self.options.timeout;
        let page = |params| {
            let answer = request(params);
            async move {
                within(timeout, method, answer)
                    .await
                    .and_then(|a| a.map_err(describe))
                    .map_err(|e| McpError::internal_error(e, None))
            }
        };
        let first = page(None).await.map_err(|e| e.message.to_string())?;
        paging::gather(method, first, |p| page(Some(p)))
            .await
            .map_err(|e| e.message.to_string())
    }

    /// Reads each UI tool's resource once and checks it with its `resources/list` entry.
    async fn resources(&mut self, ui_tools: &[UiTool]) {
        let listed = match self.listed().await {
            Ok(listed) => listed,
            Err(why) => {
                let message = format!("resources/list failed: {why}");
                self.report.findings.push(LIST_FAILED.on("server", message));
                BTreeMap::new()
            }
        };
        let uris: std::collections::BTreeSet<&str> =
            ui_tools.iter().map(|u| u.uri.as_str()).collect();
        for uri in uris {
            let request = self.peer.read_resource(ReadResourceRequestParams::new(uri));
            let read = within(self.options.timeout, "resources/read", request)
                .await
                .and_then(|r| r.map_err(describe))
                .and_then(|r| serde_json::to_value(r).map_err(|e| e.to_string()));
            self.report.checked.resources += 1;
            let read = read.as_ref().map_err(String::as_str);
            resources::check(uri, listed.get(uri), read, &mut self.report.findings);
        }
    }

    /// The `resources/list` entries by URI.
    async fn listed(&self) -> Result<BTreeMap<String, Value>, String> {
        let all = self
            .list_all("resources/list", |p| self.peer.list_resources(p))
            .await?;
        Ok(to_json(&all.resources)?
            .into_iter()
            .filter_map(|r| Some((r["uri"].as_str()?.to_owned(), r)))
            .collect())
    }

    /// Calls a UI tool with no arguments, when that is safe, and checks its result.
    async fn call(&mut self, tool: &Value) {
        let subject = tools::subject(tool);
        if let Err(skipped) = results::should_call(&subject, tool, self.options.call_any) {
            self.report.findings.push(skipped);
            return;
        }
        let name = tool["name"].as_str().unwrap_or_default().to_owned();
        let request = CallToolRequestParams::new(name).with_arguments(serde_json::Map::new());
        let answer = within(
            self.options.timeout,
            "tools/call",
            self.peer.call_tool(request),
        )
        .await
        .and_then(|r| r.map_err(describe))
        .and_then(|r| serde_json::to_value(r).map_err(|e| e.to_string()));
        self.report.checked.calls += 1;
        let answer = answer.as_ref().map_err(String::as_str);
        results::check(&subject, answer, &mut self.report.findings);
    }
}

/// Items as JSON (the rules read `_meta` keys rmcp does not model).
fn to_json<T: serde::Serialize>(items: &[T]) -> Result<Vec<Value>, String> {
    items
        .iter()
        .map(serde_json::to_value)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("reading the list: {e}"))
}

const NO_UI: finding::Rule = finding::Rule {
    id: "no-ui-tools",
    severity: Severity::Note,
    why: "hosts render a view only for tools whose _meta.ui.resourceUri names a ui:// resource",
};
const LIST_FAILED: finding::Rule = finding::Rule {
    id: "resources-list-failed",
    severity: Severity::Warning,
    why: "hosts list resources to find views and their _meta.ui; every UI resource counts as \
          not listed",
};
