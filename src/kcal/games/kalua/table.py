"""``kcal play``'s picture of one god's view of Kalua (the optional ``table`` hook,
:class:`kcal.core.hooks.TablePicture`).

Drawn from the view and the legal moves alone. What a player touches at a real table:

- the bonus or the disaster deck: draw from it, or buy a card of it (rulebook, phases 1 and 3);
- the island's atheists: shout "Convert!" (phase 3 ends, the island's atheists are converted in phase 4);
- their own god's card (the leader on it): the leader's actions of phase 2 that take nobody's family;
- another god's card: take a believer from that god with the leader, or punish that god with a local
  disaster;
- a card in hand: play it, answer with it, or discard it (several prices: the list narrows to them);
- "No answer" beside the action cards on the table: let the last card stand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kcal.games.kalua.draw import GREY, INK, god_colour, marker
from kcal.games.kalua.print.palette import BONUS_BACK, BONUS_BACK_INK, DISASTER_BACK, STYLES
from kcal.games.kalua.rules.domain import Kind
from kcal.viewer.scene import CHAR_WIDTH, Item, Rect, Shape, Text

WIDTH = 330.0  #: the picture fits a phone's width (390 px) at a scale of about 1
GAP = 6.0
DECK_W, DECK_H = 96.0, 52.0
GODS_Y = 58.0
GOD_H = 66.0
TABLE_Y = GODS_Y + GOD_H + 4
TABLE_CARD_W, TABLE_CARD_H = 104.0, 46.0
HAND_Y = TABLE_Y + 18 + TABLE_CARD_H + 4
PER_LINE = 5  #: cards in hand a line: ten in two lines keep the picture under 45% of a 900 px window
CARD_W, CARD_H = (WIDTH - (PER_LINE - 1) * GAP) / PER_LINE, 48.0
TARGET = "#0b6e4f"  #: the frame of a thing that can be touched now


def _fit(text: str, width: float, size: float, bold: bool = False) -> str:
    room = max(1, int(width / (size * (CHAR_WIDTH + (0.08 if bold else 0.0)))))
    return text if len(text) <= room else text[: room - 1] + "…"


def _lines(name: str, width: float, size: float) -> list[str]:
    """``name`` in at most two lines of ``width``, by words (the second cut short if it must be)."""
    room = max(1, int(width / (size * (CHAR_WIDTH + 0.04))))  # bold, a name of the hand
    if len(name) <= room:
        return [name]
    words, first = name.split(" "), ""
    while words and len((first + " " + words[0]).strip()) <= room:
        first = (first + " " + words.pop(0)).strip()
    if not first:
        return [_fit(name, width, size, True)]
    return [first, _fit(" ".join(words), width, size, True)]


def _face(name: str, w: float, h: float, live: bool, size: float = 10.0) -> tuple[Shape, ...]:
    """A card in hand or on the table, its name in two lines at most."""
    st = STYLES[Kind.BONUS]
    out: list[Shape] = [Rect(0, 0, w, h, fill="#ffffff" if not live else st.pale,
                             stroke=TARGET if live else "#8a8a8a", width=3 if live else 1, rx=4)]
    lines = _lines(name, w - 6, size)
    top = h / 2 - (len(lines) - 1) * (size + 2) / 2 + size * 0.35
    out += [Text(w / 2, top + k * (size + 2), line, size, fill=INK, anchor="middle", bold=True)
            for k, line in enumerate(lines)]
    return tuple(out)


def _atheists(n: int) -> str:
    return f"island: {n} atheist" + ("" if n == 1 else "s")


def _moves(legal: Sequence[Mapping[str, Any]], match: Any) -> list[int]:
    return [i for i, e in enumerate(legal) if match(e)]


# kept whole: one branch per kind of legal move a click on the table stands for (deck, island, god, hand card, answer), in the rulebook's phase order
def table_picture(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
                  ) -> tuple[list[Item], dict[str, list[int]]]:
    """The decks and the island, the gods' cards, the action cards on the table and the seat's hand."""
    me = str(view.get("player", ""))
    players = [str(p) for p in view.get("players") or ()]
    gods: Mapping[str, Any] = view.get("gods") or {}
    items: list[Item] = []
    targets: dict[str, list[int]] = {}

    def add(key: str, x: float, y: float, shapes: tuple[Shape, ...], moves: list[int]) -> None:
        items.append(Item(key, x, y, shapes))
        if moves:
            targets[key] = moves

    # the decks and the island
    decks: Mapping[str, Any] = view.get("decks") or {}
    for k, (deck, back, ink) in enumerate((("bonus", BONUS_BACK, BONUS_BACK_INK),
                                           ("disaster", DISASTER_BACK, "#ffffff"))):
        moves = _moves(legal, lambda e, d=deck: e.get("draw") == d or e.get("buy") == d)
        shapes: tuple[Shape, ...] = (
            Rect(0, 0, DECK_W, DECK_H, fill=back, stroke=TARGET if moves else INK, width=3 if moves else 1, rx=5),
            Text(DECK_W / 2, 21, f"{deck} deck", 11, fill=ink, anchor="middle", bold=True),
            Text(DECK_W / 2, 38, f"{int(decks.get(deck, 0))} cards", 10, fill=ink, anchor="middle"))
        add(f"deck:{deck}", k * (DECK_W + GAP), 0, shapes, moves)
    convert = _moves(legal, lambda e: "convert" in e)
    island_w = WIDTH - 2 * (DECK_W + GAP)
    island: list[Shape] = [Rect(0, 0, island_w, DECK_H, fill="#e8f1f8", stroke=TARGET if convert else "#7aa6c2",
                                width=3 if convert else 1, rx=5),
                           Text(island_w / 2, 21, _atheists(int(view.get("island") or 0)), 10,
                                anchor="middle", bold=True)]
    if convert:
        island.append(Text(island_w / 2, 40, "Convert!", 12, fill=TARGET, anchor="middle", bold=True))
    add("island", 2 * (DECK_W + GAP), 0, tuple(island), convert)

    # the gods' cards: one's own leader, another god's family or punishment
    n = max(1, len(players))
    god_w = (WIDTH - GAP * (n - 1)) / n
    for s, p in enumerate(players):
        g: Mapping[str, Any] = gods.get(p) or {}
        if p == me:
            moves = _moves(legal, lambda e: "leader" in e and "from" not in e)
        else:
            moves = _moves(legal, lambda e, p=p: e.get("from") == p or e.get("target") == p)
        mine = p == me
        families, pp, joy = int(g.get("families") or 0), int(g.get("pp") or 0), int(g.get("happiness") or 0)
        leader = "out" if g.get("out") else "leader" if g.get("leader") else "no leader"
        if god_w >= 90:
            lines = [f"{families} families", f"{pp} PP, joy {joy}", leader]
        else:  # four or five gods: shorter words
            lines = [f"{families} fam.", f"{pp} PP", f"joy {joy}"]
            leader = "out" if g.get("out") else "lead" if g.get("leader") else ""
        name = (p + (" (you)" if mine else "")) if god_w >= 90 else leader
        fill = "#eeeeee" if g.get("out") else "#eef6f0" if mine else "#ffffff"  # one's own god: tinted
        shapes = (Rect(0, 0, god_w, GOD_H, fill=fill,
                       stroke=TARGET if moves else god_colour(s), width=3 if moves else 2, rx=5),
                  *marker(s, p, 13, 14),
                  Text(26, 18, _fit(name, god_w - 30, 10, True), 10, bold=True),
                  *(Text(6, 33 + 13 * k, _fit(line, god_w - 10, 10), 10, fill=GREY if k == 2 and god_w >= 90 else INK)
                    for k, line in enumerate(lines)))
        add(f"god:{p}", s * (god_w + GAP), GODS_Y, shapes, moves)

    # the action cards on the table (the last two, the earlier ones counted) and "No answer"
    table = list(view.get("table") or ())
    shown = table[-2:]
    words = "Action cards on the table" if table else "No action card on the table"
    if len(table) > len(shown):
        words += f" ({len(table) - len(shown)} more under them)"
    add("table-label", 0, TABLE_Y, (Text(0, 11, _fit(words, WIDTH, 11), 11, bold=True),), [])
    for k, played in enumerate(shown):
        face = _face(str(played.get("card", "")), TABLE_CARD_W, TABLE_CARD_H - 12, False)
        note = Text(TABLE_CARD_W / 2, TABLE_CARD_H - 1, _fit(f"{played.get('player')}, {played.get('pay')} PP",
                                                            TABLE_CARD_W, 9), 9, fill=GREY, anchor="middle")
        add(f"table:{k}", k * (TABLE_CARD_W + GAP), TABLE_Y + 18, (*face, note), [])
    no_answer = _moves(legal, lambda e: e.get("reply") == "none")
    if no_answer:
        w = WIDTH - 2 * (TABLE_CARD_W + GAP)
        add("no-answer", 2 * (TABLE_CARD_W + GAP), TABLE_Y + 18,
            (Rect(0, 0, w, TABLE_CARD_H, fill="#f4f7f4", stroke=TARGET, width=3, rx=5),
             Text(w / 2, TABLE_CARD_H / 2 + 4, "No answer", 12, fill=TARGET, anchor="middle", bold=True)), no_answer)

    # the hand: play, answer or discard a card
    hand = [str(c) for c in view.get("hand") or ()]
    label = "Your hand" if hand else "Your hand is empty"
    add("hand-label", 0, HAND_Y, (Text(0, 11, label, 11, bold=True),), [])
    for k, name in enumerate(hand):
        moves = _moves(legal, lambda e, c=name: c in (e.get("play"), e.get("reply"), e.get("discard")))
        x, y = (k % PER_LINE) * (CARD_W + GAP), HAND_Y + 18 + (k // PER_LINE) * (CARD_H + GAP)
        add(f"hand:{k}", x, y, _face(name, CARD_W, CARD_H, bool(moves), 9), moves)
    return items, targets
