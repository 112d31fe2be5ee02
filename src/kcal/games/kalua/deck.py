"""``kcal deck validate SET.yaml`` for Kalua: a card-set file against the game's composition.

The game has one fixed set, so a "deck" is a card-set file: it must match the published composition
(21 bonus, 19 local disaster, 10 global disaster cards, the rulebook's named cards, 5 player help cards,
the 0-10 happiness track starting at 5, 3 atheists per player), or declare ``variant: <name>`` -- a
house-rule set, allowed with a warning. Unreadable YAML and schema errors (an effect of an unknown kind,
a missing amount, a negative cost) are bad input (exit 2, raised); composition problems make the set
illegal (exit 1, reported).
"""

from __future__ import annotations

from pathlib import Path

from kcal.core.setcheck import SetVerdict, composition_verdict, set_file_check
from kcal.core.setcheck import format_report as format_report  # the hook's text: the shared one
from kcal.games.kalua.files.cardset import composition_findings
from kcal.games.kalua.files.load import BUILTIN_PATH, read_set_file
from kcal.games.kalua.rules.domain import GAME_ID, GAME_NAME

DeckResult = SetVerdict  # the verdict ``deck validate`` prints (kcal.core.setcheck)


def validate(path: str | Path, strict: bool = False) -> DeckResult:
    """Check one card-set file; with ``strict``, warnings (a house-rule set) make it illegal too."""
    doc, model = read_set_file(path)
    counts = {"bonus": 0, "local": 0, "global": 0}
    for card in model.cards:
        counts[card.kind.value] += card.copies
    return composition_verdict(GAME_ID, doc, model.variant, composition_findings(model), BUILTIN_PATH,
                               sum(counts.values()), counts, strict=strict, extra={"cards": counts})


#: the hook: a set file is its own catalog, so ``deck validate --catalog`` is refused
validate_deck_file = set_file_check(validate, GAME_NAME)
