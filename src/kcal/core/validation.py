"""Turn Pydantic validation errors into kcal errors at ``file:line:column: path: message``.

Pydantic reports a ``loc`` of field names and indices, with extra segments for unions and
validators; we walk the loc through the plain data to find the node the user wrote, and phrase the
message as what was expected and what was found.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticCustomError

from kcal.core import suggest
from kcal.core.errors import MAX_SHOWN, KcalError, MoreErrors
from kcal.core.modelcheck import Invalid, echo
from kcal.core.yamlsafe import YamlDoc

_TYPE_WORDS = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "string_type": "text",
    "bool_type": "true or false",
    "tuple_type": "a list",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "float_type": "a number",
}


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, str):
        return repr(value) if len(value) < 60 else repr(value[:57] + "...")
    if hasattr(value, "isoformat"):
        return f"a date ({value.isoformat()})"
    return repr(value)


def _walk(data: Any, loc: Sequence[Any]) -> tuple[tuple[str | int, ...], bool]:
    """The part of ``loc`` that exists in the data, and whether it reached the end."""
    out: list[str | int] = []
    node = data
    for seg in loc:
        if isinstance(node, dict) and isinstance(seg, str) and seg in node:
            out.append(seg)
            node = node[seg]
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            out.append(seg)
            node = node[seg]
        elif seg == "[key]":
            return tuple(out), True
        else:
            continue  # a union/validator segment, or a missing field
    return tuple(out), True


def _tagged_member(annotation: Any, tag: Any) -> Any:
    """The member of a discriminated union (``Annotated[A | B, Discriminator(...)]``) tagged ``tag``;
    None when ``annotation`` is no such union."""
    from pydantic import Discriminator, Tag

    if typing.get_origin(annotation) is not typing.Annotated:
        return None
    base, *meta = typing.get_args(annotation)
    if not any(isinstance(m, Discriminator) for m in meta):
        return None
    for member in typing.get_args(base):
        if typing.get_origin(member) is typing.Annotated:
            inner, *marks = typing.get_args(member)
            if any(isinstance(m, Tag) and m.tag == tag for m in marks):
                return inner
    return None


def strip_union_tags(root: type[BaseModel] | None, loc: Sequence[str | int]) -> tuple[str | int, ...]:
    """``loc`` without the tags of discriminated unions, found by walking the model: a tag may equal
    a field name (a ``discard`` move has a ``discard`` field), so the data alone cannot tell them apart."""
    if root is None:
        return tuple(loc)
    out: list[str | int] = []
    current: Any = root
    for seg in loc:
        if current is None:
            out.append(seg)
            continue
        member = _tagged_member(current, seg)
        if member is not None:
            current = member  # the segment is the union's tag: not a place in the file
            continue
        out.append(seg)
        while typing.get_origin(current) is typing.Annotated and not _is_discriminated(current):
            current = typing.get_args(current)[0]
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = _field_by_name(current, seg)
            current = field.annotation if field is not None else None
        elif _is_discriminated(current):
            current = None
        else:
            current = _annotation_model(current, seg)
            if current is not None and typing.get_origin(current) in (typing.Union, types.UnionType):
                args = [a for a in typing.get_args(current) if a is not type(None)]
                current = args[0] if len(args) == 1 else current
    return tuple(out)


def _is_discriminated(annotation: Any) -> bool:
    from pydantic import Discriminator

    return typing.get_origin(annotation) is typing.Annotated and any(
        isinstance(m, Discriminator) for m in typing.get_args(annotation)[1:])


def format_loc(loc: Sequence[str | int], data: Any = None) -> str:
    """``tiles[3].cost[0].green``; a tile index is followed by its id when known."""
    text = ""
    node = data
    for seg in loc:
        if isinstance(seg, int):
            text += f"[{seg}]"
            if isinstance(node, list) and 0 <= seg < len(node):
                node = node[seg]
                if isinstance(node, dict) and isinstance(node.get("id"), str) and text.startswith("tiles"):
                    text += f"({node['id']})"
            else:
                node = None
        else:
            shown = str(seg) if str(seg).isprintable() else repr(str(seg))  # a key holding "\n" stays one line
            text += ("." if text else "") + shown
            node = node.get(seg) if isinstance(node, dict) else None
    return text


def _annotation_model(annotation: Any, seg: str | int) -> Any:
    """Descend one level in a type annotation: the element, value or model type."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _annotation_model(typing.get_args(annotation)[0], seg)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if arg is not type(None):
                found = _annotation_model(arg, seg)
                if found is not None:
                    return found
        return None
    if origin in (tuple, list, set, frozenset) and isinstance(seg, int):
        return typing.get_args(annotation)[0]
    if origin is dict and isinstance(seg, str):
        return typing.get_args(annotation)[1]
    return annotation


