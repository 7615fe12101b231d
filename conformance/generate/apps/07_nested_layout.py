"""Grids, rows and columns nested several levels deep."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Card, CardContent, Column, Grid, Heading, Muted, Row, Text


def build() -> PrefabApp:
    with Column(gap=6, css_class="p-4") as view:
        Heading("Layout")
        with Grid(columns=3, gap=4):
            for name in ("North", "Centre", "South"):
                with Card():
                    with CardContent():
                        with Column(gap=1):
                            Text(name, bold=True)
                            with Row(gap=2, align="center"):
                                Muted("region")
                                Text("{{ regions." + name.lower() + " | default:'n/a' }}")
    return PrefabApp(view=view, state={"regions": {"north": 3, "south": 5}})
