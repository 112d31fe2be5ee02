"""The ``draw`` hook: a How many Calories? game record told step by step for :mod:`kcal.viewer`.

The table after each move: the trick on the table (or the one just finished) with every card's value
and its +5 stack on an off-colour card, who takes which card and who leads next; for each player the
hand, the cards taken this round, the intake against the calorie limit and the running total. Each
step says the move in words and what it caused (passes resolved, a trick won, a player out, a round's
scores). An illegal move is the last step, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kcal.core.results import game_over_line
from kcal.games.how_many_calories.print.palette import PLUS_FILL, PLUS_PALE, STYLES
from kcal.games.how_many_calories.print.picture import icon_of
from kcal.games.how_many_calories.rules.domain import COLOURS, KCAL_PER_POINT, kcal_text
from kcal.games.how_many_calories.rules.moves import Move, Play
from kcal.games.how_many_calories.rules.state import PASS, Event, Log, State, TrickResult
from kcal.viewer.scene import (
    Frame,
    Icon,
    Item,
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
    from kcal.games.how_many_calories.replay import ReplayResult
    from kcal.viewer.catalog import CatalogPage

CW, CH = 34.0, 48.0  #: a card's width and height on the table
INK = "#1a1a1a"
WIN = "#d4a017"  #: the winning card's frame
TAKE = "#b00020"  #: the card taken in
#: a player's row fits a phone at the page's opening zoom (issue 34, item 5: 330 units across): the bar,
#: the intake under it, the hand, and the cards taken under the hand
ROW = 206.0  #: height of a player's row
BAR = 220.0  #: the intake bar's width at the limit
ROW_WIDTH = 312.0
TRICK_STEP = 70.0  #: from one card of the trick to the next
TRICK_CARD_Y = 28.0  #: the top of a trick's cards in the trick's item
SEATS_TOP = 170.0  #: where the players' rows begin
HAND_X, HAND_Y = 0.0, 56.0  #: the first card of a hand in a player's row
TAKEN_Y = 126.0  #: the top of the cards a player took, in a player's row


def card(number: int, colour: int, *, plus: int = 0, frame: str | None = None, icon: str | None = None
         ) -> tuple[Shape, ...]:
    """A food card at (0, 0): its colour's band and letter, its picture (``icon``, docs/art.md) above
    its number; ``plus`` > 0: the +5 card stacked under it (an off-colour card in a trick)."""
    st = STYLES[COLOURS[colour]]
    out: list[Shape] = []
    if plus:
        out += [Rect(5, 9, CW, CH, fill=PLUS_PALE, stroke=PLUS_FILL, width=2, rx=3),
                Text(5 + CW - 2, 9 + CH - 3, f"+{plus}", 8, fill=PLUS_FILL, anchor="end", bold=True)]
    out += [Rect(0, 0, CW, CH, fill=st.pale, stroke=st.fill, width=3, rx=3),
            Rect(3, 3, 10, 11, fill=st.fill, rx=1),
            Text(8, 12, st.letter, 8, fill="#ffffff" if st.letter in "RB" else INK, anchor="middle", bold=True),
            Text(CW / 2, CH / 2 + 8, str(number), 18, fill=st.dark, anchor="middle", bold=True)]
    if icon is not None:
        out[-1] = Text(CW / 2, CH - 4.5, str(number), 13, fill=st.dark, anchor="middle", bold=True)
        out.append(Icon(CW / 2 - 8, 15, 16, icon, st.dark))
    if frame:
        out.append(Rect(-3, -3, CW + 6, CH + 6, fill=None, stroke=frame, width=2.5, rx=4))
    return tuple(out)


class _Painter:
    def __init__(self, state: State) -> None:
        self.rules = state.rules
        self.cache: dict[tuple, tuple[Shape, ...]] = {}

    def _shapes(self, key: tuple, make: Callable[[], tuple[Shape, ...]]) -> tuple[Shape, ...]:
        got = self.cache.get(key)
        if got is None:
            got = self.cache[key] = make()
        return got

    def icon(self, number: int) -> str:
        """The picture of food card ``number`` in this game's set."""
        return icon_of(self.rules.foods.by_number[number])

    def trick(self, state: State) -> tuple[Shape, ...]:
        rules = self.rules
        colour_of = rules.foods.colour_of
        done: TrickResult | None = None
        if state.trick:
            cards = tuple(state.trick)
            lead = colour_of[cards[0][1]]
            values = tuple(n if colour_of[n] == lead else n + rules.plus for _, n in cards)
        elif state.last_trick is not None:
            done = state.last_trick
            cards, values = done.cards, done.values
        else:
            cards, values = (), ()
        key = ("trick", cards, done)
        return self._shapes(key, lambda: self._trick(cards, values, done))

    def _trick(self, cards: tuple[tuple[int, int], ...], values: tuple[int, ...],
               done: TrickResult | None) -> tuple[Shape, ...]:
        players = self.rules.players
        title = "Trick on the table" if done is None else "Trick just played"
        out: list[Shape] = [Text(0, 0, title, 13, bold=True)]
        if not cards:
            out.append(Text(0, 22, "no card played yet", 11, fill="#555555"))
        for k, ((seat, n), v) in enumerate(zip(cards, values, strict=True)):
            x = k * TRICK_STEP
            frame = None
            if done is not None and seat == done.winner:
                frame = WIN
            elif done is not None and n == done.won:
                frame = TAKE
            out.append(Text(x, 20, players[seat] + (" leads" if k == 0 else ""), 10, bold=k == 0))
            out += [_moved(s, x, TRICK_CARD_Y) for s in card(n, self.rules.foods.colour_of[n], plus=v - n,
                                                              frame=frame, icon=self.icon(n))]
            out.append(Text(x + CW / 2, 28 + CH + 24, f"= {v}", 11, anchor="middle", bold=True))
        if done is not None:
            taken = f"{players[done.winner]} takes {self.rules.card_text(done.won)} ({kcal_text(done.kcal)})"
            lowest = f"{players[done.loser]} played it" + ("" if done.ends_round else " and leads next")
            # in lines, so the trick fits a phone's width (issue 34, item 5)
            lines = [taken, lowest] + ([players[done.winner] + " is out"] if done.went_out else [])
            out += [Text(0, 28 + CH + 42 + 14 * k, line, 11) for k, line in enumerate(lines)]
        return tuple(out)

    def seat(self, state: State, s: int) -> tuple[Shape, ...]:
        key = ("seat", s, tuple(sorted(state.hands[s])), tuple(state.won[s]), state.intake[s], state.out[s],
               state.totals[s], state.turn == s, state.phase == PASS and state.pending[s] is None)
        return self._shapes(key, lambda: self._seat(state, s))

    def _seat(self, state: State, s: int) -> tuple[Shape, ...]:
        rules = self.rules
        colour_of = rules.foods.colour_of
        name = rules.players[s]
        mark = "  (out)" if state.out[s] else "  ◀ to play" if state.turn == s else ""
        if state.phase == PASS and state.pending[s] is None:
            mark = "  (to pass 2 cards)"
        out: list[Shape] = [Rect(-8, -16, ROW_WIDTH, ROW - 8, fill="#ffffff" if not state.out[s] else "#f1e4e4",
                                 stroke="#cccccc", width=1, rx=4),
                            Text(0, 0, name + mark, 13, bold=True)]
        # intake against the limit
        limit = rules.limit
        frac = min(state.intake[s] / limit, 1.25) if limit else 0
        over = state.intake[s] > limit
        out += [Rect(0, 8, BAR * 1.25, 12, fill="#eeeeee", stroke="#999999", width=0.5),
                Rect(0, 8, BAR * frac, 12, fill=TAKE if over else "#2e7d32"),
                Rect(BAR - 1, 4, 2, 20, fill=INK),
                Text(0, 34, f"{state.intake[s]:,} of {limit:,} kcal this round; total {state.totals[s]:,}", 10)]
        out.append(Text(0, HAND_Y - 5, "hand", 9, fill="#555555"))
        for k, n in enumerate(_hand_order(state, s)):
            out += [_moved(x, HAND_X + k * (CW + 3), HAND_Y) for x in card(n, colour_of[n], icon=self.icon(n))]
        out.append(Text(0, TAKEN_Y - 5, "taken", 9, fill="#555555"))
        for k, n in enumerate(state.won[s]):
            out += [_moved(x, HAND_X + k * (CW + 3), TAKEN_Y) for x in card(n, colour_of[n], icon=self.icon(n))]
        return tuple(out)

    def items(self, state: State) -> tuple[Item, ...]:
        out = [Item("trick", 0, 0, self.trick(state))]
        for s in range(self.rules.n):
            out.append(Item(f"seat{s}", 0, SEATS_TOP + s * ROW, self.seat(state, s)))
        return tuple(out)


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    from dataclasses import replace

    if isinstance(s, (Rect, Text, Icon)):
        return replace(s, x=s.x + dx, y=s.y + dy)
    return s


