"""``kcal play``'s picture of one player's view of EcoLogic: Europe (the optional ``table`` hook,
:class:`kcal.core.hooks.TablePicture`).

Drawn from the view and the legal moves alone, for the step the season is in (the picture fits a phone,
so it shows what that step's choices are made on). What a player touches at a real table:

- step 1 (exchange): the stack of the card back to draw (the list then asks which card, or the 4 tokens,
  to give, and from the stack or the discard pile), a card in hand (the list: what to take for it), the
  jokers (a card given for jokers in summer), or "Keep": no exchange;
- the transfer: a card in hand, the first of the two passed on (the list then asks for the second);
- step 2 (place): a field or an edge place of the ecosystem (the list then asks which card goes there),
  "Trade a card" (the list of the cards to trade), "Pass" (keeping or discarding the hand);
- any other step: the card in hand that the move names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kcal.games.ecologic_europe.draw import GREY, INK, ink_on, paled
from kcal.games.ecologic_europe.print.faces import HABITAT_STYLE, TYPE_STYLE
from kcal.games.ecologic_europe.rules.domain import EDGE_SLOTS, FIELDS
from kcal.games.ecologic_europe.rules.moves import BACKS
from kcal.viewer.scene import CHAR_WIDTH, Item, Rect, Shape, Text

WIDTH = 330.0  #: the picture fits a phone's width (390 px) at a scale of about 1
GAP = 4.0
LABEL = 13.0  #: a line of words above a row of places
SPOT_H = 48.0
SPOT_W = (WIDTH - (FIELDS - 1) * GAP) / FIELDS
PILE_COLS = 6
CARD_COLS = 5
CARD_W, CARD_H = (WIDTH - (CARD_COLS - 1) * GAP) / CARD_COLS, 48.0
BUTTON_H = 48.0
TARGET = "#0b6e4f"  #: the frame of a thing that can be touched now
BACK_NAMES = tuple(b for b in BACKS if b and b != "human-impact")
#: a card back's name on its stack, in two lines where one is too long
BACK_LINES = {b: tuple(b.split("-")) if "-" in b else ("inverte-", "brates") if b == "invertebrates" else (b,)
              for b in BACK_NAMES}


def _fit(text: str, width: float, size: float, bold: bool = False) -> str:
    room = max(1, int(width / (size * (CHAR_WIDTH + (0.04 if bold else 0.0)))))
    return text if len(text) <= room else text[: room - 1] + "…"


def _frame(w: float, h: float, fill: str, live: bool, stroke: str = "#8a8a8a") -> Rect:
    return Rect(0, 0, w, h, fill=fill, stroke=TARGET if live else stroke, width=3 if live else 1, rx=4)


def _names(entry: Mapping[str, Any]) -> set[str]:
    """The cards of the hand a move names."""
    out: set[str] = set()
    for key in ("exchange", "transfer", "place", "trade", "impact", "weather", "then"):
        v = entry.get(key)
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, list):
            out.update(str(x) for x in v)
    return out


def _button(key: str, x: float, y: float, w: float, words: str, moves: list[int]) -> Item:
    return Item(key, x, y, (_frame(w, BUTTON_H, "#f4f7f4", True),
                            Text(w / 2, BUTTON_H / 2 + 4, _fit(words, w - 6, 11, True), 11, fill=TARGET, anchor="middle",
                                 bold=True)))


def _buttons(items: list[Item], targets: dict[str, list[int]], y: float, wanted: list[tuple[str, str, list[int]]]
             ) -> float:
    """The buttons that have moves, in one line from ``y``; the height taken."""
    shown = [b for b in wanted if b[2]]
    if not shown:
        return 0.0
    w = (WIDTH - GAP * (len(shown) - 1)) / len(shown)
    for k, (key, words, moves) in enumerate(shown):
        items.append(_button(key, k * (w + GAP), y, w, words, moves))
        targets[key] = moves
    return BUTTON_H + GAP * 2


def _hand(items: list[Item], targets: dict[str, list[int]], y: float, hand: list[str],
          legal: Sequence[Mapping[str, Any]]) -> float:
    items.append(Item("hand-label", 0, y, (Text(0, 10, "Your hand" if hand else "Your hand is empty", 10,
                                                 bold=True),)))
    for k, name in enumerate(hand):
        moves = [i for i, e in enumerate(legal) if name in _names(e)]
        genus, _, rest = name.partition(" ")
        shapes: tuple[Shape, ...] = (_frame(CARD_W, CARD_H, "#fff7e0" if moves else "#ffffff", bool(moves)),
                                     Text(CARD_W / 2, 19, _fit(genus, CARD_W - 6, 10, True), 10, fill=INK, anchor="middle",
                                          bold=True),
                                     Text(CARD_W / 2, 33, _fit(rest, CARD_W - 6, 9), 9, fill=GREY, anchor="middle"))
        key = f"hand:{k}"
        items.append(Item(key, (k % CARD_COLS) * (CARD_W + GAP), y + LABEL + (k // CARD_COLS) * (CARD_H + GAP), shapes))
        if moves:
            targets[key] = moves
    rows = -(-len(hand) // CARD_COLS)
    return LABEL + rows * (CARD_H + GAP) + GAP


def _ecosystem(items: list[Item], targets: dict[str, list[int]], y: float, eco: Mapping[str, Any],
               legal: Sequence[Mapping[str, Any]]) -> float:
    """The habitat boards, a line of fields each, then the edge places between them."""
    habitats = [str(h) for h in eco.get("habitats") or ()]
    places: Mapping[str, Any] = eco.get("places") or {}
    top = y

    def spot(key: str, x: float, y: float, fill: str, stroke: str, empty: str) -> None:
        here: Mapping[str, Any] = places.get(key) or {}
        moves = [i for i, e in enumerate(legal) if e.get("at") == key and "place" in e]
        cards = [str(c) for c in here.get("cards") or ()]
        shapes: list[Shape] = [_frame(SPOT_W, SPOT_H, fill if not moves else paled(fill), bool(moves), stroke)]
        ink = ink_on(fill) if not moves else INK
        if cards:
            shapes.append(Text(SPOT_W / 2, 17, _fit(cards[-1].split(" ")[0], SPOT_W - 4, 9, True), 9, fill=ink,
                               anchor="middle", bold=True))
            counts = f"{int(here.get('biomass') or 0)}b {int(here.get('remains') or 0)}r"
            if len(cards) > 1:
                counts = f"+{len(cards) - 1} " + counts
            shapes.append(Text(SPOT_W / 2, 33, _fit(counts, SPOT_W - 4, 9), 9, fill=ink, anchor="middle"))
        else:
            shapes += [Text(SPOT_W / 2, 21, _fit(empty, SPOT_W - 4, 8), 8, fill=ink, anchor="middle"),
                       Text(SPOT_W / 2, 35, key, 9, fill=ink, anchor="middle")]
        items.append(Item(f"spot:{key}", x, y, tuple(shapes)))
        if moves:
            targets[f"spot:{key}"] = moves

    for b, habitat in enumerate(habitats):
        colour = HABITAT_STYLE.get(habitat, ("", "#cccccc"))[1]
        for f in range(FIELDS):  # the board's habitat: its colour, and its name on an empty field
            spot(f"h{b + 1}.{f + 1}", f * (SPOT_W + GAP), y, colour, colour, habitat)
        y += SPOT_H + GAP
    edges = max(0, len(habitats) - 1)
    if edges:
        items.append(Item("edges", 0, y, (Text(0, 10, "Edges between boards", 10, bold=True),)))
        for e in range(edges):
            for s in range(EDGE_SLOTS):
                k = e * EDGE_SLOTS + s
                spot(f"e{e + 1}.{s + 1}", (k % FIELDS) * (SPOT_W + GAP),
                     y + LABEL + (k // FIELDS) * (SPOT_H + GAP), "#eeeeee", "#999999", f"edge {e + 1}|{e + 2}")
        y += LABEL + -(-edges * EDGE_SLOTS // FIELDS) * (SPOT_H + GAP)
    return y - top


def _piles(items: list[Item], targets: dict[str, list[int]], y: float, view: Mapping[str, Any],
           legal: Sequence[Mapping[str, Any]]) -> float:
    """The stacks of the card backs (and, beside each count, the discard pile's): a target to draw one."""
    stack: Mapping[str, Any] = view.get("stack") or {}
    discarded: Mapping[str, Any] = view.get("discarded") or {}
    items.append(Item("piles-label", 0, y, (Text(0, 10, "Draw a card of a back (stack / discard pile)", 10,
                                                  bold=True),)))
    for k, back in enumerate(BACK_NAMES):
        moves = [i for i, e in enumerate(legal) if e.get("draw") == back]
        colour = TYPE_STYLE.get(back, ("", "#cccccc"))[1]
        fill = paled(colour)
        shapes: tuple[Shape, ...] = (
            _frame(SPOT_W, SPOT_H, fill, bool(moves), colour),
            *(Text(SPOT_W / 2, 13 + 10 * k, _fit(line, SPOT_W - 4, 8), 8, fill=INK, anchor="middle")
              for k, line in enumerate(BACK_LINES[back])),
            Text(SPOT_W / 2, 40, f"{int(stack.get(back) or 0)} / {int(discarded.get(back) or 0)}", 10, fill=INK,
                 anchor="middle", bold=True))
        key = f"pile:{back}"
        items.append(Item(key, (k % PILE_COLS) * (SPOT_W + GAP), y + LABEL + (k // PILE_COLS) * (SPOT_H + GAP),
                          shapes))
        if moves:
            targets[key] = moves
    rows = -(-len(BACK_NAMES) // PILE_COLS)
    return LABEL + rows * (SPOT_H + GAP) + GAP


def table_picture(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
                  ) -> tuple[list[Item], dict[str, list[int]]]:
    """The seat's part of the table for the step the season is in (see the module's words)."""
    me = str(view.get("player", ""))
    step = str(view.get("step", ""))
    hand = [str(c) for c in view.get("hand") or ()]
    eco: Mapping[str, Any] = (view.get("ecosystems") or {}).get(me) or {}
    items: list[Item] = []
    targets: dict[str, list[int]] = {}
    y = 0.0  # the season, the step and the jokers are the page's figures, above the picture
    if step == "place":
        y += _ecosystem(items, targets, y, eco, legal)
        y += GAP
        _buttons(items, targets, y, [
            ("trade", "Trade a card", [i for i, e in enumerate(legal) if "trade" in e]),
            ("pass-keep", "Pass, keep", [i for i, e in enumerate(legal) if e.get("pass") == "keep"]),
            ("pass-discard", "Pass, discard", [i for i, e in enumerate(legal) if e.get("pass") == "discard"]),
            ("other", "Other moves", [i for i, e in enumerate(legal)
                                      if not ({"trade", "pass"} & set(e)) and not ("place" in e and "at" in e)]),
        ])
        return items, targets
    if step == "exchange":
        y += _piles(items, targets, y, view, legal)
        y += _buttons(items, targets, y, [
            ("jokers", "Jokers for a card", [i for i, e in enumerate(legal)
                                             if isinstance(e.get("exchange"), list) and "draw" not in e]),
            ("keep", "Keep: no exchange", [i for i, e in enumerate(legal) if e.get("exchange") == "none"]),
        ])
        _hand(items, targets, y, hand, legal)
        return items, targets
    _hand(items, targets, y, hand, legal)
    return items, targets
