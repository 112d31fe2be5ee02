"""The ``draw`` hook: an EcoLogic: Europe game record told step by step for :mod:`kcal.viewer`.

The table after each move: the season and the step of habitation, who still has to move; for each
player the habitat boards one above the other (the habitat, its fields, the edge places between two
neighbouring boards beside them), every placed species card with its name, its type chip and its
biomass and remains tokens as counts, cards covered under it; the hand size, jokers and the score
(diversity + card points). Each step says the move in words and what it did (the pack's own replay
story: placements, deaths, season ends, weather); an illegal move is the last step, with the reason.

Habitation is simultaneous (docs/rulings.md "simultaneous-steps"): a move waits, hidden, until every
active player has moved; its step says so, and the placements appear when the step resolves.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.results import game_over_line
from kcal.games.ecologic_europe.print.faces import HABITAT_STYLE, TYPE_STYLE
from kcal.games.ecologic_europe.print.picture import species_icon
from kcal.games.ecologic_europe.rules.domain import (
    BOARD_HABITATS,
    EDGE_SLOTS,
    FIELDS,
    FOOD_TYPES,
    SEASONS,
    format_place,
)
from kcal.games.ecologic_europe.rules.legality import card_name
from kcal.games.ecologic_europe.rules.moves import (
    BACKS,
    Exchange,
    Impact,
    Keep,
    Move,
    Pass,
    Place,
    Trade,
    Weather,
)
from kcal.games.ecologic_europe.rules.scoring import board_types, diversity_points, score_parts
from kcal.games.ecologic_europe.rules.state import EXCHANGE, OVER, PLACE, TRANSFER, Rules, State
from kcal.games.ecologic_europe.rules.tables import sp
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
    refused_mark,
)

if TYPE_CHECKING:
    from kcal.games.ecologic_europe.files.cardset import Species
    from kcal.games.ecologic_europe.replay import ReplayResult
    from kcal.viewer.catalog import CatalogPage

INK = "#1f2a1f"
GREY = "#555555"
#: the table fits a phone's width at the page's opening zoom (issue 34, item 5: the fields' columns were
#: cut off on the right at 390 px): a habitat's name in a strip across its fields, three fields a line,
#: the edge places between two habitats in a line of their own under the first
CW, CH = 100.0, 70.0  #: a place's width and height (a name of two lines)
GAP = 4.0
COLS = 3  #: fields a line
WIDTH = COLS * CW + (COLS - 1) * GAP  #: a player's ecosystem across
STRIP = 34.0  #: a habitat's strip above its fields
EDGE_HEAD = 16.0  #: the words above a line of edge places
HEAD = 46.0  #: a player's heading above the boards
BIO = "#2e7d32"  #: biomass tokens
REM = "#8d6e63"  #: remains tokens
STEP_WORDS = {EXCHANGE: "step 1: exchange a card (or keep)", PLACE: "step 2: place a card, trade or pass",
              TRANSFER: "step 3: hand cards on"}


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, (Rect, Text, Icon)):
        return replace(s, x=s.x + dx, y=s.y + dy)
    return s


def _fit(text: str, size: float, width: float) -> str:
    """``text`` cut with an ellipsis to about ``width`` pixels at ``size``."""
    room = max(int(width / (size * 0.56)), 2)
    return text if len(text) <= room else text[:room - 1] + "…"


def _lines(text: str, size: float, width: float) -> list[str]:
    """``text`` in one line, or two cut between words, the second cut with an ellipsis if it must be
    (a species' name on the table: "Freshwater pearl mussel" was cut to "Freshwater pear…")."""
    room = max(int(width / (size * 0.56)), 2)
    if len(text) <= room:
        return [text]
    cut = text.rfind(" ", 0, room + 1)
    if cut <= 0:
        return [_fit(text, size, width)]
    return [text[:cut], _fit(text[cut + 1:], size, width)]


def ink_on(colour: str) -> str:
    """Ink or white, whichever reads on ``colour`` (a ``#rrggbb``), for the table pictures."""
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def chip(t: int, x: float, y: float) -> tuple[Shape, ...]:
    """The species type's chip (its letters on its colour), 22 x 13 with its top left at (x, y)."""
    letters, colour = TYPE_STYLE[FOOD_TYPES[t].value]
    return (Rect(x, y, 22, 13, fill=colour, rx=2),
            Text(x + 11, y + 10, letters, 8, fill=ink_on(colour), anchor="middle", bold=True))


#: a card's picture on the table (docs/art.md): a square in the top line, after the place's name
PICTURE = 13.0


def picture(s: Species, x: float, y: float, size: float) -> Icon:
    """The species' picture (its icon, or its type's) in a dark shade of its type's colour."""
    word = FOOD_TYPES[s.type].value
    colour = TYPE_STYLE[word][1]
    dark = "#" + "".join(f"{int(colour[i:i + 2], 16) * 6 // 10:02x}" for i in (1, 3, 5))
    return Icon(x, y, size, species_icon(s.model.icon, word), dark)


def place_shapes(state: State, seat: int, q: int, tint: str) -> tuple[Shape, ...]:
    """One place at (0, 0): its name (h1.2, e1.1) and, when a card lives there, the card."""
    rules = state.rules
    stack = state.stacks[seat][q]
    label = str(rules.spot(q))
    if not stack:
        return (Rect(0, 0, CW, CH, fill=tint, stroke="#bbbbbb", width=1, rx=4),
                Text(5, 12, label, 8, fill=GREY))
    s = sp(state, stack[-1])
    out: list[Shape] = [Rect(0, 0, CW, CH, fill="#ffffff", stroke=TYPE_STYLE[FOOD_TYPES[s.type].value][1], width=2.5,
                             rx=4),
                        Text(5, 12, label, 8, fill=GREY)]
    out += chip(s.type, CW - 27, 3)
    if s.points:
        out.append(Text(CW - 31, 12, f"{s.points} pt", 8, fill=INK, anchor="end", bold=True))
    out += [Text(5, 25 + 11 * k, line, 10, bold=True) for k, line in enumerate(_lines(s.name, 10, CW - 10))]
    out += [Text(5, 47, _fit(s.latin, 8, CW - 10), 8, fill=GREY), picture(s, 30, 2.5, PICTURE)]
    bio, rem = state.bio[seat][q], state.rem[seat][q]
    tokens = []
    if bio:
        tokens.append((f"{bio} biomass", BIO))
    if rem:
        tokens.append((f"{rem} remains", REM))
    x = 5.0
    for word, colour in tokens:
        out.append(Text(x, 59, word, 8, fill=colour, bold=True))
        x += len(word) * 8 * 0.56 + 8
    if len(stack) > 1:
        out.append(Text(CW - 5, CH - 3, f"+{len(stack) - 1} under", 7, fill=GREY, anchor="end"))
    return tuple(out)


def ecosystem(state: State, seat: int, moving: bool) -> tuple[Shape, ...]:
    """A player's heading and habitat boards, one above the other, the edge places beside each gap."""
    rules = state.rules
    d, c, unfilled = score_parts(state, seat)
    mark = "  ◀ to move" if moving else ""
    out: list[Shape] = [Rect(-6, -20, WIDTH + 12, _height(rules), fill="#fafaf5", stroke="#cccccc", width=1, rx=6),
                        Text(0, 0, f"{rules.players[seat]}{mark}", 14, bold=True),
                        Text(0, 16, f"score {d + c} = {d} diversity + {c} card points", 10, fill=GREY),
                        Text(0, 30, f"{unfilled} unfilled fields; {_n(len(state.hands[seat]), 'card')} in hand; "
                             f"{_n(state.jokers[seat], 'joker')}", 10, fill=GREY)]
    for b, h in enumerate(state.habitat[seat]):
        y = HEAD + _board_top(b)
        short, tint = HABITAT_STYLE[BOARD_HABITATS[h].value]
        kinds = board_types(state, seat, b)
        pale = paled(tint)
        which = f"habitat {b + 1} ({short})"
        after = 6 + len(which) * 9 * 0.6 + 8  # the habitat's name after its number, on the same line
        out += [Rect(0, y, WIDTH, STRIP - 4, fill=tint, rx=4),
                Text(6, y + 12, which, 9, fill=ink_on(tint), bold=True),
                Text(after, y + 12, _fit(BOARD_HABITATS[h].label, 9, WIDTH - after - 6), 9, fill=ink_on(tint)),
                Text(6, y + 25, f"{_n(kinds, 'type')}: {diversity_points(kinds)} diversity", 9, fill=ink_on(tint))]
        for k in range(FIELDS):
            q = b * FIELDS + k
            out += [_moved(s, *place_origin(rules.boards, q)) for s in place_shapes(state, seat, q, pale)]
        if b < rules.boards - 1:
            out.append(Text(0, y + STRIP + _field_rows() * (CH + GAP) + EDGE_HEAD - 5,
                            f"edge places between habitats {b + 1} and {b + 2}", 9, fill=GREY))
    for q in range(rules.boards * FIELDS, rules.boards * FIELDS + (rules.boards - 1) * EDGE_SLOTS):
        out += [_moved(s, *place_origin(rules.boards, q)) for s in place_shapes(state, seat, q, "#f0f0f0")]
    return tuple(out)


def _field_rows() -> int:
    return -(-FIELDS // COLS)


def _board_top(b: int) -> float:
    """The top of habitat board ``b``'s strip, below a player's heading."""
    return b * (STRIP + _field_rows() * (CH + GAP) + EDGE_HEAD + CH + GAP + 6)


def _height(rules: Rules) -> float:
    """A player's ecosystem from the top of its box to the bottom."""
    return 20 + HEAD + _board_top(rules.boards - 1) + STRIP + _field_rows() * (CH + GAP) + 8


def place_origin(boards: int, q: int) -> tuple[float, float]:
    """The top-left corner of place ``q`` (fields board by board, then the edge places) in a player's
    ecosystem."""
    row = CH + GAP
    if q < boards * FIELDS:
        b, k = divmod(q, FIELDS)
        return ((k % COLS) * (CW + GAP), HEAD + _board_top(b) + STRIP + (k // COLS) * row)
    e, k = divmod(q - boards * FIELDS, EDGE_SLOTS)
    return (k * (CW + GAP), HEAD + _board_top(e) + STRIP + _field_rows() * row + EDGE_HEAD)


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def paled(colour: str) -> str:
    """``colour`` four fifths of the way to white: a place a move may go, on the table pictures."""
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(v + (255 - v) * 4 // 5 for v in (r, g, b)))


def season_text(state: State) -> str:
    if state.ended or state.step == OVER:
        return "game over"
    if state.rules.express:
        return f"express mode, {STEP_WORDS.get(state.step, '')}"
    return f"{SEASONS[state.season].value}, {STEP_WORDS.get(state.step, '')}"


def items(state: State) -> tuple[Item, ...]:
    from kcal.games.ecologic_europe.rules.legality import to_move

    rules = state.rules
    moving = set(to_move(state))
    season, _, step = season_text(state).partition(", ")  # in two lines, as wide as the table
    head = (Text(0, 0, f"Season: {season}", 14, bold=True),
            Text(0, 34, f"to move: {', '.join(p for p in rules.players if p in moving) or '-'}", 11, fill=GREY),
            Text(0, 18, step, 11, fill=INK))
    out = [Item("season", 0, 0, head)]
    for s, p in enumerate(rules.players):
        out.append(Item(f"player{s}", 0, _top(rules, s), ecosystem(state, s, p in moving)))
    return tuple(out)


def _top(rules: Rules, seat: int) -> float:
    """Where a player's ecosystem begins on the table, one below the other."""
    return 72 + seat * (_height(rules) + 8)


def refused_at(state: State, seat: int, move: Move) -> tuple[Item, ...]:
    """A refused move's mark: on the place a card was to go (a placement on a place the boards have),
    else around the player's whole ecosystem."""
    rules = state.rules
    spot = move.at if isinstance(move, Place) else None
    q = rules.place_index(spot) if spot is not None else None
    if q is not None and spot is not None:
        x, y = place_origin(rules.boards, q)
        outline = box_points(x - 3, y - 3, x + CW + 3, y + CH + 3)
        label = f"refused: {format_place(spot)}"
    else:
        outline = box_points(-8, -22, WIDTH + 8, _height(rules) - 18)
        label = f"refused: {rules.players[seat]}'s move"
    return (Item("refused", 0, _top(rules, seat), refused_mark(outline, label), 2),)


def _cards(state: State, cards: tuple[int, ...]) -> str:
    return ", ".join(card_name(state, c) for c in cards)


def move_text(state: State, seat: int, move: Move) -> str:
    """The move in words after its player's name: ``A places Lolium perenne at h1.2``."""
    who = state.rules.players[seat]
    if isinstance(move, Keep):
        return f"{who} keeps the hand (no exchange)"
    if isinstance(move, Exchange):
        given = _cards(state, move.cards) if move.cards else f"{move.tokens} tokens"
        if move.face is not None:
            return f"{who} exchanges {given} for the face-up {card_name(state, move.face)}"
        if move.draw is not None:
            return f"{who} exchanges {given} for a {BACKS[move.draw]} card from the {move.pile}"
        return f"{who} exchanges {given} for jokers"
    if isinstance(move, Weather):
        paid = card_name(state, move.card) if move.card is not None else "2 tokens"
        return f"{who} pays {paid} and rolls the weather die" + (f" ({move.roll})" if move.roll else "")
    if isinstance(move, Place):
        text = f"{who} places {card_name(state, move.card)} at {format_place(move.at)}"
        if move.then is not None:
            text += f", then {card_name(state, move.then[0])} at {format_place(move.then[1])}"
        return text
    if isinstance(move, Trade):
        return f"{who} trades {card_name(state, move.card)} for a joker"
    if isinstance(move, Impact):
        return f"{who} plays the human-impact card {card_name(state, move.card)}"
    if isinstance(move, Pass):
        return f"{who} passes and " + ("trades every card in hand for a joker" if move.discard else "keeps the hand")
    return f"{who} hands on {_cards(state, move.cards)}"


def event_lines(state: State, new: list[tuple[Any, ...]]) -> tuple[str, ...]:
    """What the new log entries did, in the replay's own words (``record.story``)."""
    from kcal.games.ecologic_europe.replay import story as replay_story

    view = copy.copy(state)
    view.log = new
    lines = [line.strip() for line in replay_story(view)]
    for e in new:  # what replay's story leaves out: the feeding a placement did, tokens
        if e[0] == "placed":
            s = sp(state, e[2])
            spot = next((q for q in range(state.rules.places) if state.stacks[e[1]][q][-1:] == (e[2],)), None)
            if spot is not None:
                bio, rem = state.bio[e[1]][spot], state.rem[e[1]][spot]
                lines.append(f"{state.rules.players[e[1]]}'s {s.name} ({s.latin}) at {state.rules.spot(spot)}: "
                             f"{bio} biomass, {rem} remains now")
    return tuple(lines)


def summary(state: State) -> tuple[str, ...]:
    from kcal.games.ecologic_europe.game import outcome

    rules = state.rules
    lines = []
    for s, p in enumerate(rules.players):
        d, c, u = score_parts(state, s)
        lines.append(f"{p}: {d + c} ({d} diversity + {c} card points, {u} unfilled fields)")
    out = outcome(state)
    if out is not None:
        lines.append(game_over_line(out.reason, out.winners))
    else:
        lines.append(season_text(state))
    return tuple(lines)


def legend() -> tuple[Item, ...]:
    shapes: list[Shape] = [Text(0, 12, "Species types", 12, bold=True)]
    y = 22.0
    for t, kind in enumerate(FOOD_TYPES[:12]):
        shapes += chip(t, 0, y)
        shapes.append(Text(30, y + 10, kind.label.lower(), 10))
        y += 17
    y += 16
    shapes += [Text(0, y, "On a card", 12, bold=True),
               Text(0, y + 16, "3 biomass", 10, fill=BIO, bold=True),
               Text(70, y + 16, "biomass tokens on it", 10),
               Text(0, y + 32, "2 remains", 10, fill=REM, bold=True),
               Text(70, y + 32, "remains tokens on it", 10),
               Text(0, y + 48, "+1 under", 10, fill=GREY),
               Text(70, y + 48, "cards it covers", 10),
               Text(0, y + 64, "h1.2: habitat 1, field 2; e1.1: edge 1, place 1", 10, fill=GREY),
               Text(0, y + 80, "diversity: 5 types 1, 6 types 2, 7+ types 3", 10, fill=GREY)]
    return (Item("legend", 0, 0, tuple(shapes)),)


def story(path: str | Path, *, upto: int | None = None, coords: bool = False, every: bool = True,
          checked: ReplayResult | None = None) -> Story:
    """The record at ``path`` step by step (``coords``: the place names are always shown)."""
    from kcal.core.game import Setup
    from kcal.games.ecologic_europe.files.moves import decode_move
    from kcal.games.ecologic_europe.files.recordfile import load_record
    from kcal.games.ecologic_europe.game import GAME
    from kcal.games.ecologic_europe.replay import replay
    from kcal.games.ecologic_europe.rules.domain import GAME_NAME

    if checked is None:
        checked = replay(path)
    _, rec = load_record(path)
    options: dict[str, Any] = {}
    if rec.expansions:
        options["expansions"] = list(rec.expansions)
    if rec.start is not None:
        options["start"] = rec.start.model_dump(exclude_none=True)
    state = GAME.new_state(Setup(tuple(rec.players), rec.variant, options), rec.seed)
    seat_of = state.rules.seat_of
    last = checked.moves_applied if upto is None else min(upto, checked.moves_applied)
    keeper = TableKeeper()  # each frame kept as the change from the one before (issue 36)
    frames: list[Frame] = []
    if every or last == 0:
        frames.append(Frame(keeper.whole(items(state)), "the table before the first move", (), summary(state)))
    for i, entry in enumerate(rec.moves[:last]):
        player, move = entry["player"], decode_move(entry)
        assert state.log is not None
        mark, before = len(state.log), (state.season, state.step)
        words = move_text(state, seat_of[player], move)
        GAME.apply(state, player, move)
        if every or i == last - 1:
            new = [e for e in state.log[mark:] if e[0] != "move"]
            lines = event_lines(state, new)
            if not lines:
                waiting = GAME.to_move(state)
                if (state.season, state.step) == before and waiting and player not in waiting:
                    lines = (f"hidden until {', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} moved too: the step resolves when every player "
                             f"has moved",)
                else:
                    lines = (f"the step is resolved; now {season_text(state)}",)
            frames.append(Frame(keeper.whole(items(state)), f"{i + 1}. {words}", (Section("What happened", lines),), summary(state),
                                step=i + 1))
    if checked.illegal is not None and (upto is None or upto > checked.moves_applied):
        ill = checked.illegal
        entry = rec.moves[ill.index]
        seat, bad = seat_of[entry["player"]], decode_move(entry)
        words = move_text(state, seat, bad)
        frames.append(Frame.refused(keeper.whole(items(state)), ill.index, words, ill.reason,
                                    f"{checked.path}:{ill.line}:{ill.column}", summary(state), checked.moves_applied,
                                    refused_at(state, seat, bad)))
    title = f"{GAME_NAME}: {Path(str(checked.path)).name} ({', '.join(state.rules.players)})"
    return Story.told(title, frames, every, legend())


def printed_card(s: Species) -> tuple[Shape, ...]:
    """A species card for the catalog page: its type, names, habitats, what it makes or eats, points."""
    w, h = 132.0, 170.0
    colour = TYPE_STYLE[FOOD_TYPES[s.type].value][1]
    out: list[Shape] = [Rect(0, 0, w, h, fill="#ffffff", stroke=colour, width=4, rx=6),
                        Rect(0, 0, w, 22, fill=colour, rx=6)]
    out += chip(s.type, 5, 4)
    out.append(Text(31, 15, _fit(FOOD_TYPES[s.type].label.lower(), 8, w - 36), 8, fill=ink_on(colour)))
    out += [Text(6, 38, _fit(s.name, 10, w - 12), 10, bold=True),
            Text(6, 50, _fit(s.latin, 8, w - 12), 8, fill=GREY)]
    habitats = ["any"] if s.any_habitat else [BOARD_HABITATS[i].value for i in range(len(BOARD_HABITATS)) if s.fits(i)]
    x = 6.0
    for hab in habitats:
        short, tint = HABITAT_STYLE[hab]
        width = len(short) * 8 * 0.62 + 8
        if x + width > w - 4:
            break
        out += [Rect(x, 58, width, 13, fill=tint, stroke="#999999", width=0.5, rx=2),
                Text(x + width / 2, 68, short, 8, fill=ink_on(tint), anchor="middle", bold=True)]
        x += width + 3
    y = 88.0
    below = y + 20  # the top of the picture: under the production line, or under the chips eaten
    if s.production is not None:
        out.append(Text(6, y, "biomass made per season", 8, fill=GREY))
        for k, (season, v) in enumerate(zip(SEASONS, s.production, strict=True)):
            out.append(Text(6 + k * 31, y + 14, f"{season.value[:2]} {v}", 9, fill=BIO, bold=True))
    else:
        out.append(Text(6, y, f"eats {s.consumption} biomass of", 8, fill=GREY))
        x, row = 6.0, y + 5
        for t in range(len(FOOD_TYPES)):
            if s.eats_type(t):
                if x + 24 > w - 4:
                    x, row = 6.0, row + 16
                out += chip(t, x, row)
                x += 25
                below = row + 17
    # between what it makes or eats and the line of marks (issue 34, item 5: it was drawn over the marks)
    size = max(16.0, min(30.0, h - 34 - below))
    out.append(picture(s, (w - size) / 2, below, size))
    marks = [m for m, on in (("edge", s.edge), (s.bonus or "", bool(s.bonus))) if on]
    marks += sorted(s.features)
    if marks:
        out.append(Text(6, h - 24, _fit(", ".join(marks), 8, w - 12), 8, fill=GREY))
    out.append(Text(w - 6, h - 8, f"{s.points} pt" + ("" if s.points == 1 else "s"), 10, anchor="end", bold=True))
    out.append(Text(6, h - 8, s.id, 8, fill=GREY))
    return tuple(out)


def catalog_page(catalogs: Sequence[Path] | None = None, no_builtin: bool = False) -> CatalogPage:
    """The species cards for ``kcal catalog browse --game ecologic-europe`` (a game uses the card set
    its expansions give, so there is no deck panel)."""
    from kcal.core.catalogs import card_sets
    from kcal.games.ecologic_europe.files.load import builtin, load_species
    from kcal.games.ecologic_europe.rules.domain import GAME_NAME
    from kcal.viewer.catalog import CatalogCard, CatalogPage

    cards = []
    for cs in card_sets(list(catalogs) if catalogs else None, no_builtin, lambda p: load_species([p]), builtin):
        for s in cs.species:
            habitats = ("any",) if s.any_habitat else tuple(BOARD_HABITATS[i].value for i in range(len(BOARD_HABITATS))
                                                            if s.fits(i))
            cards.append(CatalogCard(s.id, s.latin, s.name, printed_card(s),
                                     {"type": (FOOD_TYPES[s.type].value,), "habitat": habitats,
                                      "expansion": (s.expansion,)},
                                     f"{s.id} {s.fact}"))
    return CatalogPage(f"{GAME_NAME} catalog ({len(cards)} species cards)", tuple(cards),
                       (("type", "Species type"), ("habitat", "Habitat"), ("expansion", "Expansion")))
