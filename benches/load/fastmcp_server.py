"""The Python peer of `cargo xtask bench-load`: FastMCP (stateless HTTP, JSON responses)
serving show_users as a prefab-ui PrefabApp with the DataTable auto_table builds,
user_stats as structured JSON, and ping; the same data as examples::hello.

    target/fastmcp/venv/bin/python benches/load/fastmcp_server.py PORT
"""

import sys

from fastmcp import FastMCP
from prefab_ui.app import PrefabApp
from prefab_ui.components import DataTable, DataTableColumn

FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Radia", "Ken", "Lynn", "Niklaus"]
LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus", "Perlman", "Thompson"]
ROLES = ["admin", "editor", "viewer"]
USER_COUNT = 300

mcp = FastMCP("bench-load-fastmcp")


def users(count=USER_COUNT):
    """The same list as examples::users::users(count)."""
    out = []
    for i in range(1, count + 1):
        first, last = FIRST[i % len(FIRST)], LAST[(i * 7) % len(LAST)]
        out.append({
            "id": i,
            "name": f"{first} {last}",
            "email": f"{first.lower()}.{last.lower()}{i}@example.com",
            "role": ROLES[0 if i % 10 == 0 else 1 + i % 2],
            "active": i % 7 != 0,
        })
    return out


def count(rows, role):
    return sum(1 for u in rows if u["role"] == role)


def summary(rows):
    active = sum(1 for u in rows if u["active"])
    return (f"{len(rows)} users ({count(rows, 'admin')} admins, {count(rows, 'editor')} editors, "
            f"{count(rows, 'viewer')} viewers; {active} active)")


@mcp.tool(app=True)
def show_users() -> PrefabApp:
    """Show the users of the system as a table"""
    rows = users()
    numeric = {"id"}
    columns = [
        DataTableColumn(
            key=k,
            header=k.replace("_", " ").capitalize(),
            sortable=True,
            **({"format": "number", "header_class": "text-right", "cell_class": "text-right"} if k in numeric else {}),
        )
        for k in rows[0]
    ]
    return PrefabApp(title=summary(rows), view=DataTable(columns=columns, rows=rows, search=True, paginated=True, page_size=10))


@mcp.tool
def user_stats() -> dict:
    """Count the users of the system by role"""
    rows = users()
    return {
        "total": len(rows),
        "active": sum(1 for u in rows if u["active"]),
        "byRole": {"admin": count(rows, "admin"), "editor": count(rows, "editor"), "viewer": count(rows, "viewer")},
    }


if __name__ == "__main__":
    mcp.run(transport="http", host="127.0.0.1", port=int(sys.argv[1]), show_banner=False,
            stateless_http=True, json_response=True)
