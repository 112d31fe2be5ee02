"""The ``game:`` key every How many Calories? file carries (SPEC "Game packs").

A file without it is a kCaloria file by the SPEC's default, so for this pack an absent key is an error
that says so; another game's id says which game the file is for; a misspelling gets a did-you-mean.
"""

from __future__ import annotations

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean
from kcal.core.yamlsafe import YamlDoc
from kcal.games.how_many_calories.cards import GAME_ID, GAME_NAME

#: the ids of the SPEC's packs (the registry may know more; this list needs no import of any pack)
KNOWN_GAMES = ("kcaloria", "how-many-calories", "kalua", "ecologic-europe")
DEFAULT_GAME = "kcaloria"


def _installed() -> list[str]:
    try:
        from kcal.core.registry import ids

        return sorted(set(KNOWN_GAMES) | set(ids()))
    except Exception:  # noqa: BLE001 - a broken installation must not hide the message we are writing
        return list(KNOWN_GAMES)


def check_game(doc: YamlDoc, what: str) -> None:
    """Raise a one-line, positioned error unless ``doc`` is a mapping whose ``game:`` is this pack's."""
    data = doc.data
    if not isinstance(data, dict):
        line, column = doc.pos(())
        raise KcalError(f"expected a mapping at the top of the file (a {GAME_NAME} {what}), found "
                        f"{_kind(data)}", file=doc.path, line=line, column=column, code="schema")
    if "game" not in data:
        raise KcalError(f"this file has no 'game:' key, so it is a {DEFAULT_GAME} file; a {GAME_NAME} "
                        f"{what} starts with 'game: {GAME_ID}'", file=doc.path, line=1, column=1,
                        code="wrong-game")
    game = data["game"]
    line, column = doc.pos(("game",))
    if game == GAME_ID:
        return
    if not isinstance(game, str):
        raise KcalError(f"game: expected the text {GAME_ID!r}, got {game!r}", file=doc.path, line=line,
                        column=column, code="wrong-game")
    known = _installed()
    if game in known:
        raise KcalError(f"game: this is a {game} file, not a {GAME_NAME} {what} (expected 'game: "
                        f"{GAME_ID}')", file=doc.path, line=line, column=column, code="wrong-game")
    raise KcalError(f"game: unknown game {game!r}{did_you_mean(game, known)}; expected {GAME_ID!r} for a "
                    f"{GAME_NAME} {what}", file=doc.path, line=line, column=column, code="wrong-game")


def _kind(data: object) -> str:
    if isinstance(data, list):
        return "a list"
    if data is None:
        return "nothing"
    return f"the value {data!r}"
