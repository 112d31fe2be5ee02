"""Colours of the printed game, as data: cubes, tile backgrounds, rarities, biome groups.

Every colour is an ``#rrggbb`` string so the palette can be read, tested and documented without
ReportLab. Backgrounds are light so black text stays legible on a home inkjet.
"""

from __future__ import annotations

from kcal.games.kcaloria.rules.domain import Biome, Color, Rarity, TileType
from kcal.print.colours import CUT_LINE, INK, luminance, rgb, text_on

CUBE: dict[Color, str] = {
    Color.BLUE: "#1f6fd1",
    Color.GREEN: "#2e9e44",
    Color.YELLOW: "#f4c20d",
    Color.ORANGE: "#f07f16",
    Color.RED: "#d32f2f",
    Color.PURPLE: "#8246c4",
}

BACKGROUND: dict[TileType, str] = {
    TileType.WATER: "#cfe8f7",
    TileType.PLANT: "#d6efcc",
    TileType.HERBIVORE: "#fbf0bd",
    TileType.OMNIVORE: "#fbd9b4",
    TileType.CARNIVORE: "#f6c3bf",
    TileType.HUMAN: "#e1d2f2",
    TileType.MICROBE: "#d3e6e1",
    TileType.EVENT: "#e0e0e0",
}

#: the darker band along a tile's edge, same hue as its background
BORDER: dict[TileType, str] = {
    TileType.WATER: "#1f6fd1",
    TileType.PLANT: "#2e9e44",
    TileType.HERBIVORE: "#d9a800",
    TileType.OMNIVORE: "#e06e00",
    TileType.CARNIVORE: "#c62828",
    TileType.HUMAN: "#7040b0",
    TileType.MICROBE: "#3f8f80",
    TileType.EVENT: "#5f6f80",
}

RARITY: dict[Rarity, str] = {
    Rarity.COMMON: "#b0703a",  # bronze
    Rarity.UNCOMMON: "#a7aeb6",  # silver
    Rarity.EXCEPTIONAL: "#d4a017",  # gold
    Rarity.RARE: "#c62828",  # red
}

_BIOME_GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "grass": ("#9bc53d", ("GL", "SV", "SH")),
    "desert": ("#e2b66b", ("SD", "HD", "CD", "CL")),
    "forest": ("#3d8b4f", ("TL", "CF", "MF", "TF", "TD", "TC", "FF")),
    "cold": ("#8fa9b8", ("AL", "TA", "TN")),
    "water": ("#3c8dd8", ("LE", "LI", "LO", "CR", "OC", "NO", "AO")),
}
BIOME_GROUP: dict[Biome, str] = {Biome(code): g for g, (_, codes) in _BIOME_GROUPS.items() for code in codes}
BIOME_COLOR: dict[Biome, str] = {b: _BIOME_GROUPS[g][0] for b, g in BIOME_GROUP.items()}

BACK = "#24523a"
BACK_ACCENT = "#e9d8a6"

__all__ = ["CUBE", "BACKGROUND", "BORDER", "RARITY", "BIOME_GROUP", "BIOME_COLOR", "INK", "CUT_LINE", "BACK",
           "BACK_ACCENT", "rgb", "luminance", "text_on", "picture_ink", "PICTURE_SHADE"]


def picture_ink(tile_type: TileType) -> tuple[float, float, float]:
    """The colour a tile's picture is drawn in: its border colour darkened to about half, dark on the
    light background in colour and in greyscale alike."""
    r, g, b = rgb(BORDER[tile_type])
    return (r * PICTURE_SHADE, g * PICTURE_SHADE, b * PICTURE_SHADE)


PICTURE_SHADE = 0.5