def _summary(state: State) -> tuple[str, ...]:
    from kcal.games.how_many_calories.game import GAME
    from kcal.games.how_many_calories.rules.view import to_move

    rules = state.rules
    lines = [f"{p}: {state.totals[s]:,} kcal total, {state.intake[s]:,} this round" for s, p in enumerate(rules.players)]
    outcome = GAME.outcome(state)
    if outcome is not None:
        lines.append(game_over_line(outcome.reason, outcome.winners))
    else:
        lines.append(f"round {state.round + 1} of {rules.rounds}; limit {kcal_text(rules.limit)}; to move: "
                     f"{', '.join(to_move(state)) or '-'}")
    return tuple(lines)


def _event_lines(state: State, events: Sequence[Event]) -> list[str]:
    rules = state.rules
    players = rules.players
    card_text = rules.card_text
    out = []
    for event in events:
        kind = event[0]
        if kind == "position":
            out.append(f"the game starts from a position in round {event[1].round}")
        elif kind == "deal":
            out.append(f"round {event[1] + 1} dealt; {players[event[4]]} starts")
        elif kind == "pass":
            out.append(f"{players[event[1]]} passes {', '.join(card_text(c) for c in event[2])} to "
                       f"{players[(event[1] + 1) % rules.n]}")
        elif kind == "trick":
            t: TrickResult = event[1]
            parts = []
            for (seat, c), v in zip(t.cards, t.values, strict=True):
                parts.append(f"{players[seat]} {card_text(c)}" + ("" if v == c else f" +{v - c} = {v}"))
            out.append("trick: " + "; ".join(parts))
            out.append(f"{players[t.winner]} (highest) takes {card_text(t.won)}, {t.won * KCAL_PER_POINT:,} kcal; "
                       f"{players[t.loser]} (lowest) " + ("played it" if t.ends_round else "leads next"))
            if t.went_out:
                out.append(f"{players[t.winner]} is over the limit of {kcal_text(rules.limit)} and out")
        elif kind == "end":
            out.append(f"round {event[1] + 1} over; scores: "
                       + ", ".join(f"{p} {event[2][s]:,}" for s, p in enumerate(players)))
    return out


