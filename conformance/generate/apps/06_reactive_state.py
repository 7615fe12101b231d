"""A counter: buttons change state, text shows it through templates."""

from prefab_ui.actions import SetState
from prefab_ui.app import PrefabApp
from prefab_ui.components import Button, Column, Heading, Row, Slider, Text


def build() -> PrefabApp:
    with Column(gap=4) as view:
        Heading("Counter")
        Text("Count: {{ count }} (double: {{ count * 2 }})")
        Text("{{ count > 5 ? 'high' : 'low' }}")
        with Row(gap=2):
            Button("-1", on_click=SetState("count", "{{ count - 1 }}"))
            Button("+1", on_click=SetState("count", "{{ count + 1 }}"))
            Button("Reset", variant="ghost", on_click=SetState("count", 0))
        Slider(name="volume", min=0, max=10, value=3)
        Text("Volume {{ volume | number:1 }}")
    return PrefabApp(view=view, state={"count": 0, "volume": 3})
