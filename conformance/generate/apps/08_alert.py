"""Alerts of two variants with title and description."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Alert, AlertDescription, AlertTitle, Column


def build() -> PrefabApp:
    with Column(gap=3) as view:
        with Alert(variant="destructive", icon="circle-alert"):
            AlertTitle("Payment failed")
            AlertDescription("Card declined for {{ customer }}.")
        with Alert():
            AlertTitle("Heads up")
            AlertDescription("Maintenance on Sunday.")
    return PrefabApp(view=view, state={"customer": "Ada"})
