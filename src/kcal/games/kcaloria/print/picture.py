"""A tile's picture: its own ``icon:``, or else its classification's (docs/art.md).

Every shipped tile names its icon (the most specific one: the species, the event); a custom tile
without one still gets a picture, its class's. A tile's own ``art:`` image, when it has one, is drawn
instead (:mod:`.tile_face`).
"""

from __future__ import annotations

from typing import Any

#: the picture of a tile that names no icon, by classification (``Klass`` values)
CLASS_ICONS: dict[str, str] = {
    "water": "waves", "algae": "algae", "flower": "flowers", "fungi": "mushroom", "lichen": "coral",
    "plant": "sprout", "succulent": "cactus", "tree": "pine-tree", "actinopterygii": "circling-fish",
    "amphibian": "frog", "arachnid": "hanging-spider", "bird": "sparrow", "cephalopod": "octopus",
    "chondrichthyes": "shark-fin", "human": "person", "insect": "bee", "mammal": "deer", "myriapod": "centipede",
    "petromyzontida": "lamprey-mouth", "reptile": "snake", "sarcopterygii": "circling-fish",
    "microbe": "microscope", "virus": "virus", "weather": "sun-cloud", "event": "lightning-storm",
    "action": "hand-saw", "manmade": "dam",
}


def icon_of(tile: Any) -> str:
    """The icon drawn for ``tile``: its ``icon``, or its class's."""
    return tile.icon or CLASS_ICONS[tile.klass.value]
