"""The ``print`` hook of Food Chain: its cards, each face drawn by :func:`face`; the shared card sheets do
the rest (``kcal print cards --game food-chain``, every option of every pack's cards)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from food_chain.catalog import BUILTIN, LEVELS, Card, builtin, load
from kcal.print.cardsheet import card_printer
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.sheets import Box, Face

COLOURS = {1: "#4f8a3a", 2: "#c9a227", 3: "#b5562e", 4: "#5a4a8a"}


def face(c: Any, box: Box, *, card: Card) -> None:
    """A card: its level's colour, its name, its type and level."""
    c.setFillColor(COLOURS[card.level])
    c.roundRect(box.x, box.y, box.width, box.height, box.radius, stroke=0, fill=1)
    c.setFillColor("#ffffff")
    c.setFont(BOLD, 16)
    c.drawCentredString(box.cx, box.y + box.height * 0.6, card.name)
    c.setFont(REGULAR, 10)
    c.drawCentredString(box.cx, box.y + box.height * 0.4, f"{LEVELS[card.level]} - level {card.level}")


def back(c: Any, box: Box) -> None:
    c.setFillColor("#333333")
    c.roundRect(box.x, box.y, box.width, box.height, box.radius, stroke=0, fill=1)


def faces(catalog: str | Path | None, report: Any) -> tuple[list[Face], list[Path]]:
    cards = builtin() if catalog is None else load(catalog)
    return [Face(key=f"food-chain-{c.name}", draw=functools.partial(face, card=c), back=back, label=c.name,
                 kind=LEVELS[c.level]) for c in cards.cards for _ in range(c.copies)], [Path(catalog or BUILTIN)]


print_cards = card_printer("food-chain", "Food Chain", faces)
