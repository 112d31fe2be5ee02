"""The ``game:`` key every Kalua file carries (SPEC "Game packs"): the shared check of
:mod:`kcal.core.packfile` bound to this pack.

A file without it is a kCaloria file by the SPEC's default, so for this pack an absent key is an error
that says so; another game's id says which game the file is for; a misspelling gets a did-you-mean.
"""

from __future__ import annotations

from kcal.core.packfile import require_game
from kcal.core.yamlsafe import YamlDoc
from kcal.games.kalua.cards import GAME_ID, GAME_NAME


def check_game(doc: YamlDoc, what: str) -> None:
    """Raise a one-line, positioned error unless ``doc`` is a mapping whose ``game:`` is this pack's."""
    require_game(doc, GAME_ID, GAME_NAME, what)
