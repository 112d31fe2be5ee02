"""The ``print`` hook of Food Chain: each card's face (:func:`face`); the shared card sheets do the rest
(``kcal print cards --game food-chain``, with every option of every pack's cards)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from food_chain.catalog import BUILTIN, LEVELS, Card, builtin, load
from food_chain.table import COLOURS
from kcal.print.cardsheet import card_printer
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.sheets import Box, Face


def face(c: Any, box: Box, *, card: Card | None = None) -> None:
    """A card: its level's colour, its name, its type and level; with no card, the back."""
    c.setFillColor(COLOURS[card.level] if card else "#333333")
    c.roundRect(box.x, box.y, box.width, box.height, box.radius, stroke=0, fill=1)
    if card:
        c.setFillColor("#ffffff")
        c.setFont(BOLD, 16)
        c.drawCentredString(box.cx, box.y + box.height * 0.6, card.name)
        c.setFont(REGULAR, 10)
        c.drawCentredString(box.cx, box.y + box.height * 0.4, f"{LEVELS[card.level]} - level {card.level}")


def faces(catalog: str | Path | None, report: Any) -> tuple[list[Face], list[Path]]:
    cards = (load(catalog) if catalog else builtin()).cards
    return [Face(f"food-chain-{c.name}", functools.partial(face, card=c), face, label=c.name,
                 kind=LEVELS[c.level]) for c in cards for _ in range(c.copies)], [Path(catalog or BUILTIN)]


print_cards = card_printer("food-chain", "Food Chain", faces)
