"""The one FastMCP server the family modules register their tools on."""

from fastmcp import FastMCP

mcp = FastMCP("prefab-rs FastMCP suite")
