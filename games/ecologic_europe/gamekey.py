"""The ``game:`` key every EcoLogic: Europe file carries (SPEC "Game packs"): absent means kCaloria,
so for this pack an absent key is an error that says so; another id names the file's game."""

from __future__ import annotations

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean
from kcal.core.yamlsafe import YamlDoc
from kcal.games.ecologic_europe.domain import GAME_ID, GAME_NAME

KNOWN_GAMES = ("kcaloria", "how-many-calories", "kalua", "ecologic-europe")


def check_game(doc: YamlDoc, what: str) -> None:
    """Raise a one-line, positioned error unless ``doc`` is a mapping whose ``game:`` is this pack's."""
    data = doc.data
    if not isinstance(data, dict):
        line, column = doc.pos(())
        raise KcalError(f"expected a mapping at the top of the file (a {GAME_NAME} {what})", file=doc.path,
                        line=line, column=column, code="schema")
    if "game" not in data:
        raise KcalError(f"this file has no 'game:' key, so it is a kcaloria file; a {GAME_NAME} {what} starts "
                        f"with 'game: {GAME_ID}'", file=doc.path, line=1, column=1, code="wrong-game")
    game = data["game"]
    if game == GAME_ID:
        return
    line, column = doc.pos(("game",))
    if isinstance(game, str) and game in KNOWN_GAMES:
        msg = f"game: this is a {game} file, not a {GAME_NAME} {what} (expected 'game: {GAME_ID}')"
    else:
        msg = f"game: unknown game {game!r}{did_you_mean(str(game), KNOWN_GAMES)}; expected {GAME_ID!r}"
    raise KcalError(msg, file=doc.path, line=line, column=column, code="wrong-game")
