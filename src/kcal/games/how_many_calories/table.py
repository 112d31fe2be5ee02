"""``kcal play``'s picture of one seat's view of How many Calories? (the optional ``table`` hook,
:class:`kcal.core.hooks.TablePicture`), drawn with the cards of :mod:`kcal.games.how_many_calories.draw`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kcal.games.how_many_calories.draw import CH, CW, card
from kcal.viewer.scene import Item, Rect, Shape, Text


def table_picture(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
                  ) -> tuple[list[Item], dict[str, list[int]]]:
    """``kcal play``'s picture of one seat's view (:class:`kcal.core.hooks.TablePicture`): the trick on the table, then the seat's hand, each card of it
    clickable for the moves that play or pass it."""
    from kcal.games.how_many_calories.rules.domain import COLOUR_INDEX, parse_card

    def face(name: str, frame: str | None = None) -> tuple[Shape, ...]:
        c = parse_card(name)
        return card(c.number, COLOUR_INDEX[c.colour], frame=frame)

    items: list[Item] = [Item("trick-label", 0, 0, (Text(0, 14, "Trick", 12, bold=True),))]
    for k, played in enumerate(view.get("trick") or ()):
        items.append(Item(f"trick:{k}", 8 + k * (CW + 22), 22, (*face(str(played["card"])),
                                                                 Text(CW / 2, CH + 14, str(played["player"]), 10,
                                                                      anchor="middle"))))
    if not view.get("trick"):
        items.append(Item("trick:empty", 8, 22, (Rect(0, 0, CW, CH, stroke="#8a8a8a", width=1, rx=3),)))
    items.append(Item("hand-label", 0, 100, (Text(0, 14, "Your hand", 12, bold=True),)))
    targets: dict[str, list[int]] = {}
    for k, name in enumerate(view.get("hand") or ()):
        key = f"hand:{name}"
        moves = [i for i, e in enumerate(legal) if e.get("card") == name or name in (e.get("pass") or ())]
        items.append(Item(key, 8 + k * (CW + 8), 122, face(str(name), "#0b6e4f" if moves else None)))
        if moves:
            targets[key] = moves
    return items, targets