def _verb(move: Move) -> str:
    """``plays red 8``, ``passes blue 2, red 8``: a move after its player's name."""
    text = str(move)
    verb, _, rest = text.partition(" ")
    return f"{verb}{'es' if verb.endswith('s') else 's'} {rest}"


def _since(state: State, mark: Log | None) -> list[Event]:
    """The events noted after the log node ``mark``, oldest first."""
    out: list[Event] = []
    node = state.log
    while node is not None and node is not mark:
        out.append(node[0])
        node = node[1]
    return out[::-1]


def legend() -> tuple[Item, ...]:
    shapes: list[Shape] = [Text(0, 12, "Colours", 12, bold=True)]
    y = 22.0
    for k, c in enumerate(COLOURS):
        shapes += [_moved(s, 0, y) for s in card(10 + k, k)]
        shapes.append(Text(CW + 10, y + 28, f"{c.value}: {STYLES[c].group}", 11))
        y += CH + 8
    shapes += [_moved(s, 0, y) for s in card(12, 0, plus=5)]
    shapes.append(Text(CW + 14, y + 28, "off the leader's colour: +5 stacked under it", 11))
    y += CH + 20
    shapes += [Rect(0, y, 34, 20, fill=None, stroke=WIN, width=2.5, rx=4), Text(40, y + 15, "the trick's winner", 11),
               Rect(0, y + 26, 34, 20, fill=None, stroke=TAKE, width=2.5, rx=4),
               Text(40, y + 41, "the card taken in (the lowest)", 11),
               Rect(0, y + 54, 40, 10, fill="#2e7d32"), Rect(39, y + 50, 2, 18, fill=INK),
               Text(48, y + 64, "intake; the line is the limit", 11)]
    return (Item("legend", 0, 0, tuple(shapes)),)


