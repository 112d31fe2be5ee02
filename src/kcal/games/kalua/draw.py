"""The ``draw`` hook: a Kalua game record told step by step for :mod:`kcal.viewer`.

The table after each move: the turn, whose turn it is, the phase (1 draw, 2 leaders, 3 cards, 4 convert,
5 praying) and who decides what; for each god the families (a number and a bar), the leader (present or
not), the praying points, the happiness, the kept cards and the hand size; one happiness track 0-10 with
every god's marker on it; the island's atheists; and the action-card window: the cards played this turn
in play order, each with its player, the PP paid, whether it answers another card, its target and
whether it has resolved, and the gods who did not answer. Each step says the move in words and what it
did, in the words of ``rules replay`` (:mod:`kcal.games.kalua.replay`); an illegal move is the last step,
with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from kcal.core.results import game_over_line
from kcal.games.kalua.print.palette import GODS, STYLES
from kcal.games.kalua.print.picture import icon_of
from kcal.games.kalua.rules.cardtext import card_lines
from kcal.games.kalua.rules.domain import (
    DOUBLE_COST,
    GLOBAL,
    GOD_COLOURS,
    KINDS,
    PROTECTION_COST,
    Kind,
    LeaderAction,
)
from kcal.games.kalua.rules.moves import Buy, Convert, Discard, Draw, Lead, Move, Play, Reply, Target
from kcal.games.kalua.rules.state import OVER, PHASE_NAMES, Event, Log, State
from kcal.viewer.scene import (
    CHAR_WIDTH,
    Circle,
    Frame,
    Icon,
    Item,
    Line,
    Rect,
    Section,
    Shape,
    Story,
    TableKeeper,
    Text,
    box_points,
    refused_also,
    refused_mark,
)

if TYPE_CHECKING:
    from kcal.games.kalua.replay import ReplayResult
    from kcal.viewer.catalog import CatalogPage

INK = "#1a1a1a"
GREY = "#666666"
LIGHT = "#dddddd"
#: the table fits a phone's width at the page's opening zoom (issue 34, item 5: PP, happiness and the hand
#: were cut off on the right at 390 px): 330 units across, the gods' rows in lines, the happiness track,
#: the island and the action-card window one under the other
WIDTH = 330.0
ROW = 170.0  #: height of a god's row
ROW_WIDTH = WIDTH - 8
FAMILY_PX = 7.0  #: the families bar: pixels per family
FAMILY_BAR = 30  #: families the bar shows before it is full (the number is always exact)
CELL = 30.0  #: one space of the happiness track
CHIP_W, CHIP_H = 120.0, 22.0  #: a card's chip (kept cards, the action-card window)
WINDOW_ROWS = 8  #: the action-card window shows this many cards; earlier ones are counted
TOP = 124.0  #: where the gods' rows begin
ROW_X = 8.0  #: where the gods' rows begin across
BAR_X = 78.0  #: the families bar in a god's row
LINE2 = 50.0  #: the baseline of a god's leader, praying points and happiness
LEADER_X = 0.0  #: the leader's disc and word in a god's row
PP_X = 96.0  #: the praying points and the happiness in a god's row
LINE3 = 76.0  #: the baseline of a god's hand
HAND_X = 0.0  #: "hand: N cards" and the hand's card backs in a god's row
KEPT_Y = 88.0  #: the top of a god's first row of kept cards
KEPT_SHOWN = 4  #: kept cards a god's row shows, two a line
HAND_BACKS = 12  #: card backs a hand shows at most
SLOT = 62.0  #: from one card of the action-card window to the next
ISLAND_W, ISLAND_H = 200.0, 60.0
#: what the god to move decides, by step (state.STEPS)
DECIDES = ("draws a starting card", "draws", "activates their leader or not", "plays a card or shouts Convert!",
           "answers the card or passes", "chooses the god the disaster punishes", "discards a card", "")


def god_colour(seat: int) -> str:
    return GODS[GOD_COLOURS[seat % len(GOD_COLOURS)]]


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, Rect | Text | Icon):
        return replace(s, x=s.x + dx, y=s.y + dy)
    if isinstance(s, Circle):
        return replace(s, cx=s.cx + dx, cy=s.cy + dy)
    if isinstance(s, Line):
        return replace(s, x1=s.x1 + dx, y1=s.y1 + dy, x2=s.x2 + dx, y2=s.y2 + dy)
    return replace(s, points=tuple((x + dx, y + dy) for x, y in s.points))


def chip(name: str, kind: int, *, w: float = CHIP_W, faded: bool = False, icon: str | None = None
         ) -> tuple[Shape, ...]:
    """A card at (0, 0) as a chip: its kind's colour band and word's first letter, its picture (``icon``,
    docs/art.md), its name."""
    st = STYLES[KINDS[kind]]
    left = 21 + (CHIP_H - 4 if icon else 0)
    room = int((w - left - 5) / (10 * 0.56))
    label = name if len(name) <= room else name[: room - 1] + "…"
    out: tuple[Shape, ...] = (
        Rect(0, 0, w, CHIP_H, fill="#f4f4f4" if faded else st.pale, stroke=st.fill, width=2, rx=3),
        Rect(0, 0, 16, CHIP_H, fill=st.fill, rx=3),
        Text(8, 15, st.word[0], 10, fill="#ffffff" if KINDS[kind] is not Kind.BONUS else INK, anchor="middle",
             bold=True),
        Text(left, 15, label, 10, fill=GREY if faded else INK))
    if icon:
        out += (Icon(19, 3, CHIP_H - 6, icon, GREY if faded else st.dark),)
    return out


def marker(seat: int, name: str, x: float, y: float, r: float = 9.0) -> tuple[Shape, ...]:
    """A god's marker: a disc in their colour with their initial."""
    dark_text = GOD_COLOURS[seat % len(GOD_COLOURS)] == "yellow"
    return (Circle(x, y, r, fill=god_colour(seat), stroke=INK, width=1),
            Text(x, y + r * 0.45, name[:1].upper() or "?", r * 1.2, fill=INK if dark_text else "#ffffff",
                 anchor="middle", bold=True))


