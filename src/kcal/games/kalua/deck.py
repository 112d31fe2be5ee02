"""``kcal deck validate SET.yaml`` for Kalua: a card-set file against the game's composition.

The game has one fixed set, so a "deck" is a card-set file: it must match the published composition
(21 bonus, 19 local disaster, 10 global disaster cards, the rulebook's named cards, 5 player help cards,
the 0-10 happiness track starting at 5, 3 atheists per player), or declare ``variant: <name>`` -- a
house-rule set, allowed with a warning. Unreadable YAML and schema errors (an effect of an unknown kind,
a missing amount, a negative cost) are bad input (exit 2, raised); composition problems make the set
illegal (exit 1, reported).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kcal.core.setcheck import Problem, SetVerdict, format_report, is_file, no_catalogs, set_kind  # noqa: F401 (format_report: the hook)
from kcal.games.kalua.files.cardset import composition_findings
from kcal.games.kalua.files.load import BUILTIN_PATH, read_set_file
from kcal.games.kalua.rules.domain import GAME_ID, GAME_NAME

DeckResult = SetVerdict  # the verdict ``deck validate`` prints (kcal.core.setcheck)


def validate(path: str | Path, strict: bool = False) -> DeckResult:
    """Check one card-set file; with ``strict``, warnings (a house-rule set) make it illegal too."""
    doc, model = read_set_file(path)
    errors, warnings = composition_findings(model)

    def placed(findings: list[Any]) -> list[Problem]:
        return [f.placed(doc) for f in findings]

    counts = {"bonus": 0, "local": 0, "global": 0}
    for card in model.cards:
        counts[card.kind.value] += card.copies
    kind = set_kind(model.variant, errors, is_file(doc.path, BUILTIN_PATH))
    return SetVerdict(GAME_ID, doc.path, sum(counts.values()), kind, counts, strict=strict,
                      errors=placed(errors), warnings=placed(warnings),
                      extra={"cards": counts, "variant": model.variant})


def validate_deck_file(path: str | Path, catalogs: Sequence[str | Path] = ()) -> DeckResult:
    """The ``deck validate`` command's entry: a set file is its own catalog, so ``catalogs`` (extra
    catalogs, a kCaloria notion) has nothing to add and must be empty."""
    no_catalogs(catalogs, GAME_NAME)
    return validate(path)
