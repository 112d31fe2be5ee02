"""A card's picture: its own ``icon:``, or else its species type's, its kind's (docs/art.md)."""

from __future__ import annotations

#: the picture of a species that names no icon, by species type
TYPE_ICONS: dict[str, str] = {
    "woody": "pine-tree", "herbaceous": "sprout", "fungi": "mushroom", "insects": "bee", "invertebrates": "snail",
    "fish": "circling-fish", "amphibians": "frog", "small-birds": "sparrow", "big-birds": "raven",
    "small-mammals": "mouse", "hoofed": "deer", "predators": "wolf-head",
}
#: the picture of a weather or human-impact card that names no icon
EVENT_ICONS: dict[str, str] = {"weather": "sun-cloud", "human": "factory"}


def species_icon(icon: str | None, type_word: str) -> str:
    """The icon drawn for a species card: its ``icon``, or its type's."""
    return icon or TYPE_ICONS[type_word]


def event_icon(icon: str | None, kind: str) -> str:
    """The icon drawn for a weather (``kind`` "weather") or human-impact card."""
    return icon or EVENT_ICONS[kind]


#: the picture of the symbol key card when the components file names none
KEY_ICON = "binoculars"


def key_icon(icon: str | None) -> str:
    """The icon drawn on the symbol key card."""
    return icon or KEY_ICON
