"""``kcal deck validate SET.yaml`` for How many Calories?: a card-set file against the game's
composition.

The game has one fixed set, so a "deck" is a card-set file: it must match the published composition
(32 cards numbered 1 to 32, 8 of each colour, the rulebook's cards in their colours, a +5 card), or
declare ``variant: <name>`` -- a house-rule set, allowed with a warning. Unreadable YAML and schema
errors are bad input (exit 2, raised); composition problems make the set illegal (exit 1, reported).
"""

from __future__ import annotations

from pathlib import Path

from kcal.core.setcheck import SetVerdict, composition_verdict, set_file_check
from kcal.core.setcheck import format_report as format_report  # the hook's text: the shared one
from kcal.games.how_many_calories.files.cardset import composition_findings
from kcal.games.how_many_calories.files.load import BUILTIN_PATH, read_set_file
from kcal.games.how_many_calories.rules.domain import GAME_ID, GAME_NAME

DeckResult = SetVerdict  # the verdict ``deck validate`` prints (kcal.core.setcheck)


def validate(path: str | Path, strict: bool = False) -> DeckResult:
    """Check one card-set file; with ``strict``, warnings (a house-rule set, a food on two cards)
    make it illegal too."""
    doc, model = read_set_file(path)
    return composition_verdict(GAME_ID, doc, model.variant, composition_findings(model), BUILTIN_PATH,
                               len(model.cards), strict=strict)


#: the hook: a set file is its own catalog, so ``deck validate --catalog`` is refused
validate_deck_file = set_file_check(validate, GAME_NAME)