@dataclass
class Played:
    """A card of this turn's action-card window."""

    seat: int
    card: int
    pay: int
    reply: bool
    target: int = -1
    resolved: bool = False
    notes: list[str] = field(default_factory=list)


def window(state: State) -> tuple[list[Played], list[int]]:
    """The cards played since the turn began (in play order) and the gods who did not answer."""
    played: list[Played] = []
    passed: list[int] = []
    events: list[Event] = []  # this turn's, newest first: the log walked back to the turn's start
    node = state.log
    while node is not None and node[0][0] not in ("turn", "position"):
        events.append(node[0])
        node = node[1]
    if node is None:  # still in the deal: nothing has been played
        events = []
    for e in reversed(events):
        kind = e[0]
        if kind == "play":
            played.append(Played(e[1], e[2], e[3], bool(e[4])))
        elif kind == "pass":
            passed.append(e[1])
        elif kind == "resolve":
            for p in played:
                if p.card == e[2] and not p.resolved:
                    p.resolved, p.target = True, e[3]
                    break
        elif kind == "amulets":
            for p in played:
                if p.card == e[3]:
                    p.notes.append(f"stopped by {state.name(e[1])}'s Amulets")
        elif kind == "fizzle":
            for p in played:
                if p.card == e[2]:
                    p.notes.append("did nothing: its god is out")
    return played, passed


