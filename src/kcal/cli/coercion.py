"""Option values coerced without a Pydantic adapter per option.

Typer (0.29) turns every command-line value into its annotated type through a Pydantic ``TypeAdapter``
built for that parameter when the command runs. Building them costs more than anything a warm
``kcal print deck`` or ``kcal deck validate`` does of its own: importing Pydantic's schema machinery
(about 300 M instructions) and one core schema per option (``print deck`` has 17).

The values kcal's commands take are plain: ``str``, ``int``, ``float``, ``bool``, ``Path``, an ``Enum``
and lists of these. For those, :func:`install` gives Typer a coercion that does what Typer's adapter
does (the same ``Path`` checks, through Typer's own ``coerce_cli_path``; the same choice matching,
through its ``coerce_cli_choice``) and that hands any value it is not sure of to Typer's own coercion,
built only then. So a value that fails is always reported by Typer, in Typer's words; a value that
passes gives the same Python object either way (``tests/cli/test_coercion.py`` compares the two on
every parameter of every kcal command). When the installed Typer lacks the hook, nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

_INT = re.compile(r"-?[0-9]+\Z")
_FLOAT = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
_MISSING = object()


def _plain(annotation: Any, info: Any) -> bool:
    """Whether kcal's fast coercion handles this (non-list) annotation with these options."""
    if info.parser is not None or getattr(info, "click_type", None) is not None:
        return False
    if annotation in (str, bool):
        return True
    if annotation in (int, float):
        return not info.clamp  # bounds are checked; a value outside them is Typer's to refuse
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return True
    if isinstance(annotation, type) and issubclass(annotation, Path):
        return info.path_type is None
    return False


#: Typer's own helpers the fast coercion calls (set by :func:`install`, which installs nothing without them)
_TYPER: dict[str, Callable[..., Any]] = {}


def _one(annotation: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
    """The coerced value, or ``_MISSING`` when Typer's own coercion should decide."""
    coerce_cli_choice, coerce_cli_path = _TYPER["choice"], _TYPER["path"]
    if annotation is str:
        return value if isinstance(value, str) else _MISSING
    if annotation is bool:
        return value if isinstance(value, bool) else _MISSING
    if annotation in (int, float):
        if type(value) is annotation:
            number = value
        elif isinstance(value, str) and (_INT if annotation is int else _FLOAT).match(value):
            number = annotation(value)
        else:
            return _MISSING
        if (info.min is not None and not number >= info.min) or (info.max is not None and not number <= info.max):
            return _MISSING
        return number
    if issubclass(annotation, Enum):
        if ctx is not None and ctx.token_normalize_func is not None:
            return _MISSING
        try:
            return coerce_cli_choice(value, choices=tuple(annotation), case_sensitive=info.case_sensitive, ctx=ctx)
        except ValueError:
            return _MISSING
    # a Path: what Typer's adapter makes of a non-empty string, then Typer's own checks
    if isinstance(value, str) and value:
        value = annotation(value)
    if not isinstance(value, annotation):
        return _MISSING
    return coerce_cli_path(value, info, path_type=annotation, param=param, ctx=ctx)


def install() -> None:
    """Make Typer build kcal's coercion for plain parameters (idempotent; a no-op on other Typers)."""
    try:
        import typer.core as core
        from typer._coercion import RuntimeParam
        from typer._param_types import coerce_cli_choice, coerce_cli_path
        from typer._typing import get_args, get_origin
    except ImportError:
        return
    _TYPER.update(choice=coerce_cli_choice, path=coerce_cli_path)
    found = getattr(core, "build_runtime_param", None)
    if found is None or getattr(found, "kcal", False):
        return
    original: Callable[[Any], Any] = found

    @dataclass(frozen=True)
    class FastRuntimeParam(RuntimeParam):  # type: ignore[misc]
        """Coerces kcal's plain parameters; anything else goes to Typer's own coercion."""

        descriptor: Any = None
        item: Any = None
        many: bool = False
        fallback: list[Any] = field(default_factory=list)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            info = self.parameter_info
            if self.many:
                if isinstance(value, (list, tuple)):
                    items = [_one(self.item, info, v, param, ctx) for v in value]
                    if all(v is not _MISSING for v in items):
                        return items
            else:
                done = _one(self.item, info, value, param, ctx)
                if done is not _MISSING:
                    return done
            if not self.fallback:
                self.fallback.append(original(self.descriptor))
            return self.fallback[0]._coerce_value(value, param=param, ctx=ctx)

    def build_runtime_param(descriptor: Any) -> Any:
        annotation, info = descriptor.annotation, descriptor.parameter_info
        if descriptor.file_annotation is None:
            many = get_origin(annotation) is list
            item = get_args(annotation)[0] if many and len(get_args(annotation)) == 1 else annotation
            if get_origin(item) is None and _plain(item, info):
                return FastRuntimeParam(parameter_info=info, annotation=annotation, descriptor=descriptor,
                                        item=item, many=many)
        return original(descriptor)

    build_runtime_param.kcal = True  # type: ignore[attr-defined]
    build_runtime_param.original = original  # type: ignore[attr-defined]  # for the tests
    core.build_runtime_param = build_runtime_param
