"""Bar, line and pie charts over the same monthly series."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Column, Heading
from prefab_ui.components.charts import BarChart, ChartSeries, LineChart, PieChart


def build() -> PrefabApp:
    data = [
        {"month": "Jan", "revenue": 1200, "costs": 800},
        {"month": "Feb", "revenue": 1350, "costs": 820},
        {"month": "Mar", "revenue": 990, "costs": 1010},
    ]
    series = [ChartSeries(data_key="revenue", label="Revenue"), ChartSeries(data_key="costs")]
    with Column(gap=4) as view:
        Heading("Revenue", level=2)
        BarChart(data=data, series=series, x_axis="month", stacked=True)
        LineChart(data=data, series=series, x_axis="month", curve="smooth", show_dots=True)
        PieChart(data=data, data_key="revenue", name_key="month", inner_radius=40)
    return PrefabApp(view=view)
