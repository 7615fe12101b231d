"""Writes conformance/wire/ from prefab-ui's own Python API.

Run by `cargo xtask conformance` with the interpreter of a virtual environment that has
prefab-ui installed (the version is checked against the expected one):

    python conformance/generate/emit_wire.py <out-dir> <expected-prefab-ui-version>

It writes, under <out-dir>:

* components/<type>.json: one instance of every component class, built from its
  required fields only with typed placeholders (text "test_<field>", whole numbers 1,
  other numbers 1.0, booleans false, lists [], mappings {}, literals their first
  choice), serialized with `Component.to_json()`;
* actions/<tag>.json: the same for every action class, serialized the way a component
  serializes the actions it carries (`model_dump(by_alias=True, exclude_none=True)`);
* manifest.json: the component types and action tags that prefab-ui puts on the wire
  (the `type` values written, so `Histogram`, which writes a `BarChart`, is not listed);
* documents/<name>.json: the `PrefabApp.to_json()` envelope of every app script in
  conformance/generate/apps/ (each defines `build() -> PrefabApp`);
* legacy/<type>.json: types of the March 2026 upstream snapshot that this prefab-ui
  no longer has (see LEGACY below); they are not emitted by prefab-ui.

The summary (counts, names) is printed as JSON on standard output for provenance.json.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import platform
import sys
import types
import typing
import warnings
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True  # no __pycache__ beside the app scripts

import prefab_ui
import pydantic
import prefab_ui.actions as actions_module
import prefab_ui.components as components_module
import prefab_ui.components.charts as charts_module
from prefab_ui.actions.base import Action
from prefab_ui.components import Column, If
from prefab_ui.components.base import Component, ContainerComponent
from pydantic import BaseModel

HERE = Path(__file__).resolve().parent

# Classes that are authoring helpers only: `to_json()` of a lone instance still writes
# them, but inside a container they compile into one `Condition` node. They are emitted
# (as negative cases) and left out of the manifest.
AUTHORING_ONLY = {"If", "Elif", "Else"}

# Types of the March 2026 upstream snapshot (PrefectHQ/prefab@7951ae7,
# schemas/fixtures/components/) that prefab-ui 0.21.1 no longer defines. Their shape is
# the one that snapshot's fixture generator wrote (required fields, placeholders).
LEGACY = {
    "InlineCode": {"content": "test_content", "type": "InlineCode"},
    "State": {"type": "State", "state": {}},
}


# Classes whose validator asks for one field out of several optional ones; the value is
# the one the March 2026 snapshot's fixture used.
VALIDATOR_NEEDS = {"Embed": {"url": "https://example.com"}}


def placeholder(annotation: Any, field: str) -> Any:
    """A typed placeholder for a required field."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        return placeholder(members[0], field)
    if origin is typing.Annotated:
        return placeholder(args[0], field)
    if origin is typing.Literal:
        return args[0]
    if annotation is str or annotation is typing.Any:
        return f"test_{field}"
    if annotation is bool:
        return False
    if annotation is int:
        return 1
    if annotation is float:
        return 1.0
    if origin is list or annotation is list:
        return []
    if origin is dict or annotation is dict:
        return {}
    if inspect.isclass(annotation) and issubclass(annotation, BaseModel):
        return minimal(annotation)
    raise TypeError(f"no placeholder for {field}: {annotation!r}")


def minimal(cls: type[BaseModel]) -> BaseModel:
    """An instance built from the required fields only."""
    kwargs = {
        name: placeholder(info.annotation, name)
        for name, info in cls.model_fields.items()
        if info.is_required()
    }
    return cls(**kwargs, **VALIDATOR_NEEDS.get(cls.__name__, {}))


def component_classes() -> dict[str, type[Component]]:
    """Every concrete component class exported by prefab_ui.components (and charts)."""
    found: dict[str, type[Component]] = {}
    for module in (components_module, charts_module):
        for name in module.__all__:
            cls = getattr(module, name)
            if (
                inspect.isclass(cls)
                and issubclass(cls, Component)
                and cls not in (Component, ContainerComponent)
            ):
                found[name] = cls
    return found


def action_classes() -> list[type[Action]]:
    """Every concrete action class exported by prefab_ui.actions."""
    return [
        cls
        for name in actions_module.__all__
        if inspect.isclass(cls := getattr(actions_module, name))
        and issubclass(cls, Action)
        and cls is not Action
    ]


def condition_node() -> dict[str, Any]:
    """The wire-only `Condition` node, as prefab-ui compiles an `If` inside a container."""
    with Column() as column:
        If("true")
    return column.to_json()["children"][0]


def dump(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def load_app(script: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"app_{script.stem}", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build()


def main() -> None:
    out = Path(sys.argv[1])
    expected_version = sys.argv[2]
    if prefab_ui.__version__ != expected_version:
        sys.exit(f"prefab-ui {prefab_ui.__version__} installed, {expected_version} expected")
    warnings.simplefilter("ignore", UserWarning)

    components = {}
    for name, cls in component_classes().items():
        node = minimal(cls).to_json()
        components[name] = node
    components["Condition"] = condition_node()
    for name, node in sorted(components.items()):
        dump(out / "components" / f"{name}.json", node)

    tags = []
    for cls in action_classes():
        value = minimal(cls).model_dump(by_alias=True, exclude_none=True)
        tags.append(value["action"])
        dump(out / "actions" / f"{value['action']}.json", value)

    wire_types = sorted({node["type"] for n, node in components.items() if n not in AUTHORING_ONLY})
    renamed = {n: node["type"] for n, node in components.items() if node["type"] != n}
    dump(out / "manifest.json", {"components": wire_types, "actions": sorted(tags)})

    documents = []
    for script in sorted((HERE / "apps").glob("*.py")):
        dump(out / "documents" / f"{script.stem}.json", load_app(script).to_json())
        documents.append(script.stem)

    for name, node in LEGACY.items():
        dump(out / "legacy" / f"{name}.json", node)

    summary = {
        "python": platform.python_version(),
        "pydantic": pydantic.VERSION,
        "components": len(components),
        "manifestComponents": len(wire_types),
        "authoringOnly": sorted(AUTHORING_ONLY),
        "typeDiffersFromClassName": renamed,
        "actions": len(tags),
        "documents": documents,
        "legacy": sorted(LEGACY),
    }
    json.dump(summary, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
