"""``kcal play``'s picture of one seat's view of How many Calories? (the optional ``table`` hook,
:class:`kcal.core.hooks.TablePicture`), drawn with the cards of :mod:`kcal.games.how_many_calories.draw`.

The picture fits a phone's width (390 px) at a scale of about 1, like the other packs' pictures: the
cards of the replay (``CW`` x ``CH``) are drawn ``ZOOM`` times larger, the trick in one line and the hand
in lines of ``PER_LINE``, so that a card is at least 44 px across on a phone and at 1280x900 (the touch
test of tests/play/test_table_pictures.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from kcal.games.how_many_calories.draw import CH, CW, card
from kcal.viewer.scene import Item, Poly, Rect, Shape, Text

WIDTH = 330.0  #: the picture fits a phone's width (390 px) at a scale of about 1
ZOOM = 1.6  #: the table's cards against the replay's: 54 x 77 (the frame around a live card: 64 x 86)
TW, TH = CW * ZOOM, CH * ZOOM
LEFT = 3 * ZOOM  #: the first card's left (its frame at 0)
PER_LINE = 5  #: cards of the hand a line: eight in two lines keep the picture under 45% of a 900 px window
STEP = (WIDTH - TW - 2 * LEFT) / (PER_LINE - 1)  #: from one card of the hand to the next
TRICK_STEP = TW + 22  #: from one card of the trick to the next (the player's name under each)
TRICK_Y = 22.0
HAND_LABEL_Y = TRICK_Y + TH + 24
HAND_Y = HAND_LABEL_Y + 22
LINE = TH + 12  #: from one line of the hand to the next
_SIZES = {"x", "y", "w", "h", "rx", "width", "size", "cx", "cy", "r", "x1", "y1", "x2", "y2"}


def _zoomed(shape: Shape) -> Shape:
    """``shape`` drawn ``ZOOM`` times larger about (0, 0): its places, sizes and strokes."""
    changes: dict[str, Any] = {f.name: getattr(shape, f.name) * ZOOM for f in fields(shape) if f.name in _SIZES}
    if isinstance(shape, Poly):
        changes["points"] = tuple((x * ZOOM, y * ZOOM) for x, y in shape.points)
    return replace(shape, **changes)


def table_picture(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
                  ) -> tuple[list[Item], dict[str, list[int]]]:
    """``kcal play``'s picture of one seat's view (:class:`kcal.core.hooks.TablePicture`): the trick on the table, then the seat's hand, each card of it
    clickable for the moves that play or pass it."""
    from kcal.games.how_many_calories.rules.domain import COLOUR_INDEX, parse_card

    def face(name: str, frame: str | None = None) -> tuple[Shape, ...]:
        c = parse_card(name)
        return tuple(_zoomed(s) for s in card(c.number, COLOUR_INDEX[c.colour], frame=frame))

    items: list[Item] = [Item("trick-label", 0, 0, (Text(0, 14, "Trick", 12, bold=True),))]
    for k, played in enumerate(view.get("trick") or ()):
        items.append(Item(f"trick:{k}", LEFT + k * TRICK_STEP, TRICK_Y,
                          (*face(str(played["card"])), Text(TW / 2, TH + 14, str(played["player"]), 10,
                                                            anchor="middle"))))
    if not view.get("trick"):
        items.append(Item("trick:empty", LEFT, TRICK_Y, (Rect(0, 0, TW, TH, stroke="#8a8a8a", width=1, rx=5),)))
    items.append(Item("hand-label", 0, HAND_LABEL_Y, (Text(0, 14, "Your hand", 12, bold=True),)))
    targets: dict[str, list[int]] = {}
    for k, name in enumerate(view.get("hand") or ()):
        key = f"hand:{name}"
        moves = [i for i, e in enumerate(legal) if e.get("card") == name or name in (e.get("pass") or ())]
        row, col = divmod(k, PER_LINE)
        items.append(Item(key, LEFT + col * STEP, HAND_Y + row * LINE, face(str(name), "#0b6e4f" if moves else None)))
        if moves:
            targets[key] = moves
    return items, targets
