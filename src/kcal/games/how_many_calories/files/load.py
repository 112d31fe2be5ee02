"""Reading card-set files: the built-in catalog (``data/foods.yaml``) or a house-rule set.

Every problem is reported as ``file:line:column: path: message`` (YAML through :mod:`kcal.core.yamlsafe`,
Pydantic errors through :mod:`kcal.core.validation`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from kcal.core.errors import raise_all
from kcal.core.packfile import read_model
from kcal.core.yamlsafe import YamlDoc
from kcal.games.how_many_calories.files.cardset import FoodSet, composition_findings, food_set
from kcal.games.how_many_calories.files.models import CardSetFile
from kcal.games.how_many_calories.rules.domain import GAME_ID, GAME_NAME

BUILTIN = "builtin"
BUILTIN_PATH = Path(__file__).resolve().parent.parent / "data" / "foods.yaml"


def read_set_file(path: str | Path) -> tuple[YamlDoc, CardSetFile]:
    """Parse and validate the schema of one card-set file (composition not checked yet)."""
    return read_model(path, CardSetFile, GAME_ID, GAME_NAME, "card set")


def load_catalog(path: str | Path | None = None) -> FoodSet:
    """The validated card set at ``path`` (None or ``"builtin"``: the built-in set)."""
    if path is None or str(path) == BUILTIN:
        return _builtin()
    return _load(Path(path))


@functools.cache
def _builtin() -> FoodSet:
    return _load(BUILTIN_PATH, source=BUILTIN)


def _load(path: Path, source: str | None = None) -> FoodSet:
    doc, model = read_set_file(path)
    errors, _warnings = composition_findings(model)
    raise_all([f.error(doc) for f in errors])
    return food_set(model, source or str(path.resolve()))
