"""Forms: a form built from a Pydantic model that submits to a server tool, and the
controls (input, textarea, select, checkbox, switch, slider, radio group)."""

from pydantic import BaseModel, Field

from prefab_ui.actions import SetState, ShowToast
from prefab_ui.actions.mcp import CallTool
from prefab_ui.app import PrefabApp
from prefab_ui.components import (
    H3,
    Button,
    Checkbox,
    Column,
    Form,
    Input,
    Label,
    Radio,
    RadioGroup,
    Select,
    SelectOption,
    Slider,
    Switch,
    Text,
    Textarea,
)
from prefab_ui.rx import RESULT

from common import mcp

#: What `register` received, in order (read back by `registrations`).
REGISTERED: list[dict] = []


class Signup(BaseModel):
    name: str = Field(title="Full name")
    email: str = Field(title="Email")
    seats: int = Field(default=1, title="Seats")


@mcp.tool
def register(data: Signup) -> dict:
    """Stores one signup (the form's server tool: `Form.from_model` sends `{"data": …}`)."""
    REGISTERED.append(data.model_dump())
    return {"message": f"Registered {data.name} for {data.seats} seat(s)", "count": len(REGISTERED)}


@mcp.tool
def registrations() -> list[dict]:
    """Every signup `register` stored."""
    return REGISTERED


@mcp.tool(app=True)
def signup_form() -> PrefabApp:
    """A form from a Pydantic model whose submit calls the `register` tool."""
    with PrefabApp(state={"message": "", "count": 0}) as app:
        with Column(gap=4):
            H3("Conference signup")
            Form.from_model(
                Signup,
                submit_label="Register",
                on_submit=CallTool(
                    "register",
                    on_success=[
                        SetState("message", RESULT.message),
                        SetState("count", RESULT.count),
                    ],
                    on_error=ShowToast("{{ $error }}", variant="error"),
                ),
            )
            Text("{{ message }}")
    return app


@mcp.tool(app=True)
def controls_family() -> PrefabApp:
    """Every form control bound to state, echoed back as text."""
    state = {"city": "Paris", "notes": "Window seat", "plan": "pro", "agree": True, "alerts": False, "volume": 40, "size": "m"}
    with PrefabApp(state=state) as app:
        with Column(gap=3):
            Label("City")
            Input(name="city", placeholder="Where to?")
            Textarea(name="notes")
            with Select(name="plan", placeholder="Pick a plan"):
                SelectOption("Free", value="free")
                SelectOption("Pro", value="pro")
                SelectOption("Team", value="team")
            Checkbox(name="agree", label="I agree to the terms")
            Switch(name="alerts", label="Email alerts")
            Slider(name="volume", min=0, max=100, step=10)
            with RadioGroup(name="size"):
                Radio(value="s", label="Small")
                Radio(value="m", label="Medium")
                Radio(value="l", label="Large")
            Text("Trip to {{ city }} on plan {{ plan }}, size {{ size }}, volume {{ volume }}")
            Button("Clear city", on_click=SetState("city", ""))
    return app
