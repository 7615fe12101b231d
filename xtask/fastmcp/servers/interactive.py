"""Interactive containers (tabs, accordion, dialog) and an app tool (`AppTool`): the host
calls `add_item` on the running view, which calls the server's `store_item` tool."""

from prefab_ui.actions import SetState
from prefab_ui.app import AppTool, PrefabApp
from prefab_ui.components import (
    Accordion,
    AccordionItem,
    Button,
    Column,
    Dialog,
    ForEach,
    Tab,
    Tabs,
    Text,
)
from prefab_ui.rx import RESULT, STATE

from common import mcp

#: The items `store_item` received.
ITEMS: list[str] = []


@mcp.tool(app=True)
def interactive_family() -> PrefabApp:
    """Tabs, an accordion and a dialog."""
    with PrefabApp(state={"clicks": 0}) as app:
        with Column(gap=4):
            with Tabs(value="overview"):
                with Tab("Overview", value="overview"):
                    Text("Overview panel")
                with Tab("Details", value="details"):
                    Text("Details panel")
            with Accordion():
                with AccordionItem("Shipping"):
                    Text("Ships in two days")
                with AccordionItem("Returns"):
                    Text("Thirty days to return")
            with Dialog(title="Confirm order", description="Check the items first"):
                Button("Open dialog")
                Text("Inside the dialog")
            Button("Count", on_click=SetState("clicks", STATE.clicks + 1))
            Text("Clicked {{ clicks }} times")
    return app


@mcp.tool
def store_item(label: str) -> dict:
    """Stores one item; answers with all of them."""
    ITEMS.append(label)
    return {"items": list(ITEMS), "count": len(ITEMS)}


@mcp.tool(app=True)
def item_list() -> PrefabApp:
    """A list the host (or the button) adds to through the `add_item` app tool."""
    add = AppTool(
        store_item,
        name="add_item",
        description="Add an item to the list",
        input_schema={
            "type": "object",
            "properties": {"label": {"type": "string"}},
            "required": ["label"],
            "additionalProperties": False,
        },
        on_success=[SetState("items", RESULT["items"]), SetState("count", RESULT.count)],
        result={"count": STATE.count},
    )
    with PrefabApp(state={"items": [], "count": 0}, app_tools=[add]) as app:
        with Column(gap=3):
            Text("{{ count }} items")
            with ForEach("items"):
                Text("Item: {{ $item }}")
            Button("Add apple", on_click=add.invoke(label="apple"))
    return app
