"""A food card's picture: its own ``icon:``, or else its colour's (docs/art.md)."""

from __future__ import annotations

from typing import Any

#: the picture of a food card that names no icon, by colour (the set's grouping of foods)
COLOUR_ICONS: dict[str, str] = {"red": "meat", "yellow": "bread", "green": "shiny-apple", "blue": "milk-carton"}
#: the +5 card's picture when the set names none
PLUS_ICON = "knife-fork"


def icon_of(food: Any) -> str:
    """The icon drawn for a food card (a ``FoodCard``)."""
    return food.icon or COLOUR_ICONS[food.colour.value]


def plus_icon(foodset: Any) -> str:
    """The icon drawn for the +5 card (of a ``FoodSet``)."""
    return foodset.plus_icon or PLUS_ICON
