//! The MCP server: `open_board` (the one UI tool) and twelve data-only tools. Every tool
//! answers with the whole board (`structuredContent`), the board's version and the caller's
//! `seq`, so a UI can drop answers older than its latest call.
use crate::board::Anchor;
use crate::service::{Answer, Error, Kanban};
use crate::ui;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

/// `open_board` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct OpenBoard {
    /// Board id; absent: the first board (one named "My board" is created when there is
    /// none).
    pub board: Option<String>,
}

/// `create_board` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateBoard {
    pub title: String,
    /// Wanted id (default: derived from the title).
    pub id: Option<String>,
}

/// `add_column` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddColumn {
    pub board: String,
    pub title: String,
    /// Client sequence number, echoed in the answer.
    pub seq: Option<u64>,
}

/// `rename_column` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenameColumn {
    pub board: String,
    pub column: String,
    pub title: String,
    pub seq: Option<u64>,
}

/// `delete_column` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteColumn {
    pub board: String,
    pub column: String,
    /// Column that receives the deleted column's cards; without it the column must be empty.
    pub move_cards_to: Option<String>,
    pub seq: Option<u64>,
}

/// `create_card` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateCard {
    pub board: String,
    pub column: String,
    pub title: String,
    pub description: Option<String>,
    /// Label ids.
    #[serde(default)]
    pub labels: Vec<String>,
    pub seq: Option<u64>,
}

/// `update_card` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateCard {
    pub board: String,
    pub card: String,
    pub title: Option<String>,
    /// New description ("" clears it).
    pub description: Option<String>,
    pub seq: Option<u64>,
}

/// `move_card` arguments: an anchor, not an index.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MoveCard {
    pub board: String,
    pub card: String,
    /// The card to put it before (wherever that card is). Absent or null: the end of `to`.
    pub before: Option<String>,
    /// The target column (used when `before` is absent).
    pub to: Option<String>,
    pub seq: Option<u64>,
}

/// `delete_card` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteCard {
    pub board: String,
    pub card: String,
    pub seq: Option<u64>,
}

/// `search_cards` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchCards {
    pub board: String,
    /// Text looked for in titles, descriptions and label names (case-insensitive).
    pub query: String,
}

/// `add_label` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddLabel {
    pub board: String,
    pub name: String,
    /// A CSS color (`#e11d48`, `teal`).
    pub color: String,
    pub seq: Option<u64>,
}

/// `set_card_labels` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SetCardLabels {
    pub board: String,
    pub card: String,
    /// Label ids (replace the card's labels).
    pub labels: Vec<String>,
    pub seq: Option<u64>,
}

/// Runs a blocking store call off the async workers and converts its answer.
async fn call<F>(f: F) -> CallToolResult
where
    F: FnOnce() -> Result<Answer, Error> + Send + 'static,
{
    match tokio::task::spawn_blocking(f).await {
        Ok(Ok(answer)) => CallToolResult::structured(json!(answer)),
        Ok(Err(e)) => failure(&e),
        Err(e) => failure(&format!("the call did not finish: {e}")),
    }
}

fn failure(e: &dyn std::fmt::Display) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(e.to_string())])
}

/// The MCP server over a [`Kanban`]: mount it with [`prefab_mcp::Viewer::attach`], or take
/// its tools with `KanbanServer::tool_router()`.
///
/// ```
/// use kanban::{Kanban, store::SqliteStore, tools::KanbanServer};
/// use rmcp::ServerHandler;
/// let kanban = Kanban::new(SqliteStore::open_memory()?);
/// let server = prefab_mcp::Viewer::new().attach(KanbanServer::new(kanban));
/// assert!(server.get_info().capabilities.tools.is_some());
/// # Ok::<(), kanban::store::StoreError>(())
/// ```
#[derive(Debug, Clone)]
pub struct KanbanServer {
    kanban: Kanban,
}

impl KanbanServer {
    /// The server over `kanban`.
    #[must_use]
    pub fn new(kanban: Kanban) -> Self {
        Self { kanban }
    }
}

