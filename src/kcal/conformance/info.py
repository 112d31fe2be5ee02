"""Conformance checks of what a pack declares: its ``GameInfo``, the ``Game`` protocol, player counts,
the configurations it accepts, and its JSON Schemas (see :mod:`kcal.conformance`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from kcal.conformance.common import JUNK, fail, plain, players_for
from kcal.core.errors import KcalError
from kcal.core.game import Game, Setup
from kcal.core.gameinfo import GameInfo
from kcal.core.hooks import HOOKS

#: The words ``GameInfo.supports`` may hold (``kcal games`` prints them): the hooks but ``game``.
SUPPORT_WORDS = frozenset(HOOKS[1:])

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")

_GAMES_METHODS = ("new_state", "clone", "to_move", "legal_moves", "why_illegal", "apply", "outcome",
                  "view", "determinize", "encode_move", "decode_move", "record", "bots")


def check_info(info: GameInfo) -> None:
    """The metadata is well formed: ids, player range, variants, file kinds, supports words."""
    w = f"{info.id!r} info"
    if not _ID.match(info.id):
        fail(w, "the id must be lowercase words joined by hyphens (like how-many-calories)")
    if not isinstance(info.name, str) or not info.name.strip():
        fail(w, "the name is empty")
    if not 1 <= info.min_players <= info.max_players:
        fail(w, f"players must be 1 <= min <= max, not {info.min_players}..{info.max_players}")
    ids = [v.id for v in info.variants]
    for v in ids:
        if not _ID.match(v):
            fail(w, f"variant id {v!r} must be lowercase words joined by hyphens")
    if len(set(ids)) != len(ids):
        fail(w, f"variant ids repeat: {ids}")
    for kind in info.file_kinds:
        if not _ID.match(kind):
            fail(w, f"file kind {kind!r} must be lowercase words joined by hyphens")
    unknown = sorted(set(info.supports) - SUPPORT_WORDS)
    if unknown or len(set(info.supports)) != len(info.supports):
        fail(w, f"supports must list known words once each ({', '.join(sorted(SUPPORT_WORDS))}); "
                f"unknown: {unknown}")
    for count, variant in info.player_variants.items():
        if info.min_players <= count <= info.max_players or count < 1:
            fail(w, f"player_variants[{count}]: the count must be outside {info.min_players}.."
                    f"{info.max_players} and at least 1")
        if variant not in ids:
            fail(w, f"player_variants[{count}] names {variant!r}, which is not a variant ({ids})")
    try:
        info.variant(JUNK)
    except KcalError:
        pass
    else:
        fail(w, "variant() accepted an unknown variant id")


def check_interface(game: Any, info: GameInfo | None = None) -> None:
    """``game`` has every method of the protocol, and its ``info`` is the pack's."""
    missing = [m for m in _GAMES_METHODS if not callable(getattr(game, m, None))]
    if missing:
        fail(repr(game), f"not a kcal Game: missing {', '.join(missing)}")
    if not isinstance(getattr(game, "info", None), GameInfo):
        fail(repr(game), "game.info is not a GameInfo")
    if info is not None and game.info != info:
        fail(info.id, "the game hook's info differs from the pack's info")


def check_player_counts(game: Game[Any, Any]) -> None:
    """Counts outside the range are refused (by ``check_players`` and ``new_state``), unless a
    ``player_variants`` entry allows them under its variant; counts inside are accepted."""
    info = game.info
    for count in sorted({0, info.min_players - 1, info.max_players + 1, *info.player_variants} - {-1}):
        w = f"{info.id} with {count} players"
        try:
            info.check_players(count)
        except KcalError:
            pass
        else:
            fail(w, "check_players accepted a count outside the range")
        try:
            game.new_state(Setup(players_for(count)), 1)
        except KcalError:
            pass
        else:
            fail(w, "new_state accepted a count outside the range")
        if count in info.player_variants:
            info.check_players(count, info.player_variants[count])
    for count in range(info.min_players, info.max_players + 1):
        info.check_players(count)


def configurations(game: Game[Any, Any]) -> list[tuple[int, str | None]]:
    """Every (player count, variant) a game accepts: each count of the range with no variant, each
    variant with every count it allows."""
    info = game.info
    out: list[tuple[int, str | None]] = [(n, None) for n in range(info.min_players, info.max_players + 1)]
    for v in info.variants:
        counts = sorted({*range(info.min_players, info.max_players + 1),
                         *(n for n, pv in info.player_variants.items() if pv == v.id)})
        ok = []
        for n in counts:
            try:
                game.new_state(Setup(players_for(n), v.id), 1)
            except KcalError:
                continue
            ok.append((n, v.id))
        if not ok:
            fail(f"{info.id} variant {v.id!r}", f"new_state refuses it for every player count {counts}")
        out += ok
    return out


def check_schemas(info: GameInfo, export: Callable[[str], Mapping[str, Any]]) -> None:
    """``export(kind)`` gives a valid Draft 2020-12 JSON Schema for every file kind of the pack, and
    refuses an unknown kind with a KcalError."""
    try:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError
    except ImportError as exc:  # a test dependency of kcal (pip install kcal[test])
        raise ImportError("check_schemas needs the jsonschema package (pip install 'kcal[test]')") from exc
    if not info.file_kinds:
        fail(info.id, "file_kinds is empty: a pack reads at least its card data")
    for kind in info.file_kinds:
        schema = export(kind)
        plain(dict(schema), f"the {kind} schema", info.id)
        if schema.get("$schema", DRAFT_2020_12) != DRAFT_2020_12:
            fail(info.id, f"the {kind} schema declares {schema.get('$schema')}, not Draft 2020-12")
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            fail(info.id, f"the {kind} schema is not valid Draft 2020-12: {exc.message} at "
                          f"{'/'.join(map(str, exc.absolute_path)) or 'the top'}")
    try:
        export(JUNK)
    except KcalError:
        pass
    else:
        fail(info.id, "schema export accepted an unknown file kind")