def model_fields_at(root: type[BaseModel], loc: Sequence[str | int]) -> list[str]:
    """The field names (as written in YAML) of the model that sits at ``loc``."""
    current: Any = root
    for seg in loc:
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = _field_by_name(current, seg)
            if field is None:
                return []
            current = field.annotation
            continue
        current = _annotation_model(current, seg)
        while typing.get_origin(current) in (typing.Annotated, typing.Union, types.UnionType):
            current = _annotation_model(current, seg)
    while typing.get_origin(current) in (typing.Annotated, typing.Union, types.UnionType):
        current = _annotation_model(current, 0)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [f.alias or n for n, f in current.model_fields.items()]
    return []


def _field_by_name(model: type[BaseModel], seg: Any) -> Any:
    for name, field in model.model_fields.items():
        if seg in (name, field.alias):
            return field
    return None


#: the type of the error :func:`choice` raises for a :class:`~kcal.core.suggest.Unknown`
UNKNOWN_CHOICE = "unknown_choice"
T = typing.TypeVar("T")


def choice(match: Callable[[Any], T]) -> Callable[[Any], T]:
    """``match`` as a Pydantic validator (``PlainValidator(choice(match))``): the
    :class:`~kcal.core.suggest.Unknown` it raises becomes a Pydantic error carrying its parts, whose
    did-you-mean :func:`phrase` finds only for the errors shown (Pydantic turns every ValueError into
    text when it is raised, and a file may hold half a million of them: docs/cli.md "Many errors")."""
    def validate(value: Any) -> T:
        try:
            return match(value)
        except suggest.Unknown as e:
            raise PydanticCustomError(UNKNOWN_CHOICE, "{before}{after}", {
                "word": e.word, "choices": e.choices, "before": e.before, "after": e.after}) from None
    return validate


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """The one close choice for a mistyped enum value or key (core.suggest, case folded)."""
    return suggest.did_you_mean(str(word), choices)


_QUOTED = re.compile(r"'([^']*)'")


def phrase(err: Mapping[str, Any], root: type[BaseModel] | None) -> str:
    """One error as 'what was expected, what was found'."""
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    loc = err["loc"]
    if kind == "extra_forbidden":
        field = loc[-1]
        known = model_fields_at(root, [s for s in loc[:-1]]) if root else []
        hint = did_you_mean(str(field), known)
        allowed = f"; known fields: {', '.join(known)}" if known and not hint else ""
        return f"unknown field {field!r}{hint}{allowed}"
    if kind == "missing":
        return f"missing required field {loc[-1]!r}"
    if kind in ("enum", "literal_error"):
        expected = ctx.get("expected", "")
        choices = _QUOTED.findall(expected)
        what = _enum_noun(err)
        hint = did_you_mean(str(value), choices)
        listing = "" if hint and len(choices) > 8 else f"; expected one of: {', '.join(choices) or expected}"
        return f"unknown {what} {describe(value)}{hint}{listing}"
    if kind == UNKNOWN_CHOICE:
        return suggest.Unknown(ctx["before"], ctx["word"], ctx["choices"], ctx["after"]).phrased()
    if kind in _TYPE_WORDS:
        hint = ""
        if kind == "string_type" and value is not None and not isinstance(value, (dict, list)):
            hint = " (put it in quotes to keep it as text)"
        return f"expected {_TYPE_WORDS[kind]}, got {describe(value)}{hint}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, got {describe(value)}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}, got {describe(value)}"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} item(s)" if not isinstance(value, str) else "must not be empty"
    if kind == "too_long":
        return f"is too long (at most {ctx.get('max_length')})"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        return f"is too long: at most {ctx.get('max_length')} characters"
    if kind == "string_pattern_mismatch":
        return f"{describe(value)} does not have the expected form ({ctx.get('pattern')})"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "assertion_error":
        return err["msg"].removeprefix("Assertion failed, ")
    return err["msg"]


