"""Reading a pack's own YAML files (card sets, game records): the steps every pack takes the same way.

- :func:`require_game`: the file is a mapping whose ``game:`` is this pack's. An absent key means the
  default game (SPEC), so for any other pack it is an error that says so; another game's id says which
  game the file is for; a misspelling gets a did-you-mean.
- :func:`validate_doc`: the parsed document into a Pydantic model, every error at its ``file:line:column``;
  a file that plainly is another kind (a game record handed over as a card set) says so
  (:func:`refuse_other_kind`).
- :func:`read_model`: both, from a path.
- :func:`catalog_ref`: a record's ``catalog:`` (the built-in set, or a file beside the record).
- :func:`check_header`: a record's variant, player count and player names against the pack's metadata.
- :func:`read_record`: a game record file: read, its ``game:`` checked, validated, its header checked.

Each error is one positioned :class:`KcalError` (several at once as :class:`KcalErrors`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from kcal.core.errors import KcalError, raise_all
from kcal.core.gameinfo import GameInfo
from kcal.core.modelcheck import Invalid, validate
from kcal.core.registry import DEFAULT_GAME
from kcal.core.suggest import did_you_mean
from kcal.core.yamlsafe import YamlDoc, load_yaml

M = TypeVar("M", bound=BaseModel)

BUILTIN = "builtin"


def _installed() -> list[str]:
    """The installed games' ids, from the registry (the entry points: no pack is imported)."""
    try:
        from kcal.core.registry import ids

        return ids()
    except Exception:  # a broken installation must not hide the message being written
        return []


def _kind(data: object) -> str:
    if isinstance(data, list):
        return "a list"
    if data is None:
        return "nothing"
    return f"the value {data!r}"


def require_game(doc: YamlDoc, game_id: str, game_name: str, what: str) -> None:
    """Raise a one-line, positioned error unless ``doc`` is a mapping whose ``game:`` is ``game_id``."""
    data = doc.data
    if not isinstance(data, dict):
        line, column = doc.pos(())
        raise KcalError(f"expected a mapping at the top of the file (a {game_name} {what}), found "
                        f"{_kind(data)}", file=doc.path, line=line, column=column, code="schema")
    if "game" not in data:
        raise KcalError(f"this file has no 'game:' key, so it is a {DEFAULT_GAME} file; a {game_name} "
                        f"{what} starts with 'game: {game_id}'", file=doc.path, line=1, column=1,
                        code="wrong-game")
    game = data["game"]
    if game == game_id:
        return
    line, column = doc.pos(("game",))
    if not isinstance(game, str):
        raise KcalError(f"game: expected the text {game_id!r}, got {game!r}", file=doc.path, line=line,
                        column=column, code="wrong-game")
    known = _installed()
    if game in known:
        raise KcalError(f"game: this is a {game} file, not a {game_name} {what} (expected 'game: "
                        f"{game_id}')", file=doc.path, line=line, column=column, code="wrong-game")
    raise KcalError(f"game: unknown game {game!r}{did_you_mean(game, known)}; expected {game_id!r} for a "
                    f"{game_name} {what}", file=doc.path, line=line, column=column, code="wrong-game")


def validate_doc(doc: YamlDoc, model: type[M], what: str = "") -> M:
    """``doc`` validated into ``model``; every error carries the position of the node it is about. A
    document that plainly is another kind of file than ``what`` says so instead (:func:`refuse_other_kind`)."""
    try:
        return validate(model, doc.data)
    except (ValidationError, Invalid) as exc:
        from kcal.core.validation import validation_errors  # the error path only: difflib, typing

        refuse_other_kind(doc, what)
        raise_all(validation_errors(exc, doc, model))
    raise AssertionError("unreachable")  # pragma: no cover - raise_all raised


def refuse_other_kind(doc: YamlDoc, what: str) -> None:
    """A file that does not validate as a ``what`` but plainly is another kind of file: one line saying
    which (``this looks like a game record (it has 'players'), not a card set``), instead of every field
    the model misses. A game record has ``players`` (SPEC); a card set or catalog has ``set``."""
    data = doc.data
    if not what or not isinstance(data, dict):
        return
    found = None
    if what == "game record":
        if "players" not in data and "set" in data:
            found = "card set (it has 'set' and no 'players'), not a game record: kcal deck validate checks it"
    elif "players" in data and "set" not in data:
        found = f"game record (it has 'players'), not a {what}: kcal rules replay replays it"
    if found:
        raise KcalError(f"this looks like a {found}", file=doc.path, line=1, column=1, code="wrong-kind")


def read_model(path: str | Path, model: type[M], game_id: str, game_name: str,
               what: str) -> tuple[YamlDoc, M]:
    """Parse ``path`` safely, check that it is a ``game_id`` file, and validate it into ``model``."""
    doc = load_yaml(path)
    require_game(doc, game_id, game_name, what)
    return doc, validate_doc(doc, model, what)


def catalog_ref(doc: YamlDoc, ref: str | None, what: str = "card-set file", *,
                code: str = "record") -> Path | None:
    """The file a record's ``catalog:`` names, relative to the record; None for the built-in set."""
    if ref is None or ref == BUILTIN:
        return None
    path = Path(ref)
    if not path.is_absolute():
        path = Path(doc.path).parent / path
    if not path.is_file():
        raise doc.error(f"catalog: no {what} {ref!r} (paths are relative to the record)", ("catalog",),
                        code=code)
    return path


def check_header(doc: YamlDoc, info: GameInfo, players: Sequence[str], variant: str | None, *,
                 code: str = "record") -> None:
    """A record's ``variant`` is one of the game's, its player count fits (the variant may allow
    another), and no player is named twice."""
    if variant is not None:
        try:
            info.variant(variant)
        except KcalError as exc:
            raise doc.error(f"variant: {exc.message}", ("variant",), code=code) from None
    try:
        info.check_players(len(players), variant)
    except KcalError as exc:
        raise doc.error(f"players: {exc.message}", ("players",), code=code) from None
    for i, p in enumerate(players):
        if p in players[:i]:
            raise doc.error(f"players[{i}]: {p!r} is named twice", ("players", i), code=code)


class RecordHeader(Protocol):
    """What :func:`read_record` reads of every record model: its players and its variant."""

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def variant(self) -> str | None: ...


H = TypeVar("H", bound=BaseModel)


def read_record(path: str | Path, model: type[H], info: GameInfo) -> tuple[YamlDoc, H]:
    """A game record of the pack ``info``: parsed safely, its ``game:`` checked, validated into
    ``model`` (which has ``players`` and ``variant``), and its header checked (:func:`check_header`)."""
    doc, record = read_model(path, model, info.id, info.name, "game record")
    header: RecordHeader = record  # type: ignore[assignment]  # the model's fields, by contract
    check_header(doc, info, header.players, header.variant)
    return doc, record
