"""Reading species files and the components file: the built-in data (``data/*.yaml``) or a species
set of one's own. Every problem is reported as ``file:line:column: path: message`` (YAML through
:mod:`kcal.core.yamlsafe`, Pydantic errors through :mod:`kcal.core.validation`); several problems of
one file are reported together.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from kcal.core.errors import KcalError, raise_all
from kcal.core.modelcheck import Invalid, validate
from kcal.core.packfile import refuse_other_kind, require_game
from kcal.core.yamlsafe import YamlDoc, load_yaml
from kcal.games.ecologic_europe.files.cardset import CardSet, Species, species_of
from kcal.games.ecologic_europe.files.models import ComponentsFile, SpeciesFile
from kcal.games.ecologic_europe.rules.domain import GAME_ID, GAME_NAME

BUILTIN = "builtin"
DATA = Path(__file__).resolve().parent.parent / "data"
SPECIES_FILES = ("species-base.yaml", "species-mountains.yaml", "species-coastal.yaml", "species-cities.yaml")
COMPONENTS_FILE = DATA / "components.yaml"

M = TypeVar("M", bound=BaseModel)


def read_model(path: str | Path, model: type[M], what: str) -> tuple[YamlDoc, M]:
    doc = load_yaml(path)
    require_game(doc, GAME_ID, GAME_NAME, what)
    try:
        return doc, validate(model, doc.data)
    except (ValidationError, Invalid) as exc:
        from kcal.core.validation import validation_errors

        refuse_other_kind(doc, what)
        raise_all(_without_echoes(validation_errors(exc, doc, model)))
        raise AssertionError("unreachable") from None


def _without_echoes(errors: list[KcalError]) -> list[KcalError]:
    """Drop a list's "must have at least N item(s)" when an item of that list has its own error: the
    item's error is the one to fix (a list whose items all fail is echoed as too short)."""
    paths = [e.message.split(": ", 1)[0] for e in errors]
    out = []
    for e, path in zip(errors, paths, strict=True):
        if "must have at least" in e.message and any(p != path and (p.startswith(path + "[") or
                                                                    p.startswith(path + "."))
                                                     for p in paths):
            continue
        out.append(e)
    return out


def duplicates(files: Sequence[tuple[YamlDoc, SpeciesFile]]) -> list[KcalError]:
    """An id or a Latin name on two cards (across every file loaded together)."""
    errors: list[KcalError] = []
    seen: dict[tuple[str, str], str] = {}
    for doc, model in files:
        for i, card in enumerate(model.species):
            for field, value in (("id", card.id), ("latin", card.latin)):
                key = (field, value.casefold())
                if key in seen:
                    errors.append(doc.error(f"species[{i}].{field}: {value!r} is already on another card "
                                            f"({seen[key]}); every card has its own", ("species", i, field),
                                            code="duplicate"))
                else:
                    line, column = doc.pos(("species", i, field))
                    seen[key] = f"{doc.path}:{line}:{column}"
    return errors


def load_species(paths: Sequence[str | Path], components: str | Path | None = None) -> CardSet:
    """The card set made of the species files ``paths`` (validated together) and the components."""
    files: list[tuple[YamlDoc, SpeciesFile]] = []
    errors: list[KcalError] = []
    for p in paths:
        try:
            files.append(read_model(p, SpeciesFile, "species file"))
        except KcalError as exc:
            errors.extend(exc.problems)
    errors += duplicates(files)
    raise_all(errors)
    _, comp = read_model(components or COMPONENTS_FILE, ComponentsFile, "components file")
    species: list[Species] = []
    for _, model in files:
        for card in model.species:
            species.append(species_of(card, len(species), model.expansion))
    return CardSet(tuple(species), comp, tuple(str(p) for p in paths))


@functools.cache
def builtin() -> CardSet:
    return load_species([DATA / f for f in SPECIES_FILES])


def load_cardset(path: str | Path | None = None) -> CardSet:
    """The built-in card set (None or ``"builtin"``), or the set in one species file."""
    if path is None or str(path) == BUILTIN:
        return builtin()
    return load_species([path])
