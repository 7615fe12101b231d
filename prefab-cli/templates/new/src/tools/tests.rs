//! The order form used as a user uses it, without a browser (`cargo test`).
use super::*;
use prefab_test::View;
use serde_json::{Value, json};

/// Calls `add_order` as the server does; its result as the host receives it.
fn add_order(server: &Server, arguments: &Value) -> Value {
    let form = FormInput::new("add_order", arguments.clone());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    match runtime.block_on(server.add_order(form)) {
        Ok(CallToolResponse::Complete(result)) => json!(result),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_order_added_in_the_form_shows_in_the_table() {
    let server = Server::new();
    let view = View::mount(add_order(&server, &json!({}))); // no arguments: the form
    let handler = server.clone(); // the form's submit is answered by the tool itself
    view.on_tool("add_order", move |args| add_order(&handler, args).into());
    view.get_by_label("Customer").type_text("Alan Turing");
    view.get_by_label("Email").type_text("alan@example.com");
    view.get_by_role("radio", "Pen").click();
    view.get_by_label("Quantity").fill("2");
    view.get_by_role("button", "Submit").click();
    assert_eq!(view.tool_calls()[0].1["quantity"], "2"); // a form sends strings
    let row = view.get_by_text("Alan Turing alan@example.com Pen 2 $2.40");
    assert_eq!(row.role().as_deref(), Some("row"));
    assert_eq!(server.orders().len(), 3);
}
