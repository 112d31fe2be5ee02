"""``kcal deck validate --game ecologic-europe FILE``: a species file checked on its own (schema,
names, features, duplicates). Unreadable or invalid files are bad input (exit 2, each problem at
``file:line:column``); a valid file is legal (exit 0) with a summary."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from kcal.core.setcheck import SetVerdict, is_file, set_file_check
from kcal.core.setcheck import format_report as format_report  # the hook's text: the shared one
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


#: the hook: a species file is checked on its own, so ``deck validate --catalog`` is refused
validate_deck_file = set_file_check(validate, "EcoLogic: Europe", "a species file")
