"""``kcal deck validate SET.yaml`` for How many Calories?: a card-set file against the game's
composition.

The game has one fixed set, so a "deck" is a card-set file: it must match the published composition
(32 cards numbered 1 to 32, 8 of each colour, the rulebook's cards in their colours, a +5 card), or
declare ``variant: <name>`` -- a house-rule set, allowed with a warning. Unreadable YAML and schema
errors are bad input (exit 2, raised); composition problems make the set illegal (exit 1, reported).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kcal.core.setcheck import Problem, SetVerdict, format_report, is_file, no_catalogs, set_kind  # noqa: F401 (format_report: the hook)
from kcal.games.how_many_calories.files.cardset import composition_findings
from kcal.games.how_many_calories.files.load import BUILTIN_PATH, read_set_file
from kcal.games.how_many_calories.rules.domain import GAME_ID, GAME_NAME

DeckResult = SetVerdict  # the verdict ``deck validate`` prints (kcal.core.setcheck)


def validate(path: str | Path, strict: bool = False) -> DeckResult:
    """Check one card-set file; with ``strict``, warnings (a house-rule set, a food on two cards)
    make it illegal too."""
    doc, model = read_set_file(path)
    errors, warnings = composition_findings(model)

    def placed(findings: list[Any]) -> list[Problem]:
        return [f.placed(doc) for f in findings]

    kind = set_kind(model.variant, errors, is_file(doc.path, BUILTIN_PATH))
    return SetVerdict(GAME_ID, doc.path, len(model.cards), kind, strict=strict, errors=placed(errors),
                      warnings=placed(warnings), extra={"variant": model.variant})


def validate_deck_file(path: str | Path, catalogs: Sequence[str | Path] = ()) -> DeckResult:
    """The ``deck validate`` command's entry: a set file is its own catalog, so ``catalogs`` (extra
    catalogs, a kCaloria notion) has nothing to add and must be empty."""
    no_catalogs(catalogs, GAME_NAME)
    return validate(path)
