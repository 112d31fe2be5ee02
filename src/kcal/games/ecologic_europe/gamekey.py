"""The ``game:`` key every EcoLogic: Europe file carries (SPEC "Game packs"): the shared check of
:mod:`kcal.core.packfile` bound to this pack. Absent means kCaloria, so for this pack an absent key is
an error that says so; another id names the file's game; a misspelling gets a did-you-mean."""

from __future__ import annotations

from kcal.core.packfile import require_game
from kcal.core.yamlsafe import YamlDoc
from kcal.games.ecologic_europe.domain import GAME_ID, GAME_NAME


def check_game(doc: YamlDoc, what: str) -> None:
    """Raise a one-line, positioned error unless ``doc`` is a mapping whose ``game:`` is this pack's."""
    require_game(doc, GAME_ID, GAME_NAME, what)