def _hand_order(state: State, s: int) -> list[int]:
    """``s``'s hand in the order the table shows it: by colour, then number."""
    colour_of = state.rules.foods.colour_of
    return sorted(state.hands[s], key=lambda n: (colour_of[n], n))


def _hand_box(state: State, s: int, number: int) -> tuple[tuple[float, float], ...]:
    """The outline around card ``number`` in ``s``'s hand (on the table: the mark is drawn at (0, 0))."""
    x = HAND_X + _hand_order(state, s).index(number) * (CW + 3)
    y = SEATS_TOP + s * ROW + HAND_Y
    return box_points(x - 4, y - 4, x + CW + 4, y + CH + 4)


def _mark(labelled: tuple[Shape, ...], more: list[tuple[tuple[float, float], ...]]) -> tuple[Item, ...]:
    """A refused move's other places and, over them, its mark (both at (0, 0): the shapes are placed on
    the table)."""
    also = (Item("refused:also", 0, 0, refused_also(more), 2),) if more else ()
    return (*also, Item("refused", 0, 0, labelled, 2))


def refused_at(state: State, player: str, move: Move, words: str) -> tuple[Item, ...]:
    """A refused move's mark where it was tried: a card played, drawn at the trick's next place (and, if
    the player holds it, its place in the hand marked too); a pass, the passed cards in the hand. A pass
    of cards the player does not hold marks the player's row (hand, taken cards, intake)."""
    rules = state.rules
    if player not in rules.seat_of:
        return ()
    s = rules.seat_of[player]
    label = "refused: " + (words if len(words) <= 60 else words[:59] + "…")
    if isinstance(move, Play):
        n, held = move.card.number, move.card.number in state.hands[s]
        k = len(state.trick) if state.trick else len(state.last_trick.cards) if state.last_trick else 0
        # an empty trick says "no card played yet" where a card's player is named: the label goes below it
        x, y = k * TRICK_STEP, TRICK_CARD_Y + (0 if k else 25)
        icon = icon_of(rules.foods.by_number[n]) if move.card in rules.foods else None
        tried = tuple(_moved(sh, x, y) for sh in card(n, COLOURS.index(move.card.colour), icon=icon))
        # the outline reaches up to where a trick names the card's player, so its label covers no card
        return _mark(refused_mark(box_points(x - 4, y - 16, x + CW + 4, y + CH + 4), label, tried=tried),
                     [_hand_box(state, s, n)] if held else [])
    held_boxes = [_hand_box(state, s, c.number) for c in move.cards
                  if c in rules.foods and c.number in state.hands[s]]
    if held_boxes:
        return _mark(refused_mark(held_boxes[0], label), held_boxes[1:])
    return (Item("refused", 0, SEATS_TOP + s * ROW, refused_mark(box_points(-10, -18, ROW_WIDTH - 6, ROW - 22),
                                                                 label), 2),)


