"""Pydantic field types for the names, texts and file names a data file holds (checked by
:mod:`kcal.core.text`).

Apart from :mod:`kcal.core.text` so that code which only checks or prints text (a warm command's loader,
the print faces) does not import Pydantic.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field, StrictInt, StrictStr

from kcal.core.text import check_name, check_path_text, check_text, not_text_problem

# Length limits go *before* the check, so that they stay string limits (a ``Field`` after an
# ``AfterValidator`` becomes a generic "too_long" with another message) and run first:
# ``Annotated[StrictStr, Field(max_length=120), AfterValidator(check_name)]``.

#: A visible one-line name.
Name = Annotated[StrictStr, AfterValidator(check_name)]
#: Text that may hold line breaks and tabs, but nothing else a terminal would act on.
Text = Annotated[StrictStr, AfterValidator(check_text)]
#: A file name as written in a file: anything but control characters.
PathText = Annotated[StrictStr, AfterValidator(check_path_text)]

#: The largest seed: every game's seed is a 63-bit whole number, in every pack.
MAX_SEED = 2**63 - 1


def check_seed(value: int) -> int:
    """A record's ``seed:``: one range and one wording for every pack."""
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED:,}, not {value:,}")
    return value


#: A record's seed: a whole number from 0 to 2**63 - 1.
Seed = Annotated[StrictInt, AfterValidator(check_seed), Field(json_schema_extra={"minimum": 0, "maximum": MAX_SEED})]


def name_is_text(value: object) -> object:
    """Pydantic ``BeforeValidator`` of a player's name, in every pack: ``players: [1, 2, 3]`` (YAML reads
    a bare 1 as a number) says that a name is text, once per name."""
    problem = not_text_problem(value)
    if problem:
        raise ValueError(problem)
    return value


#: Put last in a player-name type's ``Annotated`` so that it runs first: ``Annotated[Name, NAME_IS_TEXT]``.
NAME_IS_TEXT = BeforeValidator(name_is_text)
