//! The MCP surface: one UI tool, twelve data-only tools that say so, and an `open_board`
//! result carrying the board in state and the Sortable view.
use kanban::Kanban;
use kanban::store::SqliteStore;
use kanban::tools::{DATA_TOOLS, KanbanServer};

#[test]
fn tools_are_one_ui_tool_and_twelve_data_only_tools() {
    let tools = KanbanServer::tool_router().list_all();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    let mut expected: Vec<&str> = DATA_TOOLS.iter().copied().chain(["open_board"]).collect();
    expected.sort_unstable();
    assert_eq!(names, expected);
    for tool in &tools {
        let description = tool.description.as_deref().unwrap_or_default();
        let is_ui = prefab_mcp::is_ui_tool(tool);
        if tool.name == "open_board" {
            assert!(is_ui, "open_board must be the UI tool");
        } else {
            assert!(!is_ui, "{} must be data-only", tool.name);
            assert!(
                description.starts_with("Data-only (no UI):"),
                "{}: {description}",
                tool.name
            );
        }
    }
}

#[test]
fn open_board_shows_the_board_in_state() -> Result<(), kanban::Error> {
    let k = Kanban::new(SqliteStore::open_memory()?);
    let answer = k.open(None)?;
    let result = kanban::ui::board_result(&answer);
    let envelope = result.structured_content.unwrap_or_default();
    assert_eq!(envelope["state"]["board"]["id"], kanban::DEFAULT_BOARD);
    assert_eq!(envelope["state"]["seq"], 0);
    let text = serde_json::to_string(&envelope["view"]).unwrap_or_default();
    for needle in [
        "\"Sortable\"",
        "\"SortableGroup\"",
        "\"SortableItem\"",
        "move_card",
    ] {
        assert!(text.contains(needle), "the view lacks {needle}");
    }
    // The view is valid in prefab's schema (the extension types included).
    let report = prefab::validate(&envelope);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    Ok(())
}
