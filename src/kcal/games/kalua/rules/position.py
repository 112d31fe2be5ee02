"""Positions: a game set up at any decision (a record's ``start:``, like chess's FEN), and the
replay's ``state`` in the same shape: the ``state`` of any replay, given back as ``start:``, replays to
the same state.

Shape (``gods`` is required and names every player; the other keys are optional)::

    turn: 12                   # the turn number (1-based; 0 during the initial deal; default 1)
    active: B                  # whose turn it is (default: the first player)
    phase: draw                # setup (the initial deal), draw (default), leaders, cards or over
    island: 9                  # atheists on the island (default: 3 per player)
    gods:
      A: {families: 8, leader: true, pp: 5, happiness: 5, hand: [Tornado, Festival], kept: [Temple]}
      B: {families: 0, leader: true, pp: 11, happiness: 2, hand: [], kept: []}
    discards: {bonus: [Festival], disaster: []}   # discard piles (default: empty)

Without ``step`` a position begins its phase (the deal, the draws, the first leader, the active god's
first card). The replay's ``state`` also says where the phase stands, and a ``start:`` may give it:
``step`` (deal, draw, leaders, play, reply, target, discard, over), ``to_move`` (the god to decide),
``draws_left`` (draws still owed in the deal or phase 1), ``table`` (the cards played and not yet
resolved, in play order: ``{player, card, pay, reply}``, a global disaster with ``families_before``),
``owed_discards`` (``{player, cards}``, the first one being made), and after the end ``end_reason`` and
``winners``. ``out``, ``decks`` (the size of each draw pile) follow from the rest; when given, they must
agree with it.

Every card of the set not in a hand, kept on a table, on the table or on a discard pile is in its draw
pile, shuffled from the record's seed. A god with no family and no leader is out of the game.

:mod:`kcal.games.kalua.files.recordfile` reads a ``start:`` into a :class:`Position`;
:func:`kcal.games.kalua.files.position.state_json` writes the replay's ``state``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kcal.core.suggest import did_you_mean
from kcal.games.kalua.rules.cards import CardSet
from kcal.games.kalua.rules.domain import (
    GLOBAL,
    GLOBAL_PAYMENTS,
    HAND_TARGET,
    LOCAL,
    START_FAMILIES,
    START_PP,
    fold,
)
from kcal.games.kalua.rules.state import DEAL, DRAW, OVER, PHASE_NAMES, PHASE_OF_STEP, STEPS, Entry, State

Loc = tuple[str | int, ...]
Problem = tuple[str, Loc]
START_PHASES = ("setup", "draw", "leaders", "cards", "over")
#: the phase each step is in (the replay's ``state`` gives both)
STEP_PHASE = {step: PHASE_NAMES[PHASE_OF_STEP[i]] for i, step in enumerate(STEPS)}


@dataclass(frozen=True)
class God:
    families: int = START_FAMILIES
    leader: bool = True
    pp: int = START_PP
    happiness: int = 5
    hand: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableCard:
    """A card on the table, played and not yet resolved."""

    player: str
    card: str
    pay: int
    reply: bool = False
    families_before: Mapping[str, int] | None = None  # a global disaster: every god's families when played


@dataclass(frozen=True)
class Position:
    gods: Mapping[str, God]
    turn: int = 1
    active: str | None = None
    phase: str = "draw"
    island: int | None = None
    discards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # where the phase stands (the replay's state gives these; without ``step`` the phase begins)
    step: str | None = None
    to_move: str | None = None
    draws_left: int | None = None
    table: tuple[TableCard, ...] = ()
    owed_discards: tuple[tuple[str, int], ...] = ()
    end_reason: str | None = None
    winners: tuple[str, ...] = ()
    # what follows from the rest, checked when given
    out: tuple[str, ...] | None = None
    decks: Mapping[str, int] | None = None


def player_problems(names: Sequence[str], players: Sequence[str], loc: Loc) -> list[Problem]:
    return [(f"{name!r} is not one of the players ({', '.join(players)}){did_you_mean(name, players)}",
             loc + (name,)) for name in names if name not in players]


def _named_problems(pos: Position, players: Sequence[str], turn_limit: int) -> list[Problem]:
    """Every player the position names is a player; the phase, step and turn are words of the game."""
    out = player_problems(list(pos.gods), players, ("gods",))
    out += [(f"no entry for {p}: the position gives every god", ("gods",)) for p in players if p not in pos.gods]
    named: tuple[tuple[str, Sequence[str | None]], ...] = (
        ("active", [pos.active]), ("to_move", [pos.to_move]), ("out", pos.out or ()), ("winners", pos.winners))
    for key, names in named:
        out += [(m, (key,)) for m, _ in player_problems([n for n in names if n is not None], players, ())]
    for i, t in enumerate(pos.table):
        out += [(m, ("table", i, "player")) for m, _ in player_problems([t.player], players, ())]
        out += [(m, ("table", i, "families_before")) for m, _ in
                player_problems(list(t.families_before or {}), players, ())]
    for i, (p, _) in enumerate(pos.owed_discards):
        out += [(m, ("owed_discards", i, "player")) for m, _ in player_problems([p], players, ())]
    if pos.phase not in START_PHASES:
        out.append((f"a position is in phase {', '.join(START_PHASES)}, not {pos.phase!r}", ("phase",)))
    elif pos.step is not None and STEP_PHASE.get(pos.step) != pos.phase:
        out.append((f"step {pos.step} is not in phase {pos.phase}" if pos.step in STEP_PHASE else
                    f"a step is one of {', '.join(STEPS)}, not {pos.step!r}", ("step",)))
    if not 0 <= pos.turn <= turn_limit or (pos.turn == 0) != (pos.phase == "setup"):
        out.append((f"turn {pos.turn} is not a turn of this game (1 to {turn_limit}; 0 is the initial deal, "
                    f"phase setup)", ("turn",)))
    for deck in pos.discards:
        if deck not in ("bonus", "disaster"):
            out.append((f"the discard piles are bonus and disaster, not {deck!r}", ("discards", deck)))
    return out


def position_problems(pos: Position, players: Sequence[str], cards: CardSet, turn_limit: int) -> list[Problem]:
    """Everything that makes ``pos`` impossible, each with the key path it is about."""
    out = _named_problems(pos, players, turn_limit)
    if out:
        return out
    used: Counter[int] = Counter()
    out += _placed_problems(pos, players, cards, used)
    active = pos.active if pos.active is not None else players[0]
    gone = [p for p in players if pos.gods[p].families == 0 and not pos.gods[p].leader]
    if pos.out is not None and sorted(pos.out) != sorted(gone):
        out.append((f"the gods out of the game are those with no family and no leader: "
                    f"{', '.join(gone) or 'none'}", ("out",)))
    if pos.decks is not None:
        left = [len(cards.deck_ids[k]) - sum(n for i, n in used.items() if cards.defs[i].deck == k)
                for k in (0, 1)]
        for k, deck in enumerate(("bonus", "disaster")):
            if deck in pos.decks and pos.decks[deck] != left[k]:
                out.append((f"the {deck} draw pile holds the {left[k]} {deck} cards placed nowhere else, "
                            f"not {pos.decks[deck]}", ("decks", deck)))
    if pos.step in (None, "deal", "draw", "play") and pos.phase != "over" and active in gone:
        out.append((f"the active god {active} is out of the game (no family, no leader)", ("active",)))
    if not out and pos.step is not None:
        out += _step_problems(pos, players, cards, active, gone)
    elif not out and (pos.table or pos.owed_discards or pos.to_move is not None or pos.draws_left is not None):
        out.append(("a position that gives the table, owed discards, to_move or draws_left gives its step too",
                    ("step",)))
    if not out and pos.phase == "over" and pos.end_reason is None:
        out.append(("a position of a game that is over gives its end_reason (and winners)", ("end_reason",)))
    return out


def _placed_problems(pos: Position, players: Sequence[str], cards: CardSet, used: Counter[int]) -> list[Problem]:
    """The gods' track and cards, the discard piles and the table: known cards, no more copies than the
    set has (counted in ``used``)."""
    out: list[Problem] = []
    top = cards.happiness_max
    for p in players:
        god = pos.gods[p]
        if god.happiness > top:
            out.append((f"{p}'s happiness {god.happiness} is off the track (0 to {top})", ("gods", p, "happiness")))
        if god.families == 0 and not god.leader and (god.hand or god.kept):
            out.append((f"{p} has no family and no leader, so is out of the game and holds no cards",
                        ("gods", p, "hand" if god.hand else "kept")))
        out += _cards(god.hand, cards, ("gods", p, "hand"), used)
        out += _cards(god.kept, cards, ("gods", p, "kept"), used, kept=True)
    for deck, names in pos.discards.items():
        out += _cards(names, cards, ("discards", deck), used, deck=deck)
    for i, t in enumerate(pos.table):
        out += _cards([t.card], cards, ("table", i), used)
    for index, count in used.items():
        d = cards.defs[index]
        if count > d.copies:
            out.append((f"{count} copies of {d.name} are placed; the set has {d.copies}", ("gods",)))
    return out


# kept whole: what each step of a turn needs of the position, in the order of the steps
def _step_problems(pos: Position, players: Sequence[str], cards: CardSet, active: str,
                   gone: list[str]) -> list[Problem]:
    """A position in the middle of a phase: whose decision it is, and the table and owed discards that
    step has."""
    out: list[Problem] = []
    step = pos.step
    mover = pos.to_move
    if step == "over":
        return [(f"a game that is over has no {k}", (k,)) for k, v in (
            ("to_move", mover), ("table", pos.table), ("owed_discards", pos.owed_discards)) if v]
    if pos.end_reason is not None or pos.winners:
        out.append(("end_reason and winners belong to a game that is over (step over)", ("end_reason",)))
    if mover is not None and mover in gone:
        out.append((f"{mover} is out of the game (no family, no leader) and decides nothing", ("to_move",)))
    if mover is not None and step in ("draw", "play") and mover != active:
        out.append((f"in step {step} the active god {active} decides, not {mover}", ("to_move",)))
    if mover is not None and step == "leaders" and not pos.gods[mover].leader:
        out.append((f"{mover} has no leader to activate", ("to_move",)))
    if step == "reply" and (mover is None or mover == active):
        out.append(("in step reply, to_move names the god (not the active one) who answers", ("to_move",)))
    if pos.draws_left is not None and (step not in ("deal", "draw") or pos.draws_left < 1):
        out.append(("draws_left counts the draws still owed (1 or more) in step deal or draw", ("draws_left",)))
    if (step in ("reply", "target", "discard")) != bool(pos.table) and step != "discard":
        out.append((f"step {step} has {'cards' if step in ('reply', 'target') else 'no card'} on the table",
                    ("table",)))
    if (step == "discard") != bool(pos.owed_discards):
        out.append((f"owed discards belong to step discard{', which has one' if step == 'discard' else ''}",
                    ("owed_discards",)))
    for i, t in enumerate(pos.table):
        d = cards.find(t.card)
        if d is None:
            continue
        paid = GLOBAL_PAYMENTS if d.kind == GLOBAL else (d.cost,)
        if t.pay not in paid:
            out.append((f"{d.name} is paid {' or '.join(map(str, paid))} PP, not {t.pay}", ("table", i, "pay")))
        if (t.families_before is not None) and d.kind != GLOBAL:
            out.append(("only a global disaster notes the families before it", ("table", i, "families_before")))
    if step == "reply" and pos.table and (pos.table[0].reply or pos.table[0].player != active
                                          or any(not t.reply for t in pos.table[1:])):
        out.append((f"in step reply the table holds the active god {active}'s card, then answers", ("table",)))
    if step == "target" and pos.table:
        d = cards.find(pos.table[0].card)
        if d is None or d.kind != LOCAL or pos.table[0].player != (mover or pos.table[0].player):
            out.append(("in step target the first card on the table is a local disaster, and its player "
                        "(to_move) chooses its target", ("table", 0)))
    if step == "discard" and pos.owed_discards:
        first, count = pos.owed_discards[0]
        if mover is not None and mover != first:
            out.append((f"in step discard {first}, who owes the first discard, decides", ("to_move",)))
        if not 1 <= count < len(pos.gods[first].hand) or any(c < 1 for _, c in pos.owed_discards):
            out.append((f"{first} owes 1 or more cards and holds more than that (else the whole hand goes "
                        f"without a choice)", ("owed_discards", 0)))
    return out


def _cards(names: Sequence[str], cards: CardSet, loc: Loc, used: Counter[int], *, kept: bool = False,
           deck: str | None = None) -> list[Problem]:
    out: list[Problem] = []
    for i, name in enumerate(names):
        d = cards.find(name)
        if d is None:
            out.append((cards.unknown_reason(name), loc + (i,)))
            continue
        used[d.index] += 1
        if kept and not d.keep:
            out.append((f"{d.name} does not stay on the table (only cards with a keep effect do)", loc + (i,)))
        if deck is not None and ("bonus", "disaster")[d.deck] != deck:
            out.append((f"{d.name} is not a {deck} card", loc + (i,)))
    return out


def _ids(names: Sequence[str], cards: CardSet, free: dict[int, list[int]]) -> list[int]:
    return [free[cards.by_fold[fold(name)]].pop() for name in names]


def apply_position(state: State, pos: Position) -> None:
    """Set ``state`` (fresh, with its rules and generator) to ``pos`` (already checked): at the start of
    its phase, or (with ``step``) exactly where the position stands."""
    from kcal.games.kalua.rules.flow import begin_cards, begin_deal, begin_leaders, begin_turn

    rules = state.rules
    cards = rules.cards
    players = rules.players
    free: dict[int, list[int]] = {d.index: list(reversed(cards.copies_of(d.index))) for d in cards.defs}
    gods = [pos.gods[p] for p in players]
    state.families = [g.families for g in gods]
    state.leader = [g.leader for g in gods]
    state.pp = [g.pp for g in gods]
    state.happy = [g.happiness for g in gods]
    state.out = [g.families == 0 and not g.leader for g in gods]
    state.hands = [_ids(g.hand, cards, free) for g in gods]
    state.kept = [_ids(g.kept, cards, free) for g in gods]
    state.island = pos.island if pos.island is not None else cards.atheists_per_player * rules.n
    state.discards = [_ids(pos.discards.get("bonus", ()), cards, free),
                      _ids(pos.discards.get("disaster", ()), cards, free)]
    on_table = _ids([t.card for t in pos.table], cards, free)
    rest = sorted(c for ids in free.values() for c in ids)
    piles: list[list[int]] = [[c for c in rest if cards.def_of(c).deck == k] for k in (0, 1)]
    for pile in piles:
        state.rng.shuffle(pile)
    state.piles = piles
    state.note(("position", pos))
    active = rules.seat_of[pos.active] if pos.active is not None else 0
    if pos.step is not None:
        _stand(state, pos, active, on_table)
        return
    if pos.phase == "setup":
        state.active = active
        begin_deal(state)
        return
    state.turn = pos.turn - 1
    begin_turn(state, active)
    if pos.phase == "draw":
        return
    state.draws_left = 0  # a position that begins later in the turn owes no draws
    if pos.phase == "leaders":
        begin_leaders(state)
    else:
        begin_cards(state)


def _stand(state: State, pos: Position, active: int, on_table: list[int]) -> None:
    """The decision a position with a ``step`` stands at: whose it is, the draws still owed, the table,
    the owed discards, or the end."""
    rules = state.rules
    seat_of = rules.seat_of
    step = STEPS.index(pos.step or "")
    state.turn = pos.turn
    state.active = active
    state.step = step
    state.table = []
    for t, card in zip(pos.table, on_table, strict=True):
        before = None
        if rules.cards.def_of(card).kind == GLOBAL:
            given = t.families_before or {}
            before = tuple(given.get(p, state.families[s]) for s, p in enumerate(rules.players))
        state.table.append(Entry(card, seat_of[t.player], t.pay, t.reply, before))
    state.resolving = 0
    state.pending = [[seat_of[p], k] for p, k in pos.owed_discards]
    if pos.to_move is not None:
        cursor = seat_of[pos.to_move]
    elif pos.step == "target":
        cursor = state.table[0].seat
    elif pos.step == "discard":
        cursor = state.pending[0][0]
    elif pos.step == "leaders":
        cursor = next(s for s in ((active + k) % rules.n for k in range(rules.n))
                      if state.leader[s] and not state.out[s])
    else:
        cursor = active
    state.cursor = cursor
    state.offset = (cursor - active) % rules.n
    held = len(state.hands[cursor])
    owed = HAND_TARGET - held if held < HAND_TARGET else (1 if step == DRAW else 0)
    state.draws_left = pos.draws_left if pos.draws_left is not None else owed if step in (DEAL, DRAW) else 0
    if step == OVER:
        state.end_reason = pos.end_reason
        state.winners = tuple(seat_of[p] for p in pos.winners)
