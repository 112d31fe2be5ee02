"""kcal's option coercion (cli/coercion.py) gives what Typer's own gives, value for value and error for
error, on every parameter of every kcal command."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.core

from kcal.cli.app import build_app
from kcal.cli.coercion import install

SAMPLES: dict[Any, list[Any]] = {
    str: ["abc", "", "é ü", "-", "a b"],
    int: [5, "5", "-3", "007", "+4", "1_000", " 5", "x", "", "5.0", "99999999999999999999", "0", "-1", "1",
          "10", "11", "60", "61", 0, -1],
    float: [1.5, "1.5", "2", "1e3", ".5", "-0.25", "nan", "inf", "x", "", "1,5"],
    bool: [True, False, "true", "no", "1"],
}


def _params() -> list[tuple[str, Any, Any]]:
    install()
    root = typer.main.get_command(build_app())
    out = []

    def walk(cmd: Any, path: str) -> None:
        for p in getattr(cmd, "params", []):
            if hasattr(p, "type_descriptor"):
                out.append((f"{path} {p.name}", cmd, p))
        for name, sub in sorted(getattr(cmd, "commands", {}).items()):
            walk(sub, f"{path} {name}")

    walk(root, "kcal")
    return out


PARAMS = _params()


def _values(annotation: Any, tmp: Path) -> list[Any]:
    origin = getattr(annotation, "__origin__", None)
    if origin is list:
        (item,) = annotation.__args__
        return [tuple(v for v in _values(item, tmp)[:3]), (), tuple(_values(item, tmp)[-2:])]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        members = [m.value for m in annotation]
        return [*members, *(str(m).upper() for m in members), next(iter(annotation)), "bogus", ""]
    if isinstance(annotation, type) and issubclass(annotation, Path):
        (tmp / "there.yaml").write_text("x")
        return ["there.yaml", str(tmp / "there.yaml"), str(tmp), str(tmp / "missing.yaml"), "-", "",
                tmp / "there.yaml", "a\\b.pdf"]
    return SAMPLES.get(annotation, ["x"])


def _outcome(runtime: Any, value: Any, param: Any, ctx: Any) -> tuple[str, Any]:
    try:
        done = runtime.coerce(value, param=param, ctx=ctx)
        return "value", (type(done), repr(done))  # repr: nan equals nan
    except typer.BadParameter as exc:
        return "error", exc.format_message()


@pytest.mark.parametrize(("where", "command", "param"), PARAMS, ids=[p[0] for p in PARAMS])
def test_fast_coercion_equals_typers(where: str, command: Any, param: Any, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    build = typer.core.build_runtime_param
    assert getattr(build, "kcal", False), "kcal's coercion is installed"
    descriptor = param.type_descriptor
    ours, typers = build(descriptor), build.original(descriptor)
    ctx = typer.main.click.Context(command) if hasattr(typer.main, "click") else None
    if ctx is None:
        from typer._click import Context

        ctx = Context(command)
    for value in _values(descriptor.annotation, tmp_path):
        assert _outcome(ours, value, param, ctx) == _outcome(typers, value, param, ctx), (where, value)


def test_every_plain_parameter_is_covered() -> None:
    """Each parameter kcal has is one the fast coercion handles (else a new kind slipped in unmeasured)."""
    build = typer.core.build_runtime_param
    slow = [where for where, _, p in PARAMS if type(build(p.type_descriptor)).__name__ != "FastRuntimeParam"]
    assert slow == []