def _enum_noun(err: Mapping[str, Any]) -> str:
    loc = [s for s in err["loc"] if isinstance(s, str)]
    if "modifiers" in loc and loc[-1] == "name":
        return "modifier"
    if loc and loc[-1] == "format":
        return "format"
    for seg in reversed(loc):
        if seg in ("type",):
            return "tile type"
        if seg == "class":
            return "class"
        if seg in ("rarity",):
            return "rarity"
        if seg in ("biomes", "biome"):
            return "biome"
        if seg in ("color", "cost", "yield"):
            return "colour"
    if loc and loc[-1] == "[key]":
        return "colour"
    return "value"


def validation_errors(exc: ValidationError | Invalid, doc: YamlDoc, root: type[BaseModel] | None = None,
                      prefix: Sequence[str | int] = (), *, limit: int = MAX_SHOWN) -> list[KcalError]:
    """Pydantic's errors as KcalErrors at the nodes the user wrote, in file order: the first ``limit``
    (in Pydantic's order, which is the schema's), then one :class:`~kcal.core.errors.MoreErrors` counting
    the rest, placed at the first of them. Only the errors shown are phrased and placed, so a file of
    half a million errors costs little more than its validation."""
    out: list[KcalError] = []
    seen: set[tuple[Any, ...]] = set()
    more = 0
    first_out: KcalError | None = None
    raw = exc.errors(include_url=False)
    for err in raw:
        if echo(err):
            continue
        if len(out) >= limit:  # past the cap: counted, not phrased (the first one gives the line's place)
            more += 1
            if first_out is None:
                first_out = _positioned(err, doc, root, prefix)
            continue
        problem = _positioned(err, doc, root, prefix)
        key = (problem.where.line, problem.where.column, problem.message)
        if key in seen:
            continue
        seen.add(key)
        out.append(problem)
    more += exc.error_count() - len(raw)  # the errors kcal.core.modelcheck counted without keeping
    out.sort(key=lambda e: (e.where.line or 0, e.where.column or 0))
    if more > 0:
        at = (first_out or out[-1]).where
        out.append(MoreErrors(more, file=doc.path, line=at.line, column=at.column))
    return out


def _positioned(err: Mapping[str, Any], doc: YamlDoc, root: type[BaseModel] | None,
                prefix: Sequence[str | int]) -> KcalError:
    """One Pydantic error as a KcalError at the node the user wrote."""
    loc = tuple(prefix) + strip_union_tags(root, err["loc"])
    path, _ = _walk(doc.data, loc)
    is_key = err["type"] in ("extra_forbidden",) or (loc and loc[-1] == "[key]")
    if err["type"] == "missing":
        path = path if path != loc else path[:-1]
    line, column = doc.pos(path, key=bool(is_key))
    message = phrase(err, root)
    kept = [s for s in loc if isinstance(s, int) or s in _data_keys(doc.data, loc) or s == loc[-1]]
    shown = format_loc([s for s in kept if s != "[key]"], doc.data)
    return KcalError(f"{shown}: {message}" if shown else message, file=doc.path, line=line, column=column,
                     code="schema")


def _data_keys(data: Any, loc: Sequence[Any]) -> set[str]:
    keys: set[str] = set()
    node = data
    for seg in loc:
        if isinstance(node, dict) and seg in node:
            keys.add(seg)
            node = node[seg]
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            node = node[seg]
    return keys