class _Painter:
    def __init__(self, state: State) -> None:
        self.rules = state.rules
        self.top = state.rules.cards.happiness_max

    def header(self, state: State) -> tuple[Shape, ...]:
        players = self.rules.players
        phase = state.phase
        if state.step == OVER:
            title = f"Game over after turn {state.turn}"
        elif state.turn == 0:
            title = f"Setup: each god draws 5 cards ({players[state.active]} starts)"
        else:
            title = f"Turn {state.turn}: {players[state.active]}'s turn"
        out: list[Shape] = [Text(0, 0, title, 14, bold=True)]
        x, y = 0.0, 12.0
        for k in range(1, 6):
            on = phase == k
            word = f"{k} {PHASE_NAMES[k]}"
            w = len(word) * 11 * 0.56 + 20
            if x + w > WIDTH:  # the phases in lines, as wide as the table
                x, y = 0.0, y + 28
            out += [Rect(x, y, w, 22, fill="#2b4c7e" if on else "#f2f2f2", stroke="#2b4c7e" if on else LIGHT, rx=4),
                    Text(x + w / 2, y + 16, word, 11, fill="#ffffff" if on else GREY, anchor="middle", bold=on)]
            x += w + 6
        if state.step != OVER:
            out.append(Text(0, y + 44, f"to move: {players[state.cursor]} {DECIDES[state.step]}", 12, bold=True))
        return tuple(out)

    def god(self, state: State, s: int) -> tuple[Shape, ...]:
        name = self.rules.players[s]
        out_ = state.out[s]
        mark = "  (out of the game)" if out_ else ""
        if state.step != OVER and state.cursor == s:
            mark += "  ◀ to move"
        if state.step != OVER and state.active == s and state.turn > 0:
            mark += "  (active god)"
        out: list[Shape] = [Rect(-8, -20, ROW_WIDTH, ROW - 8, fill="#f1e4e4" if out_ else "#ffffff", stroke=LIGHT,
                                 rx=4),
                            Rect(-8, -20, 6, ROW - 8, fill=god_colour(s), rx=2),
                            *marker(s, name, 8, -6, 8),
                            Text(22, -2, name + mark, 13, bold=True)]
        fam = state.families[s]
        bar = FAMILY_BAR * FAMILY_PX
        out += [Text(0, 24, "families", 9, fill=GREY),
                Text(48, 26, str(fam), 16, bold=True),
                Rect(BAR_X, 14, bar, 12, fill="#eeeeee", stroke="#999999", width=0.5),
                Rect(BAR_X, 14, min(fam, FAMILY_BAR) * FAMILY_PX, 12, fill=god_colour(s))]
        for k in range(5, FAMILY_BAR, 5):
            out.append(Line(BAR_X + k * FAMILY_PX, 14, BAR_X + k * FAMILY_PX, 26,
                            stroke="#ffffff" if k < fam else LIGHT))
        if fam > FAMILY_BAR:
            out.append(Text(BAR_X + 2 + bar, 25, "▶", 10, fill=INK))
        x = LEADER_X
        lead = state.leader[s]
        out += [Circle(x + 8, LINE2 - 5, 8, fill=god_colour(s) if lead else None, stroke=INK if lead else "#aaaaaa",
                       width=1.5),
                Text(x + 22, LINE2, "leader" if lead else "no leader", 11, fill=INK if lead else GREY, bold=lead)]
        x = PP_X
        out += [Text(x, LINE2, f"{state.pp[s]} PP", 13, bold=True),
                Text(x + 62, LINE2, f"happiness {state.happy[s]}", 12),
                Text(HAND_X, LINE3, f"hand: {len(state.hands[s])} card" + ("" if len(state.hands[s]) == 1 else "s"),
                     11)]
        for k in range(min(len(state.hands[s]), HAND_BACKS)):
            out.append(Rect(HAND_X + 90 + k * 5, LINE3 - 13, 9, 14, fill="#8c8c8c", stroke="#ffffff", width=0.8,
                            rx=1))
        out.append(Text(0, KEPT_Y + 16, "kept", 9, fill=GREY))
        kept = state.kept[s]
        if not kept:
            out.append(Text(30, KEPT_Y + 16, "no cards kept", 10, fill=GREY))
        for k, c in enumerate(kept[:KEPT_SHOWN]):
            d = self.rules.cards.def_of(c)
            out += [_moved(sh, 30 + (k % 2) * (CHIP_W + 6), KEPT_Y + (k // 2) * (CHIP_H + 4))
                    for sh in chip(d.name, d.kind, icon=icon_of(d.entry))]
        if len(kept) > KEPT_SHOWN:
            out.append(Text(30, KEPT_Y + 2 * (CHIP_H + 4) + 12, f"+{len(kept) - KEPT_SHOWN} more", 10))
        return tuple(out)

    def track(self, state: State) -> tuple[Shape, ...]:
        out: list[Shape] = [Text(0, 0, f"Happiness track (0-{self.top})", 13, bold=True)]
        on: dict[int, list[int]] = {}
        for s in range(self.rules.n):
            if not state.out[s]:
                on.setdefault(state.happy[s], []).append(s)
        deepest = max((len(v) for v in on.values()), default=1)
        h = 30 + max(deepest - 1, 0) * 20
        for v in range(self.top + 1):
            x = v * CELL
            out += [Rect(x, 10, CELL - 2, h, fill="#fff9e6", stroke="#c8b27a", rx=3),
                    Text(x + CELL / 2 - 1, 10 + h + 14, str(v), 11, fill=GREY, anchor="middle")]
            for k, s in enumerate(on.get(v, [])):
                out += marker(s, self.rules.players[s], x + CELL / 2 - 1, 25 + k * 20)
        return tuple(out)

    def cards_at(self) -> tuple[float, float]:
        """The action-card window's place on the table: under the gods' rows (a card played and the hand it
        left in one view)."""
        return 0.0, TOP + self.rules.n * ROW

    def track_at(self, state: State) -> float:
        """The top of the happiness track: under the action-card window as it is now."""
        return self.cards_at()[1] + self.window(state)[1] + 34

    def island_at(self, state: State) -> tuple[float, float]:
        """The island's place on the table: under the happiness track."""
        return 0.0, self.track_at(state) + 80

    def island(self, state: State) -> tuple[Shape, ...]:
        out: list[Shape] = [Rect(0, 0, ISLAND_W, ISLAND_H, fill="#bfe3f2", stroke="#5a9ab8", rx=24),
                            Text(ISLAND_W / 2, 24, "Island", 12, anchor="middle", bold=True),
                            Text(ISLAND_W / 2, 46, f"{state.island} atheist" + ("" if state.island == 1 else "s"), 14,
                                 anchor="middle", bold=True)]
        return tuple(out)

    def cards(self, state: State) -> tuple[Shape, ...]:
        return self.window(state)[0]

    def window(self, state: State) -> tuple[tuple[Shape, ...], float]:
        """The action-card window's shapes, and the top of a card played next (clear of the text above
        it by a refused move's label)."""
        players = self.rules.players
        played, passed = window(state)
        out: list[Shape] = [Text(0, 0, "Action cards this turn", 13, bold=True)]
        if not played:
            out.append(Text(0, 22, "no card played yet this turn", 11, fill=GREY))
            return tuple(out), 52.0
        shown = played[-WINDOW_ROWS:]
        y = 14.0
        if len(played) > len(shown):
            out.append(Text(0, y + 12, f"{len(played) - len(shown)} earlier card(s) not shown", 10, fill=GREY))
            y += 18
        for p in shown:
            d = self.rules.cards.def_of(p.card)
            out += [_moved(sh, 0, y) for sh in chip(d.name, d.kind, w=170, icon=icon_of(d.entry))]
            if d.kind == GLOBAL:
                paid = {PROTECTION_COST: f"paid {p.pay} PP: protected", DOUBLE_COST: f"paid {p.pay} PP: doubled"
                        }.get(p.pay, f"paid {p.pay} PP")
            else:
                paid = f"paid {p.pay} PP"
            who = f"{'answered by' if p.reply else 'played by'} {players[p.seat]}, {paid}"
            out.append(Text(4, y + 34, who, 10, bold=not p.reply))
            if p.resolved:
                res = "resolved" + (f" on {players[p.target]}" if p.target >= 0 else "")
            else:
                res = "waiting to resolve"
            res += "".join("; " + n for n in p.notes)
            out.append(Text(4, y + 46, res if len(res) <= 56 else res[:55] + "…", 10,
                            fill="#2e7d32" if p.resolved else "#b00020"))
            does = "; ".join(line for line in card_lines(d.entry) if not line.startswith("Pay 0"))
            out.append(Text(4, y + 57, does if len(does) <= 64 else does[:63] + "…", 9, fill=GREY))
            y += SLOT
        if passed:
            out.append(Text(0, y + 12, "no answer: " + ", ".join(players[s] for s in passed), 10, fill=GREY))
            y += 24
        return tuple(out), y + 18

    def items(self, state: State) -> tuple[Item, ...]:
        n = self.rules.n
        out = [Item("phase", 0, 0, self.header(state))]
        out += [Item(f"god{s}", ROW_X, TOP + s * ROW, self.god(state, s)) for s in range(n)]
        out.append(Item("cards", *self.cards_at(), self.cards(state)))
        out.append(Item("track", 0, self.track_at(state), self.track(state)))
        out.append(Item("island", *self.island_at(state), self.island(state)))
        return tuple(out)


def _since(state: State, mark: Log | None) -> list[Event]:
    """The events noted after the log node ``mark``, oldest first."""
    out: list[Event] = []
    node = state.log
    while node is not None and node is not mark:
        out.append(node[0])
        node = node[1]
    return out[::-1]


def _event_lines(state: State, events: Sequence[Event]) -> tuple[str, ...]:
    from kcal.games.kalua.replay import _line

    return tuple(line.strip() for line in (_line(state, e) for e in events) if line is not None)


def caption(player: str, move: Move) -> str:
    """The move in words after its player's name: ``Ben plays Tornado, paying 5 PP``."""
    pay = f", paying {move.pay} PP" if isinstance(move, Play | Reply) and move.pay is not None else ""
    if isinstance(move, Draw):
        return f"{player} draws from the {move.deck.value} deck" + (f" ({move.card})" if move.card else "")
    if isinstance(move, Buy):
        return f"{player} buys a {move.deck.value} card for 5 PP" + (f" ({move.card})" if move.card else "")
    if isinstance(move, Lead):
        return f"{player}'s {move}"
    if isinstance(move, Play):
        return f"{player} plays {move.card}{pay}"
    if isinstance(move, Reply):
        return f"{player} does not answer" if move.card is None else f"{player} answers with {move.card}{pay}"
    if isinstance(move, Target):
        return f"{player} targets {move.god}"
    if isinstance(move, Discard):
        return f"{player} discards {move.card}"
    assert isinstance(move, Convert)
    return f"{player} shouts Convert!"


def _summary(state: State) -> tuple[str, ...]:
    from kcal.games.kalua.game import GAME

    lines = [f"{p}: {state.families[s]} families, {'leader' if state.leader[s] else 'no leader'}, "
             f"{state.pp[s]} PP, happiness {state.happy[s]}, {len(state.hands[s])} card(s) in hand"
             + (" (out)" if state.out[s] else "") for s, p in enumerate(state.rules.players)]
    lines.append(f"island: {state.island} atheist(s)")
    outcome = GAME.outcome(state)
    if outcome is not None:
        lines.append(game_over_line(outcome.reason, outcome.winners))
    return tuple(lines)


def legend() -> tuple[Item, ...]:
    shapes: list[Shape] = [Text(0, 12, "Card kinds", 12, bold=True)]
    y = 22.0
    for k, kind in enumerate(KINDS):
        shapes += [_moved(s, 0, y) for s in chip(STYLES[kind].word.lower(), k)]
        y += CHIP_H + 6
    shapes += [Circle(8, y + 10, 8, fill=god_colour(0), stroke=INK, width=1.5), Text(22, y + 15, "leader present", 11),
               Circle(8, y + 32, 8, fill=None, stroke="#aaaaaa", width=1.5), Text(22, y + 37, "no leader", 11),
               Rect(0, y + 50, 60, 12, fill=god_colour(0)),
               Text(66, y + 61, f"families (the bar holds {FAMILY_BAR})", 11)]
    return (Item("legend", 0, 0, tuple(shapes)),)


def _box(x: float, y: float, x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return box_points(x + x0, y + y0, x + x1, y + y1)


def refused_at(state: State, player: str, move: Move, words: str) -> tuple[Item, ...]:
    """A refused move's mark where it was tried: a card played or answered, drawn where the action-card
    window would have shown it next (and the hand it was to leave, if the god holds it); a leader's action,
    on the leader (and on the god a believer was to come from, or on the island for atheists); a draw, a
    buy or a discard, on the god's hand; a target, on the targeted god's row; else the row of the god
    who tried it (families, PP, hand, kept cards)."""
    from kcal.games.kalua.rules.legal import hand_card

    rules = state.rules
    seat = rules.seat_of.get(player)
    label = "refused: " + (words if len(words) <= 60 else words[:59] + "…")

    def row(s: int) -> tuple[float, float]:
        return ROW_X, TOP + s * ROW

    def hand(s: int) -> tuple[tuple[float, float], ...]:  # "hand: N cards" and the backs shown
        backs = min(len(state.hands[s]), HAND_BACKS)
        return _box(*row(s), HAND_X - 4, LINE3 - 21, HAND_X + (90 + (backs - 1) * 5 + 13 if backs else 88), LINE3 + 7)

    painter = _Painter(state)
    mark: tuple[Shape, ...] = ()
    also: list[tuple[tuple[float, float], ...]] = []  # more places of the move: refused_also
    if isinstance(move, Play | Reply) and move.card is not None:
        d = rules.cards.find(move.card)
        y = painter.window(state)[1]
        if d is not None:
            tried = chip(d.name, d.kind, w=170, icon=icon_of(d.entry))
        else:
            tried = (Rect(0, 0, 170, CHIP_H, fill="#f4f4f4", stroke=GREY, width=2, rx=3),
                     Text(6, 15, move.card if len(move.card) <= 26 else move.card[:25] + "…", 10, fill=INK))
        held = seat is not None and d is not None and hand_card(state, seat, d) >= 0
        cx, cy = painter.cards_at()
        mark = refused_mark(_box(cx, cy + y, -4, -14, 174, CHIP_H + 4), label,
                            tried=tuple(_moved(sh, cx, cy + y) for sh in tried))
        if held and seat is not None:
            also.append(hand(seat))
    elif seat is None:
        return ()
    elif isinstance(move, Lead):
        source = rules.seat_of.get(move.source or "")
        if move.action is LeaderAction.ATHEISTS:
            also.append(_box(*painter.island_at(state), -4, -4, ISLAND_W + 4, ISLAND_H + 4))
        elif move.action is LeaderAction.BELIEVER and source is not None and source != seat:
            also.append(_box(*row(source), -4, 8, BAR_X + FAMILY_BAR * FAMILY_PX + 4, 32))
        word = len("leader" if state.leader[seat] else "no leader") * 11 * CHAR_WIDTH  # as god() writes it
        mark = refused_mark(_box(*row(seat), LEADER_X - 4, LINE2 - 21, LEADER_X + 28 + word, LINE2 + 7), label)
    elif isinstance(move, Draw | Buy | Discard):
        mark = refused_mark(hand(seat), label)
    else:
        target = rules.seat_of.get(move.god) if isinstance(move, Target) else None
        mark = refused_mark(_box(*row(seat if target is None else target), -10, -22, ROW_WIDTH - 6, ROW - 26),
                            label)
    more = (Item("refused:also", 0, 0, refused_also(also), 2),) if also else ()
    return (*more, Item("refused", 0, 0, mark, 2))  # the labelled mark over the other places


def story(path: str | Path, *, upto: int | None = None, coords: bool = False, every: bool = True,
          checked: ReplayResult | None = None) -> Story:
    """The record at ``path`` step by step (``coords`` has no meaning here: there is no grid)."""
    from kcal.core.replay import start_state
    from kcal.games.kalua.files.recordfile import load_record
    from kcal.games.kalua.game import GAME
    from kcal.games.kalua.replay import apply_recorded, replay
    from kcal.games.kalua.rules.domain import GAME_NAME

    if checked is None:
        checked = replay(path)
    loaded = load_record(path)
    state = start_state(GAME, loaded.doc, loaded.setup, loaded.seed)
    painter = _Painter(state)
    last = checked.moves_applied if upto is None else min(upto, checked.moves_applied)
    keeper = TableKeeper()  # each frame kept as the change from the one before (issue 36)
    frames: list[Frame] = []
    if every or last == 0:
        lines = _event_lines(state, state.events())
        frames.append(Frame(keeper.whole(painter.items(state)), "the table before the first move",
                            (Section("Events", lines),) if lines else (), _summary(state)))
    for i, rm in enumerate(loaded.moves[:last]):
        mark = state.log
        apply_recorded(state, rm)
        if every or i == last - 1:
            new = _event_lines(state, _since(state, mark))
            sections = (Section("What happened", new),) if new else ()
            frames.append(Frame(keeper.whole(painter.items(state)), f"{i + 1}. {caption(rm.player, rm.move)}", sections,
                                _summary(state), step=i + 1))
    ill = checked.illegal
    if ill is not None and (upto is None or upto > checked.moves_applied):
        bad = loaded.moves[ill.index]
        words = caption(bad.player, bad.move)
        frames.append(Frame.refused(keeper.whole(painter.items(state)), ill.index, words, ill.reason,
                                    f"{checked.path}:{ill.line}:{ill.column}", _summary(state), checked.moves_applied,
                                    refused_at(state, bad.player, bad.move, words)))
    title = f"{GAME_NAME}: {Path(str(checked.path)).name} ({', '.join(state.rules.players)})"
    return Story.told(title, frames, every, legend())


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


FACE_W, FACE_H = 130.0, 182.0  #: a card's face on the catalog page


def printed_card(name: str, kind: int, cost: int, copies: int, lines: Sequence[str], icon: str
                 ) -> tuple[Shape, ...]:
    """An action card for the catalog page: its kind's band and word, its name, its cost, its picture
    (docs/art.md) and what it does, in words built from the data (:mod:`kcal.games.kalua.rules.cardtext`)."""
    st = STYLES[KINDS[kind]]
    on_band = INK if KINDS[kind] is Kind.BONUS else "#ffffff"
    out: list[Shape] = [Rect(0, 0, FACE_W, FACE_H, fill="#ffffff", stroke=st.fill, width=5, rx=6),
                        Rect(0, 0, FACE_W, 20, fill=st.fill, rx=4),
                        Text(FACE_W / 2, 14, st.word, 9, fill=on_band, anchor="middle", bold=True)]
    y = 36.0
    for part in _wrap(name, 19)[:2]:
        out.append(Text(FACE_W / 2, y, part, 11.5, fill=st.dark, anchor="middle", bold=True))
        y += 14
    price = f"pay 0, {PROTECTION_COST} or {DOUBLE_COST} PP" if kind == GLOBAL else f"costs {cost} PP"
    out += [Rect(8, y - 6, FACE_W - 16, 16, fill=st.pale, rx=3),
            Text(FACE_W / 2, y + 6, price, 9, fill=INK, anchor="middle", bold=True)]
    out.append(Icon(FACE_W / 2 - 15, y + 14, 30, icon, st.dark))  # under the price's band, not over it
    y += 60
    body = [piece for line in lines if not line.startswith("Pay 0") for piece in _wrap(line, 27)]
    room = int((FACE_H - 18 - y) // 10.5)
    if len(body) > room:
        body = body[: room - 1] + [body[room - 1][:25] + "…"]
    for piece in body:
        out.append(Text(8, y, piece, 8, fill=INK))
        y += 10.5
    out.append(Text(FACE_W / 2, FACE_H - 8, f"{copies} in the deck", 8, fill=GREY, anchor="middle"))
    return tuple(out)


def catalog_page(catalogs: Sequence[Path] | None = None, no_builtin: bool = False) -> CatalogPage:
    """The action cards for ``kcal catalog browse --game kalua``: a card set is fixed by the rules'
    composition (no deck to build), so there is no deck panel."""
    from kcal.core.catalogs import card_sets
    from kcal.games.kalua.files.load import load_catalog
    from kcal.games.kalua.rules.cardtext import kind_text
    from kcal.games.kalua.rules.domain import GAME_NAME
    from kcal.viewer.catalog import CatalogCard, CatalogPage

    cards = []
    for cset in card_sets(catalogs, no_builtin, load_catalog, load_catalog):
        for d in cset.defs:
            kind = KINDS[d.kind]
            lines = card_lines(d.entry)
            cards.append(CatalogCard(f"{cset.code}-{d.index}", d.name, kind_text(kind),
                                     printed_card(d.name, d.kind, d.cost, d.copies, lines, icon_of(d.entry)),
                                     {"kind": (kind_text(kind),), "deck": ("bonus" if d.deck == 0 else "disaster",),
                                      "set": (cset.code,)},
                                     " ".join(lines)))
    return CatalogPage(f"{GAME_NAME} catalog ({len(cards)} cards)", tuple(cards),
                       (("kind", "Kind"), ("deck", "Deck"), ("set", "Card set")))
