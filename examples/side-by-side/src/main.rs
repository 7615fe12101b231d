//! Expenses: a table, a chart, a validated form and a dashboard whose button calls a tool,
//! written with prefab-rs. `server.py` beside it is the same app written with FastMCP and
//! prefab-ui; the top-level README compares their lengths.
//!
//! `expenses` serves over stdio: `prefab dev -- cargo run -p prefab-side-by-side`.
use prefab::{Button, CallTool, Column, SetState, Text};
use prefab_mcp::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
enum Category {
    Travel,
    Meals,
    Office,
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
struct Expense {
    #[schemars(length(min = 1, max = 80))]
    description: String,
    category: Category,
    #[schemars(range(min = 1, max = 10000))]
    amount: f64,
}

#[derive(Debug, Clone)]
struct Expenses(Arc<Mutex<Vec<Expense>>>);

#[tool_router(server_handler)]
impl Expenses {
    #[tool(description = "Show the expenses as a table", meta = ui_tool_meta())]
    async fn show_expenses(&self) -> Result<ToolResult, ToolError> {
        Ok(display(auto_table(&*self.items())?))
    }

    #[tool(description = "Chart the spending per category", meta = ui_tool_meta())]
    async fn spending_chart(&self) -> Result<ToolResult, ToolError> {
        let totals = [Category::Travel, Category::Meals, Category::Office]
            .map(|category| json!({"category": category, "amount": self.total(Some(category))}));
        Ok(display(auto_chart(&totals, Some(ChartKind::Bar))?))
    }

    #[tool(
        description = "Add an expense. Without arguments, shows a form to fill in",
        meta = ui_tool_meta(),
        input_schema = form_schema::<Expense>()
    )]
    async fn add_expense(&self, form: FormInput<Expense>) -> Result<CallToolResponse, ToolError> {
        let expense = match form.title("Add an expense").parse() {
            Ok(expense) => expense,
            Err(form) => return Ok(form),
        };
        self.items().push(expense);
        Ok(self.show_expenses().await?.into())
    }

    #[tool(description = "Totals, and a button that reimburses everything", meta = ui_tool_meta())]
    async fn dashboard(&self) -> Result<ToolResult, ToolError> {
        let totals = json!({"expenses": self.items().len(), "total": self.total(None)});
        let reimburse =
            CallTool::new("reimburse_all").on_success(SetState::new("status", "{{ $result }}"));
        let view = Column::new()
            .child(auto_metrics(&totals)?)
            .child(Button::new("Reimburse all").on_click(reimburse))
            .child(Text::new("{{ status }}"));
        Ok(display(App::new(view).state("status", "")))
    }

    #[tool(description = "Reimburse every expense (the dashboard's button calls it)")]
    async fn reimburse_all(&self) -> String {
        let reimbursed = std::mem::take(&mut *self.items());
        format!("Reimbursed {} expenses", reimbursed.len())
    }
}

impl Expenses {
    fn items(&self) -> MutexGuard<'_, Vec<Expense>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn total(&self, category: Option<Category>) -> f64 {
        let matches = |e: &&Expense| category.is_none_or(|c| e.category == c);
        self.items().iter().filter(matches).map(|e| e.amount).sum()
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let examples = json!([
        {"description": "Train to Lyon", "category": "Travel", "amount": 84.0},
        {"description": "Team lunch", "category": "Meals", "amount": 126.5},
        {"description": "Monitor", "category": "Office", "amount": 219.0},
    ]);
    let expenses = Expenses(Arc::new(Mutex::new(serde_json::from_value(examples)?)));
    prefab_mcp::transport::serve_stdio(Viewer::new().attach(expenses)).await?;
    Ok(())
}
