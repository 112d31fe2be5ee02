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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kcal.core.errors import Exit, KcalError
from kcal.games.kalua.cardset import composition_findings
from kcal.games.kalua.load import read_set_file


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    line: int
    column: int

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "line": self.line, "column": self.column}


@dataclass
class DeckResult:
    """The verdict on one card-set file. ``strict`` (here or per call) makes warnings count as errors."""

    path: str
    cards: int
    variant: str | None
    counts: dict[str, int]
    strict: bool = False
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def passes(self, strict: bool | None = None) -> bool:
        strict = self.strict if strict is None else strict
        return not self.errors and not (strict and self.warnings)

    @property
    def legal(self) -> bool:
        return self.passes()

    @property
    def exit_code(self) -> int:
        return int(Exit.OK if self.legal else Exit.FINDINGS)

    def to_json(self, strict: bool | None = None) -> dict[str, Any]:
        return {"deck": self.path, "game": "kalua", "legal": self.passes(strict), "tiles": self.cards,
                "cards": self.counts, "variant": self.variant, "errors": [e.to_json() for e in self.errors],
                "warnings": [w.to_json() for w in self.warnings]}

    def to_text(self, strict: bool | None = None) -> str:
        strict = self.strict if strict is None else strict
        kind = f"house-rule set {self.variant!r}" if self.variant else "the published composition"
        verdict = "legal" if self.passes(strict) else "ILLEGAL"
        counts = ", ".join(f"{v} {k}" for k, v in self.counts.items())
        lines = [f"{self.path}: {verdict} ({self.cards} cards: {counts}; {kind})"]
        lines += [f"{self.path}:{e.line}:{e.column}: error: {e.message}" for e in self.errors]
        label = "error (--strict)" if strict else "warning"
        lines += [f"{self.path}:{w.line}:{w.column}: {label}: {w.message}" for w in self.warnings]
        return "\n".join(lines)


def validate(path: str | Path, strict: bool = False) -> DeckResult:
    """Check one card-set file; with ``strict``, warnings (a house-rule set) make it illegal too."""
    doc, model = read_set_file(path)
    errors, warnings = composition_findings(model)

    def placed(findings: list[Any]) -> list[Problem]:
        return [Problem(f.code, f.message, *doc.pos(f.loc)) for f in findings]

    counts = {"bonus": 0, "local": 0, "global": 0}
    for card in model.cards:
        counts[card.kind.value] += card.copies
    return DeckResult(doc.path, sum(counts.values()), model.variant, counts, strict, placed(errors),
                      placed(warnings))


def validate_deck_file(path: str | Path, catalogs: Sequence[str | Path] = ()) -> DeckResult:
    """The ``deck validate`` command's entry: a set file is its own catalog, so ``catalogs`` (extra
    catalogs, a kCaloria notion) has nothing to add and must be empty."""
    if catalogs:
        raise KcalError("--catalog does not apply to Kalua: a card-set file is checked on its own", code="usage")
    return validate(path)


def format_report(result: DeckResult, strict: bool = False) -> str:
    return result.to_text(strict)
