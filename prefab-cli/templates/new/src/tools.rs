//! The tools: a table, a chart and a form. Each answers with a view and a text for the model.
use prefab::auto::{ChartKind, auto_chart, auto_table};
use prefab::display::{DisplayOptions, ToolError, ToolResult, display_with};
use prefab_mcp::{FormInput, form_schema, ui_tool_meta};
use rmcp::model::CallToolResponse;
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// One order. Any `Serialize` type makes a table: its fields are the columns.
#[derive(Debug, Clone, Serialize)]
pub struct Order {
    pub customer: String,
    pub email: String,
    pub item: Item,
    pub quantity: u32,
    pub total: f64,
}

/// What can be ordered: a select in the form, an `enum` in the schema the model reads.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Item {
    Notebook,
    Pen,
    Lamp,
}

/// What the form asks for. Its inputs, help texts and checks come from this type.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct NewOrder {
    /// Who orders.
    #[schemars(length(min = 1, max = 80))]
    pub customer: String,
    /// Where the receipt goes.
    #[schemars(email)]
    pub email: String,
    /// What they order.
    pub item: Item,
    /// How many (1 to 20).
    #[schemars(range(min = 1, max = 20))]
    pub quantity: u32,
}

/// The server. Its orders live in memory: keep yours in a database.
#[derive(Debug, Clone, Default)]
pub struct Server {
    orders: Arc<Mutex<Vec<Order>>>,
}

#[tool_router]
impl Server {
    #[tool(description = "Show the orders as a table", meta = ui_tool_meta())]
    async fn show_orders(&self) -> Result<ToolResult, ToolError> {
        self.table()
    }

    #[tool(description = "Chart the total of each order", meta = ui_tool_meta())]
    async fn order_chart(&self) -> Result<ToolResult, ToolError> {
        let rows: Vec<_> = (self.orders().iter())
            .map(|o| serde_json::json!({"customer": o.customer, "total": o.total}))
            .collect();
        let chart = auto_chart(&rows, Some(ChartKind::Bar))?; // an error: the error view
        Ok(display_with(chart, &DisplayOptions::new().title("Order totals")))
    }

    #[tool(
        description = "Add an order. Without arguments, shows a form to fill in",
        meta = ui_tool_meta(),
        input_schema = form_schema::<NewOrder>()
    )]
    async fn add_order(&self, form: FormInput<NewOrder>) -> Result<CallToolResponse, ToolError> {
        let new = match form.title("Add an order").parse() {
            Ok(new) => new,
            Err(form) => return Ok(form),
        };
        self.add(&new.customer, &new.email, new.item, new.quantity);
        Ok(self.table()?.into())
    }
}

impl Server {
    /// A server with two sample orders.
    pub fn new() -> Self {
        let server = Self::default();
        server.add("Ada Lovelace", "ada@example.com", Item::Notebook, 3);
        server.add("Grace Hopper", "grace@example.com", Item::Lamp, 1);
        server
    }

    fn add(&self, customer: &str, email: &str, item: Item, quantity: u32) {
        self.orders().push(Order {
            customer: customer.into(),
            email: email.into(),
            item,
            quantity,
            total: [4.5, 1.2, 24.0][item as usize] * f64::from(quantity),
        });
    }

    fn orders(&self) -> MutexGuard<'_, Vec<Order>> {
        self.orders.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn table(&self) -> Result<ToolResult, ToolError> {
        let orders = self.orders().clone();
        let title = format!("{} orders", orders.len());
        Ok(display_with(auto_table(&orders)?, &DisplayOptions::new().title(title)))
    }
}

#[tool_handler(
    name = "{{name}}",
    instructions = "show_orders shows the orders, order_chart charts them, add_order adds one (without arguments it shows a form)."
)]
impl ServerHandler for Server {}

#[cfg(test)]
mod tests; // src/tools/tests.rs: the form tested as a user fills it in
