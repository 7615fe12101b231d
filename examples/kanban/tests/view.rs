//! The board as a user uses it, without a browser (prefab-test): `open_board`'s result
//! mounted, a card added through the view's input and moved with the keyboard, each call
//! the view makes answered by the server's own tool handlers.
use kanban::Kanban;
use kanban::store::SqliteStore;
use kanban::tools::KanbanServer;
use prefab_test::{Element, View};
use rmcp::handler::server::wrapper::Parameters;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::error::Error;
use std::rc::Rc;
use tokio::runtime::Runtime;

/// A tool's arguments as the server's `tools/call` hands them to its handler.
fn arguments<T: DeserializeOwned>(args: &Value) -> Parameters<T> {
    match serde_json::from_value(args.clone()) {
        Ok(parsed) => Parameters(parsed),
        Err(e) => panic!("the view sent arguments the tool refuses: {e}: {args}"),
    }
}

/// Answers the view's `create_card` and `move_card` with `server`'s handlers.
fn answer_with(view: &View, server: &KanbanServer, runtime: &Rc<Runtime>) {
    let (s, rt) = (server.clone(), Rc::clone(runtime));
    view.on_tool("create_card", move |args| {
        json!(rt.block_on(s.create_card(arguments(args)))).into()
    });
    let (s, rt) = (server.clone(), Rc::clone(runtime));
    view.on_tool("move_card", move |args| {
        json!(rt.block_on(s.move_card(arguments(args)))).into()
    });
}

#[test]
fn a_card_added_in_the_view_and_moved_with_the_keyboard() -> Result<(), Box<dyn Error>> {
    let runtime = Rc::new(Runtime::new()?);
    let kanban = Kanban::new(SqliteStore::open_memory()?);
    let server = KanbanServer::new(kanban.clone());
    let opened = runtime.block_on(server.open_board(arguments(&json!({}))));
    let view = View::mount(json!(opened));
    answer_with(&view, &server, &runtime);
    assert_eq!(view.get_by_role("heading", "My board").text(), "My board");

    view.get_by_label("New card title")
        .type_text("Write the docs");
    view.get_by_role("button", "Add card").click();
    let (tool, args) = &view.tool_calls()[0];
    assert_eq!(tool, "create_card");
    assert_eq!(args["title"], "Write the docs");
    assert_eq!(args["seq"], 1);
    let card = view.get_by_role("listitem", "Write the docs");
    let column = |card: &Element<'_>| card.ancestor_with_role("list").map(|l| l.name());
    assert_eq!(column(&card).as_deref(), Some("To do"));

    // Space picks the card up, the right arrow carries it to the next column, Space drops it.
    card.press(" ").press("ArrowRight").press(" ");
    let (tool, args) = view.tool_calls().pop().expect("a call");
    assert_eq!(tool, "move_card");
    assert_eq!(args["seq"], 2);
    let card = view.get_by_role("listitem", "Write the docs");
    assert_eq!(column(&card).as_deref(), Some("Doing"));
    // The server's answer is the board the view now shows: the card is in Doing there too.
    let board = view.state("board");
    let doing = &board["columns"][1];
    assert_eq!(doing["title"], "Doing");
    assert_eq!(doing["cards"][0]["title"], "Write the docs");
    assert!(view.toasts().is_empty(), "{:?}", view.toasts());
    // And the store holds it there.
    let stored = kanban.open(None)?.board;
    assert_eq!(stored.columns[1].cards[0].title, "Write the docs");
    Ok(())
}
