"""``kcal deck validate --game ecologic-europe FILE``: a species file checked on its own (schema,
names, features, duplicates). Unreadable or invalid files are bad input (exit 2, each problem at
``file:line:column``); a valid file is legal (exit 0) with a summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from kcal.core.setcheck import Problem, SetVerdict, format_report, is_file, no_catalogs  # noqa: F401 (format_report: the hook)
from kcal.games.ecologic_europe.files.load import DATA, SPECIES_FILES, load_species
from kcal.games.ecologic_europe.rules.domain import FOOD_TYPES

DeckResult = SetVerdict  # the verdict ``deck validate`` prints (kcal.core.setcheck)


def validate(path: str | Path) -> DeckResult:
    cs = load_species([path])
    counts = Counter(FOOD_TYPES[s.type].value for s in cs.species)
    types = dict(sorted(counts.items()))
    builtin = any(is_file(path, DATA / name) for name in SPECIES_FILES)
    return SetVerdict("ecologic-europe", str(path), len(cs), "kcal's reconstruction" if builtin else "", types,
                      unit="species cards",
                      extra={"types": types})


def validate_deck_file(path: str | Path, catalogs: Sequence[str | Path] = ()) -> DeckResult:
    no_catalogs(catalogs, "EcoLogic: Europe", "a species file")
    return validate(path)
