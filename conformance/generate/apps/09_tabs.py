"""Tabs holding different content, one selected by default."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Column, Heading, Tab, Tabs, Text


def build() -> PrefabApp:
    with Column(gap=4) as view:
        Heading("Settings")
        with Tabs(value="profile"):
            with Tab("Profile", value="profile"):
                Text("Name: {{ user.name }}")
            with Tab("Billing", value="billing"):
                Text("Plan: {{ user.plan | upper }}")
            with Tab("Danger", value="danger", disabled=True):
                Text("Delete account")
    return PrefabApp(view=view, state={"user": {"name": "Ada", "plan": "team"}})
