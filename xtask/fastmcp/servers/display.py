"""Display components: typography, badges, metrics, alerts, progress, cards, layout."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import (
    H2,
    Alert,
    AlertDescription,
    AlertTitle,
    Badge,
    Card,
    CardContent,
    CardDescription,
    CardHeader,
    CardTitle,
    Column,
    Grid,
    Metric,
    Muted,
    Progress,
    Row,
    Separator,
    Text,
)

from common import mcp


@mcp.tool(app=True)
def display_family(team: str = "Platform") -> PrefabApp:
    """A status page: heading, metrics, badges, an alert and a progress bar."""
    with PrefabApp(state={"team": team, "done": 7, "total": 10}) as app:
        with Column(gap=4):
            H2("Status of {{ team }}")
            Muted("Updated every hour")
            with Grid(columns=3, gap=4):
                with Card():
                    with CardContent():
                        Metric(label="Deploys", value="42", delta="+12%", trend="up")
                with Card():
                    with CardContent():
                        Metric(label="Incidents", value="3", delta="-2", trend="down")
                with Card():
                    with CardContent():
                        Metric(label="Uptime", value="99.95%")
            with Row(gap=2):
                Badge("stable", variant="success")
                Badge("beta", variant="secondary")
                Badge("deprecated", variant="destructive")
            Separator()
            with Alert(variant="default"):
                AlertTitle("Maintenance window")
                AlertDescription("Saturday 02:00 to 04:00 UTC")
            Text("{{ done }} of {{ total }} tasks done")
            Progress(value=70)
            with Card():
                with CardHeader():
                    CardTitle("Owner")
                    CardDescription("Who to page")
                with CardContent():
                    Text("Ada Lovelace")
    return app
