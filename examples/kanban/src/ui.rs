//! The board view of `open_board`: prefab components bound to the state key `board`, with
//! the [`Sortable`](prefab::Sortable) extension for drag-and-drop.
//!
//! Moves are optimistic (the renderer moves the card at once) and sequenced: each move
//! increments `seq` and sends it; an answer replaces `board` only if it answers the latest
//! call (`$result.seq >= seq`), so a slow older answer never overwrites newer state.
use crate::service::Answer;
use prefab::display::{DisplayOptions, ToolResult, display_with};
use serde_json::{Value, json};

/// `setState board` from a tool answer, unless a newer call was made since.
fn apply_latest() -> Value {
    json!({
        "action": "setState",
        "key": "board",
        "value": "{{ $result.seq >= seq ? $result.board : board }}"
    })
}

/// Increments `seq`, then calls `tool` with `arguments` plus `seq` and applies the answer.
fn sequenced_call(tool: &str, mut arguments: Value) -> Value {
    arguments["seq"] = json!("{{ seq }}");
    json!([
        {"action": "setState", "key": "seq", "value": "{{ seq + 1 }}"},
        {
            "action": "toolCall",
            "tool": tool,
            "arguments": arguments,
            "onSuccess": apply_latest(),
            "onError": {"action": "showToast", "message": "{{ $error }}", "variant": "error"}
        }
    ])
}

/// One card: title, description.
fn card() -> Value {
    json!({
        "type": "SortableItem",
        "value": "{{ $item.id }}",
        "label": "{{ $item.title }}",
        "cssClass": "pf-kanban-card",
        "children": [
            {"type": "Text", "content": "{{ $item.title }}", "cssClass": "font-medium"},
            {"type": "Muted", "content": "{{ $item.description | default }}"}
        ]
    })
}

/// One column: its title, card count and cards.
fn column() -> Value {
    json!({
        "type": "Card",
        "cssClass": "pf-kanban-column w-64",
        "children": [
            {"type": "CardHeader", "children": [
                {"type": "Row", "cssClass": "gap-2 items-center justify-between", "children": [
                    {"type": "CardTitle", "content": "{{ $item.title }}"},
                    {"type": "Badge", "label": "{{ $item.cards | length }}", "variant": "secondary"}
                ]}
            ]},
            {"type": "CardContent", "children": [{
                "type": "SortableGroup",
                "value": "{{ $item.id }}",
                "label": "{{ $item.title }}",
                "cssClass": "pf-kanban-cards",
                "children": [{"type": "ForEach", "key": "{{ $item.cards }}", "children": [card()]}]
            }]}
        ]
    })
}

/// The whole view.
#[must_use]
pub fn view() -> Value {
    let on_move = sequenced_call(
        "move_card",
        json!({
            "board": "{{ board.id }}",
            "card": "{{ $event.item }}",
            "before": "{{ $event.before }}",
            "to": "{{ $event.to }}"
        }),
    );
    let add_card = sequenced_call(
        "create_card",
        json!({
            "board": "{{ board.id }}",
            "column": "{{ board.columns.0.id }}",
            "title": "{{ newCard }}"
        }),
    );
    json!({
        "type": "Column",
        "cssClass": "gap-4",
        "children": [
            {"type": "Row", "cssClass": "gap-2 items-center justify-between", "children": [
                {"type": "H2", "content": "{{ board.title }}"},
                {"type": "Row", "cssClass": "gap-2", "children": [
                    {"type": "Input", "name": "newCard", "placeholder": "New card title"},
                    {"type": "Button", "label": "Add card", "onClick": add_card}
                ]}
            ]},
            {
                "type": "Sortable",
                "ariaLabel": "Board columns",
                "onMove": on_move,
                "children": [{
                    "type": "Row",
                    "cssClass": "gap-4 items-start pf-kanban",
                    "children": [{"type": "ForEach", "key": "board.columns", "children": [column()]}]
                }]
            }
        ]
    })
}

/// The `open_board` result: the view with the board in state, and a text summary.
#[must_use]
pub fn board_result(answer: &Answer) -> ToolResult {
    let board = &answer.board;
    let cards: usize = board.columns.iter().map(|c| c.cards.len()).sum();
    let columns: Vec<String> = board
        .columns
        .iter()
        .map(|c| format!("{} ({})", c.title, c.cards.len()))
        .collect();
    let title = format!(
        "Board {:?} ({}): {cards} cards; {}",
        board.title,
        board.id,
        columns.join(", ")
    );
    let options = DisplayOptions::new()
        .title(title)
        .state("board", json!(board))
        .state("version", answer.version)
        .state("seq", 0)
        .state("newCard", "");
    display_with(view(), &options)
}
