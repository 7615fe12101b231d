//! The server: its UI tool, and the tools of `tools/`.
use prefab::auto::auto_table;
use prefab::display::{DisplayOptions, display_error, display_with};
use rmcp::model::CallToolResult;
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde::Serialize;

/// The MCP server. Its tools are the ones below and those of `tools/` (each file adds its
/// own router to the sum in `#[tool_handler]`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Server;

/// One row of the sample data: replace it with your own (any `Serialize` type).
#[derive(Debug, Serialize)]
struct Order {
    id: u32,
    customer: &'static str,
    item: &'static str,
    quantity: u32,
    total: f64,
    shipped: bool,
}

fn sample_orders() -> Vec<Order> {
    let order = |id, customer, item, quantity, total, shipped| Order {
        id,
        customer,
        item,
        quantity,
        total,
        shipped,
    };
    vec![
        order(1001, "Ada Lovelace", "Notebook", 3, 29.7, true),
        order(1002, "Grace Hopper", "Compiler manual", 1, 54.0, false),
        order(1003, "Alan Turing", "Chess set", 2, 79.9, true),
        order(1004, "Katherine Johnson", "Slide rule", 1, 18.5, false),
    ]
}

#[tool_router(router = ui_tools)]
impl Server {
    /// The UI tool: its result carries a `$prefab` view (a table inferred from the rows),
    /// which the host shows in the viewer, and a text summary for the model.
    #[tool(
        description = "Show the orders as a table",
        meta = prefab_mcp::ui_tool_meta()
    )]
    async fn show_orders(&self) -> CallToolResult {
        let orders = sample_orders();
        let result = match auto_table(&orders) {
            Ok(table) => display_with(
                table,
                &DisplayOptions::new().title(format!("{} orders", orders.len())),
            ),
            Err(e) => display_error(format!("cannot show the orders: {e}")),
        };
        prefab_mcp::call_tool_result(result)
    }
}

#[tool_handler(
    router = (Self::ui_tools() + Self::form_tools()),
    name = "{{name}}",
    instructions = "Call show_orders to see the orders; add_contact shows a form to add a contact."
)]
impl ServerHandler for Server {}
