"""A card with header, metrics, a separator and a footer."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import (
    Badge,
    Card,
    CardContent,
    CardDescription,
    CardFooter,
    CardHeader,
    CardTitle,
    Metric,
    Row,
    Separator,
    Text,
)


def build() -> PrefabApp:
    with Card() as view:
        with CardHeader():
            CardTitle("Order #1042")
            CardDescription("Placed on 2024-05-01")
        with CardContent():
            with Row(gap=6):
                Metric(label="Total", value="$129.00", delta="+12%", trend="up")
                Metric(label="Items", value=3)
            Separator()
            Text("Shipped to London")
        with CardFooter():
            Badge("paid", variant="success")
    return PrefabApp(view=view)
