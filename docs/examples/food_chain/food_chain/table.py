"""``kcal play``'s picture of one seat's view of Food Chain (the optional ``table`` hook,
:class:`kcal.core.hooks.TablePicture`): the chain, then the hand; a card in hand plays it, "Pass" passes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from food_chain.catalog import LEVELS
from food_chain.game import PASS, levels
from kcal.viewer.scene import Item, Rect, Shape, Text

COLOURS = {1: "#4f8a3a", 2: "#c9a227", 3: "#b5562e", 4: "#5a4a8a"}  # a level's colour, printed and drawn
W, H, GAP, ROW = 80.0, 56.0, 8.0, 4  # a card, the room between two, the cards of a row
LIVE = "#0b6e4f"  # the frame of a thing that can be touched now


def _box(fill: str, live: bool, words: str, under: str = "", ink: str = "#ffffff") -> tuple[Shape, ...]:
    return (Rect(0, 0, W, H, fill=fill, stroke=LIVE if live else "#333333", width=4 if live else 1, rx=5),
            Text(W / 2, H / 2, words, 12, fill=ink, anchor="middle", bold=True),
            Text(W / 2, H / 2 + 15, under, 9, fill=ink, anchor="middle"))


def table_picture(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
                  ) -> tuple[list[Item], dict[str, list[int]]]:
    """The chain (three cards at most: an apex closes it) and "Pass" beside it, then the hand in rows."""
    chain = [str(c) for c in view.get("chain") or ()]
    words = f"The chain, {view.get('pile', 0)} cards in the pile" if chain else "No chain: play a producer"
    items = [Item("chain-label", 0, 0, (Text(0, 14, words, 12, bold=True),)),
             Item("hand-label", 0, 90, (Text(0, 14, "Your hand", 12, bold=True),))]
    items += [Item(f"chain:{k}", k * (W + GAP), 22, _box(COLOURS[levels()[c]], False, c, LEVELS[levels()[c]]))
              for k, c in enumerate(chain)]
    targets = {"pass": [i for i, e in enumerate(legal) if e.get("move") == PASS]}
    if targets["pass"]:
        items.append(Item("pass", 3 * (W + GAP), 22, _box("#f4f7f4", True, "Pass", ink=LIVE)))
    for k, c in enumerate(str(c) for c in view.get("hand") or ()):
        targets[f"hand:{k}"] = moves = [i for i, e in enumerate(legal) if e.get("move") == c]
        items.append(Item(f"hand:{k}", k % ROW * (W + GAP), 112 + k // ROW * (H + GAP),
                          _box(COLOURS[levels()[c]], bool(moves), c, LEVELS[levels()[c]])))
    return items, {key: moves for key, moves in targets.items() if moves}
