"""Charts: bar, line, area and pie over the same monthly figures."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import H3, Column, Grid
from prefab_ui.components.charts import AreaChart, BarChart, ChartSeries, LineChart, PieChart

from common import mcp

MONTHS = [
    {"month": "Jan", "revenue": 120, "costs": 80},
    {"month": "Feb", "revenue": 150, "costs": 95},
    {"month": "Mar", "revenue": 170, "costs": 90},
    {"month": "Apr", "revenue": 140, "costs": 110},
]
SHARES = [{"region": "North", "sales": 40}, {"region": "South", "sales": 25}, {"region": "West", "sales": 35}]


@mcp.tool(app=True)
def charts_family() -> PrefabApp:
    """Bar, line, area and pie charts."""
    series = [ChartSeries(data_key="revenue", label="Revenue"), ChartSeries(data_key="costs", label="Costs")]
    with PrefabApp() as app:
        with Column(gap=4):
            H3("Quarter figures")
            with Grid(columns=2, gap=4):
                BarChart(data=MONTHS, series=series, x_axis="month", show_legend=True)
                LineChart(data=MONTHS, series=series, x_axis="month", show_legend=True)
                AreaChart(data=MONTHS, series=series, x_axis="month", stacked=True)
                PieChart(data=SHARES, data_key="sales", name_key="region", show_legend=True)
    return app
