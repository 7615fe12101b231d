"""FastMCP's built-in apps (`fastmcp.apps`): form input, choice, approval, file upload."""

from pydantic import BaseModel, Field

from fastmcp.apps.approval import Approval
from fastmcp.apps.choice import Choice
from fastmcp.apps.file_upload import FileUpload
from fastmcp.apps.form import FormInput

from common import mcp


class Shipping(BaseModel):
    street: str = Field(title="Street")
    city: str = Field(title="City")


mcp.add_provider(FormInput(model=Shipping))
mcp.add_provider(Choice())
mcp.add_provider(Approval())
mcp.add_provider(FileUpload())
