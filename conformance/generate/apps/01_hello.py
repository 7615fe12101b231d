"""A heading and a badge in a column: the smallest useful app."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Badge, Column, Heading, Text


def build() -> PrefabApp:
    with Column(gap=4) as view:
        Heading("Hello, world")
        Text("A first Prefab app.")
        Badge("new", variant="secondary")
    return PrefabApp(view=view)