#[tool_router(vis = "pub")]
impl KanbanServer {
    /// The UI tool.
    #[tool(
        description = "Open a Kanban board in the UI: columns of cards the user can drag between columns or move with the keyboard. Returns the whole board as well.",
        meta = prefab_mcp::ui_tool_meta()
    )]
    pub async fn open_board(&self, Parameters(a): Parameters<OpenBoard>) -> CallToolResult {
        let kanban = self.kanban.clone();
        let opened = tokio::task::spawn_blocking(move || kanban.open(a.board.as_deref())).await;
        match opened {
            Ok(Ok(answer)) => prefab_mcp::call_tool_result(ui::board_result(&answer)),
            Ok(Err(e)) => failure(&e),
            Err(e) => failure(&format!("the call did not finish: {e}")),
        }
    }

    #[tool(
        description = "Data-only (no UI): list the boards (id, title, number of columns and cards)."
    )]
    pub async fn list_boards(&self) -> CallToolResult {
        let kanban = self.kanban.clone();
        match tokio::task::spawn_blocking(move || kanban.list_boards()).await {
            Ok(Ok(boards)) => CallToolResult::structured(json!({ "boards": boards })),
            Ok(Err(e)) => failure(&e),
            Err(e) => failure(&format!("the call did not finish: {e}")),
        }
    }

    #[tool(
        description = "Data-only (no UI): create a board with the columns To do, Doing, Done. Returns the whole board."
    )]
    pub async fn create_board(&self, Parameters(a): Parameters<CreateBoard>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.create_board(&a.title, a.id.as_deref())).await
    }

    #[tool(
        description = "Data-only (no UI): add a column at the end of a board. Returns the whole board."
    )]
    pub async fn add_column(&self, Parameters(a): Parameters<AddColumn>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.add_column(&a.board, &a.title, a.seq)).await
    }

    #[tool(description = "Data-only (no UI): rename a column. Returns the whole board.")]
    pub async fn rename_column(&self, Parameters(a): Parameters<RenameColumn>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.rename_column(&a.board, &a.column, &a.title, a.seq)).await
    }

    #[tool(
        description = "Data-only (no UI): delete a column; its cards move to moveCardsTo, or the column must be empty. Returns the whole board."
    )]
    pub async fn delete_column(&self, Parameters(a): Parameters<DeleteColumn>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.delete_column(&a.board, &a.column, a.move_cards_to.as_deref(), a.seq)).await
    }

    #[tool(
        description = "Data-only (no UI): add a card at the end of a column. Returns the whole board."
    )]
    pub async fn create_card(&self, Parameters(a): Parameters<CreateCard>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || {
            k.create_card(
                &a.board,
                &a.column,
                &a.title,
                a.description.as_deref(),
                &a.labels,
                a.seq,
            )
        })
        .await
    }

    #[tool(
        description = "Data-only (no UI): change a card's title and/or description. Returns the whole board."
    )]
    pub async fn update_card(&self, Parameters(a): Parameters<UpdateCard>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || {
            k.update_card(
                &a.board,
                &a.card,
                a.title.as_deref(),
                a.description.as_deref(),
                a.seq,
            )
        })
        .await
    }

    #[tool(
        description = "Data-only (no UI): move a card before another card (`before`), or to the end of column `to`. Returns the whole board."
    )]
    pub async fn move_card(&self, Parameters(a): Parameters<MoveCard>) -> CallToolResult {
        let anchor = match (a.before, a.to) {
            (Some(before), _) => Anchor::Before(before),
            (None, Some(to)) => Anchor::End(to),
            (None, None) => {
                return failure(&"move_card needs `before` (a card id) or `to` (a column id)");
            }
        };
        let k = self.kanban.clone();
        call(move || k.move_card(&a.board, &a.card, &anchor, a.seq)).await
    }

    #[tool(description = "Data-only (no UI): delete a card. Returns the whole board.")]
    pub async fn delete_card(&self, Parameters(a): Parameters<DeleteCard>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.delete_card(&a.board, &a.card, a.seq)).await
    }

    #[tool(
        description = "Data-only (no UI): find cards whose title, description or label names contain the query. Returns the whole board and the matching card ids."
    )]
    pub async fn search_cards(&self, Parameters(a): Parameters<SearchCards>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.search_cards(&a.board, &a.query)).await
    }

    #[tool(
        description = "Data-only (no UI): add a label (name and CSS color) to a board. Returns the whole board."
    )]
    pub async fn add_label(&self, Parameters(a): Parameters<AddLabel>) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.add_label(&a.board, &a.name, &a.color, a.seq)).await
    }

    #[tool(
        description = "Data-only (no UI): replace the labels of a card (label ids). Returns the whole board."
    )]
    pub async fn set_card_labels(
        &self,
        Parameters(a): Parameters<SetCardLabels>,
    ) -> CallToolResult {
        let k = self.kanban.clone();
        call(move || k.set_card_labels(&a.board, &a.card, &a.labels, a.seq)).await
    }
}

#[tool_handler(
    name = "prefab-kanban",
    instructions = "A Kanban board shared by the user and you. Call open_board to show it; the other tools are data-only and return the whole board."
)]
impl ServerHandler for KanbanServer {}

/// The names of the data-only tools (every tool but `open_board`).
pub const DATA_TOOLS: [&str; 12] = [
    "list_boards",
    "create_board",
    "add_column",
    "rename_column",
    "delete_column",
    "create_card",
    "update_card",
    "move_card",
    "delete_card",
    "search_cards",
    "add_label",
    "set_card_labels",
];
