"""A small FastMCP server with a prefab-ui app tool, previewed by `prefab dev` in its
browser test (`prefab-cli/tests/browser/dev.mjs`):

    python fastmcp_app.py            # stdio
    python fastmcp_app.py http PORT  # Streamable HTTP at http://127.0.0.1:PORT/mcp

`PREFAB_RENDERER_URL=<base>` makes its UI load the renderer bundle at `<base>` (the one
`prefab dev` serves at `/renderer`).
"""

import sys

from fastmcp import FastMCP
from prefab_ui.app import PrefabApp
from prefab_ui.components import H2, Column, Muted

mcp = FastMCP("prefab dev FastMCP test")


@mcp.tool(app=True)
def greet(name: str = "Ada") -> PrefabApp:
    """A greeting card for `name`."""
    with PrefabApp(state={"name": name}) as app:
        with Column(gap=2):
            H2("Hello, {{ name }}")
            Muted("Served by FastMCP through prefab dev")
    return app


@mcp.tool
def add(a: int, b: int) -> int:
    """The sum of two integers (a tool without UI)."""
    return a + b


if __name__ == "__main__":
    if sys.argv[1:2] == ["http"]:
        mcp.run(transport="http", host="127.0.0.1", port=int(sys.argv[2]), show_banner=False)
    else:
        mcp.run(show_banner=False)
