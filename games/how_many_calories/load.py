"""Reading card-set files: the built-in catalog (``data/foods.yaml``) or a house-rule set.

Every problem is reported as ``file:line:column: path: message`` (YAML through :mod:`kcal.core.yamlsafe`,
Pydantic errors through :mod:`kcal.core.validation`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import ValidationError

from kcal.core.errors import KcalError, raise_all
from kcal.core.yamlsafe import YamlDoc, load_yaml
from kcal.games.how_many_calories.foodset import Finding, FoodSet, composition_findings
from kcal.games.how_many_calories.gamekey import check_game
from kcal.games.how_many_calories.models import CardSetFile

BUILTIN = "builtin"
BUILTIN_PATH = Path(__file__).resolve().parent / "data" / "foods.yaml"


def read_set_file(path: str | Path) -> tuple[YamlDoc, CardSetFile]:
    """Parse and validate the schema of one card-set file (composition not checked yet)."""
    doc = load_yaml(path)
    check_game(doc, "card set")
    try:
        model = CardSetFile.model_validate(doc.data)
    except ValidationError as exc:
        from kcal.core.validation import validation_errors

        raise_all(validation_errors(exc, doc, CardSetFile))
        raise AssertionError("unreachable") from None
    return doc, model


def finding_error(doc: YamlDoc, finding: Finding) -> KcalError:
    return doc.error(finding.message, finding.loc, code=finding.code)


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
    raise_all([finding_error(doc, f) for f in errors])
    return FoodSet.from_model(model, source or str(path.resolve()))
