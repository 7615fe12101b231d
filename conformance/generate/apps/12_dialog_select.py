"""A dialog with a select and a checkbox; the trigger button opens it."""

from prefab_ui.actions import CloseOverlay, OpenLink, SetState
from prefab_ui.app import PrefabApp
from prefab_ui.components import (
    Button,
    Checkbox,
    Column,
    Dialog,
    Select,
    SelectOption,
    Text,
)


def build() -> PrefabApp:
    with Column(gap=4) as view:
        with Dialog(title="Preferences", description="Pick a theme"):
            Button("Open preferences")
            with Select(name="theme", placeholder="Theme"):
                SelectOption("Light", value="light")
                SelectOption("Dark", value="dark")
            Checkbox(name="notify", label="Email me")
            Button("Done", on_click=[SetState("saved", True), CloseOverlay()])
        Text("Theme: {{ theme | default:'system' }}")
        Button("Docs", variant="link", on_click=OpenLink("https://example.com/docs"))
    return PrefabApp(view=view, state={"theme": "light", "notify": False, "saved": False})
