"""A sortable, searchable data table with formatted columns."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Column, DataTable, DataTableColumn, Heading


def build() -> PrefabApp:
    rows = [
        {"id": 1, "name": "Ada", "amount": 1200.5, "joined": "2024-01-15"},
        {"id": 2, "name": "Grace", "amount": 830, "joined": "2024-03-02"},
        {"id": 3, "name": "Alan", "amount": 99.99, "joined": "2023-11-30"},
    ]
    with Column(gap=4) as view:
        Heading("Customers", level=2)
        DataTable(
            columns=[
                DataTableColumn(key="name", header="Name", sortable=True),
                DataTableColumn(key="amount", header="Amount", format="currency"),
                DataTableColumn(key="joined", header="Joined", format="date"),
            ],
            rows=rows,
            search=True,
            paginated=True,
            page_size=2,
        )
    return PrefabApp(view=view)
