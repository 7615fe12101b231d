# Expenses: a table, a chart, a validated form and a dashboard whose button calls a tool,
# written with FastMCP 4.2.3 and prefab-ui 0.21.1 as their documentation teaches.
# `src/main.rs` beside it is the same app written with prefab-rs; the top-level README
# compares their lengths.
#
#     prefab dev -- python server.py
from typing import Literal

from fastmcp import FastMCP
from prefab_ui.actions import SetState
from prefab_ui.actions.mcp import CallTool
from prefab_ui.app import PrefabApp
from prefab_ui.components import Button, Column, DataTable, DataTableColumn, Form, Grid, Metric, Text
from prefab_ui.components.charts import BarChart, ChartSeries
from prefab_ui.rx import RESULT
from pydantic import BaseModel, Field

mcp = FastMCP("expenses")


class Expense(BaseModel):
    description: str = Field(min_length=1, max_length=80)
    category: Literal["Travel", "Meals", "Office"]
    amount: float = Field(ge=1, le=10000)


EXPENSES = [
    Expense(description="Train to Lyon", category="Travel", amount=84.0),
    Expense(description="Team lunch", category="Meals", amount=126.5),
    Expense(description="Monitor", category="Office", amount=219.0),
]


def total(category: str | None = None) -> float:
    return sum(e.amount for e in EXPENSES if category in (None, e.category))


@mcp.tool(app=True)
def show_expenses() -> PrefabApp:
    """Show the expenses as a table"""
    with PrefabApp() as app:
        DataTable(
            columns=[
                DataTableColumn(key="description", header="Description", sortable=True),
                DataTableColumn(key="category", header="Category", sortable=True),
                DataTableColumn(key="amount", header="Amount", sortable=True, format="number:2"),
            ],
            rows=[e.model_dump() for e in EXPENSES],
            search=True,
        )
    return app


@mcp.tool(app=True)
def spending_chart() -> PrefabApp:
    """Chart the spending per category"""
    totals = [{"category": c, "amount": total(c)} for c in ("Travel", "Meals", "Office")]
    with PrefabApp() as app:
        BarChart(data=totals, series=[ChartSeries(data_key="amount", label="Amount")], x_axis="category")
    return app


@mcp.tool(app=True)
def expense_form() -> PrefabApp:
    """Show a form to add an expense"""
    with PrefabApp() as app:
        Form.from_model(Expense, on_submit=CallTool("add_expense"))
    return app


@mcp.tool(app=True)
def add_expense(data: Expense) -> PrefabApp:
    """Add an expense"""
    EXPENSES.append(data)
    return show_expenses()


@mcp.tool(app=True)
def dashboard() -> PrefabApp:
    """Totals, and a button that reimburses everything"""
    with PrefabApp(state={"status": ""}) as app:
        with Column():
            with Grid(columns=2):
                Metric(label="Expenses", value=len(EXPENSES))
                Metric(label="Total", value=total())
            Button("Reimburse all", on_click=CallTool("reimburse_all", on_success=SetState("status", RESULT)))
            Text("{{ status }}")
    return app


@mcp.tool
def reimburse_all() -> str:
    """Reimburse every expense (the dashboard's button calls it)"""
    reimbursed = len(EXPENSES)
    EXPENSES.clear()
    return f"Reimbursed {reimbursed} expenses"


if __name__ == "__main__":
    mcp.run()
