"""``kcal deck validate --game ecologic-europe FILE``: a species file checked on its own (schema,
names, features, duplicates). Unreadable or invalid files are bad input (exit 2, each problem at
``file:line:column``); a valid file is legal (exit 0) with a summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.errors import Exit, KcalError
from kcal.games.ecologic_europe.domain import FOOD_TYPES
from kcal.games.ecologic_europe.load import load_species


@dataclass
class DeckResult:
    path: str
    cards: int
    types: dict[str, int]

    def passes(self, strict: bool | None = None) -> bool:
        return True

    @property
    def exit_code(self) -> int:
        return int(Exit.OK)

    def to_json(self, strict: bool | None = None) -> dict[str, Any]:
        return {"deck": self.path, "game": "ecologic-europe", "legal": True, "tiles": self.cards,
                "types": self.types, "errors": [], "warnings": []}

    def to_text(self, strict: bool | None = None) -> str:
        types = ", ".join(f"{t} {k}" for t, k in self.types.items())
        return f"{self.path}: legal ({self.cards} species cards: {types})"


def validate(path: str | Path) -> DeckResult:
    cs = load_species([path])
    counts = Counter(FOOD_TYPES[s.type].value for s in cs.species)
    return DeckResult(str(path), len(cs), dict(sorted(counts.items())))


def validate_deck_file(path: str | Path, catalogs: Sequence[str | Path] = ()) -> DeckResult:
    if catalogs:
        raise KcalError("--catalog does not apply to EcoLogic: Europe: a species file is checked on its own",
                        code="usage")
    return validate(path)


def format_report(result: DeckResult, strict: bool = False) -> str:
    return result.to_text(strict)
