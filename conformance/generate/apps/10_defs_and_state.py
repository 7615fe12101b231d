"""Reusable definitions (defs) used twice, with initial state and a toggle."""

from prefab_ui.actions import ToggleState
from prefab_ui.app import PrefabApp
from prefab_ui.components import Badge, Button, Card, CardContent, Column, Heading, Muted, Text
from prefab_ui.define import Define
from prefab_ui.use import Use


def build() -> PrefabApp:
    with Define("user-card") as user_card:
        with Card():
            with CardContent():
                Heading("{{ name }}", level=3)
                Badge("{{ role }}")
    with Column(gap=4) as view:
        Heading("Team")
        Use("user-card", name="Alice", role="Engineer")
        Use("user-card", name="Bob", role="Designer")
        Button("Toggle details", on_click=ToggleState("details"))
        Muted("Details shown: {{ details }}")
        Text("{{ team | length }} people")
    return PrefabApp(
        view=view,
        defs=[user_card],
        state={"details": False, "team": ["Alice", "Bob"]},
    )
