"""The Pydantic field of a card's picture: an icon name kcal ships (``icon: fox``), checked with a
did-you-mean among the icon names (:func:`kcal.print.pictures.check_icon`). Apart from
:mod:`kcal.print.pictures` so that the drawing code imports no Pydantic."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, StrictStr

from kcal.print.pictures import check_icon

IconName = Annotated[
    StrictStr,
    Field(max_length=60, json_schema_extra={"description": "the card's picture: a game-icons name kcal ships "
                                                           "(docs/art.md), such as 'fox' or 'pine-tree'"}),
    AfterValidator(check_icon),
]

__all__ = ["IconName"]