def story(path: str | Path, *, upto: int | None = None, coords: bool = False, every: bool = True,
          checked: ReplayResult | None = None) -> Story:
    """The record at ``path`` step by step (``coords`` has no meaning here: there is no grid)."""
    from kcal.games.how_many_calories.files.recordfile import load_record
    from kcal.games.how_many_calories.game import GAME
    from kcal.games.how_many_calories.replay import replay
    from kcal.games.how_many_calories.rules.domain import GAME_NAME

    if checked is None:
        checked = replay(path)
    loaded = load_record(path)
    state = GAME.new_state(loaded.setup, loaded.seed)
    painter = _Painter(state)
    last = checked.moves_applied if upto is None else min(upto, checked.moves_applied)
    keeper = TableKeeper()  # each frame kept as the change from the one before (issue 36)
    frames: list[Frame] = []
    if every or last == 0:
        lines = tuple(_event_lines(state, state.events()))
        frames.append(Frame(keeper.whole(painter.items(state)), "the table before the first move",
                            (Section("Events", lines),) if lines else (), _summary(state)))
    for i, rm in enumerate(loaded.moves[:last]):
        mark = state.log
        GAME.apply(state, rm.player, rm.move)
        if every or i == last - 1:
            new = [e for e in _since(state, mark) if e[0] != "play"]
            sections = (Section("What happened", tuple(_event_lines(state, new))),) if new else ()
            frames.append(Frame(keeper.whole(painter.items(state)), f"{i + 1}. {rm.player} {_verb(rm.move)}", sections, _summary(state),
                                step=i + 1))
    if checked.illegal is not None and (upto is None or upto > checked.moves_applied):
        ill = checked.illegal
        bad = loaded.moves[ill.index]
        words = f"{bad.player} {_verb(bad.move)}"
        frames.append(Frame.refused(keeper.whole(painter.items(state)), ill.index, words, ill.reason,
                                    f"{checked.path}:{ill.line}:{ill.column}", _summary(state), checked.moves_applied,
                                    refused_at(state, bad.player, bad.move, words)))
    title = f"{GAME_NAME}: {Path(str(checked.path)).name} ({', '.join(state.rules.players)})"
    return Story.told(title, frames, every, legend())


def printed_card(number: int, colour: int, food: str, kcal: int, icon: str | None = None) -> tuple[Shape, ...]:
    """A food card for the catalog page: the table's card, larger, with its picture, food and calories."""
    scale_w, scale_h = 90.0, 126.0
    st = STYLES[COLOURS[colour]]
    words = food.split(", ", 1)
    out: list[Shape] = [Rect(0, 0, scale_w, scale_h, fill=st.pale, stroke=st.fill, width=5, rx=6),
                        Rect(6, 6, 18, 18, fill=st.fill, rx=2),
                        Text(15, 20, st.letter, 13, fill="#ffffff" if st.letter in "RB" else INK, anchor="middle",
                             bold=True),
                        Text(scale_w / 2, 66, str(number), 34, fill=st.dark, anchor="middle", bold=True)]
    if icon is not None:
        out[-1] = Text(scale_w / 2, 76, str(number), 24, fill=st.dark, anchor="middle", bold=True)
        out.append(Icon(scale_w / 2 - 17, 24, 34, icon, st.dark))
    for k, line in enumerate(words[:2]):
        line = line if len(line) <= 16 else line[:15] + "…"
        out.append(Text(scale_w / 2, 88 + k * 11, line, 9, fill=INK, anchor="middle", bold=k == 0))
    out.append(Text(scale_w / 2, scale_h - 8, f"{kcal:,} kcal", 9, fill=st.dark, anchor="middle", bold=True))
    return tuple(out)


def catalog_page(catalogs: Sequence[Path] | None = None, no_builtin: bool = False) -> CatalogPage:
    """The food cards for ``kcal catalog browse --game how-many-calories`` (a card set is fixed by the
    rules' composition, so there is no deck panel)."""
    from kcal.core.catalogs import card_sets
    from kcal.games.how_many_calories.files.load import load_catalog
    from kcal.games.how_many_calories.rules.domain import COLOUR_INDEX, GAME_NAME
    from kcal.viewer.catalog import CatalogCard, CatalogPage

    cards = []
    for foods in card_sets(catalogs, no_builtin, load_catalog, load_catalog):
        for f in foods.foods:
            colour = COLOUR_INDEX[f.colour]
            cards.append(CatalogCard(f"{foods.code}-{f.colour.value}-{f.number}", str(f.card), f.food,
                                     printed_card(f.number, colour, f.food, f.number * KCAL_PER_POINT, icon_of(f)),
                                     {"colour": (f.colour.value,), "set": (foods.code,)},
                                     f"{f.food} {f.serving}"))
    return CatalogPage(f"{GAME_NAME} catalog ({len(cards)} cards)", tuple(cards),
                       (("colour", "Colour"), ("set", "Card set")))

