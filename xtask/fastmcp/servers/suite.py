"""The FastMCP server of the FastMCP suite (`cargo xtask fastmcp`): one server with every
family module's tools, over FastMCP's HTTP transport.

    python suite.py PORT

`PREFAB_RENDERER_URL=<base>` makes its UI resources load the renderer bundle at `<base>`;
`PREFAB_BUNDLED_RENDERER=1` gives prefab-ui's own bundled renderer (the reference).
"""

import sys

from common import mcp

import apps  # noqa: F401  (registers its tools on `mcp`)
import charts  # noqa: F401
import data  # noqa: F401
import display  # noqa: F401
import forms  # noqa: F401
import interactive  # noqa: F401

if __name__ == "__main__":
    mcp.run(transport="http", host="127.0.0.1", port=int(sys.argv[1]), show_banner=False)
