"""If/Elif/Else chains (compiled to Condition) and ForEach over a list in state."""

from prefab_ui.app import PrefabApp
from prefab_ui.components import Column, Elif, Else, ForEach, Heading, If, Row, Text


def build() -> PrefabApp:
    with Column(gap=4) as view:
        Heading("Inbox")
        with If("(messages | length) == 0"):
            Text("No messages")
        with Elif("(messages | length) > 2"):
            Text("Many messages")
        with Else():
            Text("A few messages")
        with ForEach("messages"):
            with Row(gap=2):
                Text("{{ $index + 1 }}.")
                Text("{{ $item.subject }} from {{ $item.sender | default:'unknown' }}")
    return PrefabApp(
        view=view,
        state={"messages": [{"subject": "Hi", "sender": "Ada"}, {"subject": "Re: Hi"}]},
    )
