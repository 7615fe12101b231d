"""Data: a DataTable with search, sorting and pagination, a plain Table, and a server
round trip that fills a table."""

from prefab_ui.actions import SetState
from prefab_ui.actions.mcp import CallTool
from prefab_ui.app import PrefabApp
from prefab_ui.components import (
    Button,
    Column,
    DataTable,
    DataTableColumn,
    ForEach,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableHeader,
    TableRow,
    Text,
)
from prefab_ui.rx import RESULT

from common import mcp

CITIES = ["Oslo", "Lima", "Pune", "Kyiv", "Nice", "Bern", "Rome", "Doha", "Baku", "Riga", "Cork", "Hue"]
PEOPLE = [
    {"id": i + 1, "name": f"Person {chr(65 + i)}", "city": CITIES[i % len(CITIES)], "score": (i * 37) % 100}
    for i in range(23)
]


@mcp.tool(app=True)
def people_table() -> PrefabApp:
    """23 people in a DataTable with search, sortable columns and pages of 10."""
    with PrefabApp() as app:
        DataTable(
            columns=[
                DataTableColumn(key="id", header="ID", sortable=True),
                DataTableColumn(key="name", header="Name", sortable=True),
                DataTableColumn(key="city", header="City", sortable=True),
                DataTableColumn(key="score", header="Score", sortable=True),
            ],
            rows=PEOPLE,
            search=True,
            search_placeholder="Search people...",
            paginated=True,
            page_size=10,
        )
    return app


@mcp.tool
def top_scores(limit: int = 3) -> list[dict]:
    """The `limit` best scores."""
    return sorted(PEOPLE, key=lambda p: -p["score"])[:limit]


@mcp.tool(app=True)
def scores_table() -> PrefabApp:
    """A plain Table filled from the `top_scores` tool when the button is pressed."""
    with PrefabApp(state={"top": []}) as app:
        with Column(gap=3):
            Button("Load top scores", on_click=CallTool("top_scores", arguments={"limit": 3}, on_success=SetState("top", RESULT)))
            with Table():
                with TableHeader():
                    with TableRow():
                        TableHead("Name")
                        TableHead("Score")
                with TableBody():
                    with ForEach("top"):
                        with TableRow():
                            TableCell("{{ $item.name }}")
                            TableCell("{{ $item.score }}")
            Text("{{ top.length }} rows loaded")
    return app
