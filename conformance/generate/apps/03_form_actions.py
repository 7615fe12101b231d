"""A form whose submit calls a tool, then reports the outcome with toasts."""

from prefab_ui.actions import CallHandler, CallTool, SetState, ShowToast
from prefab_ui.app import PrefabApp
from prefab_ui.components import Button, Column, Form, Heading, Input, Textarea


def build() -> PrefabApp:
    with Column(gap=4) as view:
        Heading("Contact", level=2)
        with Form(
            on_submit=CallTool(
                "send_message",
                arguments={"email": "{{ email }}", "body": "{{ message }}"},
                on_success=[ShowToast("Sent"), SetState("message", "")],
                on_error=ShowToast("{{ $error }}", variant="error"),
            )
        ):
            Input(name="email", input_type="email", placeholder="you@example.com", required=True)
            Textarea(name="message", placeholder="Your message...")
            Button("Send", button_type="submit")
        Button("Preview", variant="outline", on_click=CallHandler("preview"))
    return PrefabApp(view=view, state={"email": "", "message": ""})
