"""Positions: a game set up at the start of any turn phase (a record's ``start:``, like chess's FEN),
and the replay's ``state`` in the same shape.

Shape (``gods`` is required and names every player; the other keys are optional)::

    turn: 12                   # the turn number (1-based; default 1)
    active: B                  # whose turn it is (default: the first player)
    phase: draw                # where the turn begins: draw (default), leaders or cards
    island: 9                  # atheists on the island (default: 3 per player)
    gods:
      A: {families: 8, leader: true, pp: 5, happiness: 5, hand: [Tornado, Festival], kept: [Temple]}
      B: {families: 0, leader: true, pp: 11, happiness: 2, hand: [], kept: []}
    discards: {bonus: [Festival], disaster: []}   # discard piles (default: empty)

Every card of the set not in a hand, on a table (kept) or on a discard pile is in its draw pile,
shuffled from the record's seed. A god with no family and no leader is out of the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kcal.core.suggest import did_you_mean
from kcal.games.kalua.files.cardset import CardSet
from kcal.games.kalua.rules.domain import START_FAMILIES, START_PP, fold
from kcal.games.kalua.rules.state import OVER, PHASE_NAMES, STEPS, State

Loc = tuple[str | int, ...]
Problem = tuple[str, Loc]
START_PHASES = ("draw", "leaders", "cards")


@dataclass(frozen=True)
class God:
    families: int = START_FAMILIES
    leader: bool = True
    pp: int = START_PP
    happiness: int = 5
    hand: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Position:
    gods: Mapping[str, God]
    turn: int = 1
    active: str | None = None
    phase: str = "draw"
    island: int | None = None
    discards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def player_problems(names: Sequence[str], players: Sequence[str], loc: Loc) -> list[Problem]:
    return [(f"{name!r} is not one of the players ({', '.join(players)}){did_you_mean(name, players)}",
             loc + (name,)) for name in names if name not in players]


def position_problems(pos: Position, players: Sequence[str], cards: CardSet, turn_limit: int) -> list[Problem]:
    """Everything that makes ``pos`` impossible, each with the key path it is about."""
    out = player_problems(list(pos.gods), players, ("gods",))
    out += [(f"no entry for {p}: the position gives every god", ("gods",)) for p in players if p not in pos.gods]
    if pos.active is not None:
        out += [(m, ("active",)) for m, _ in player_problems([pos.active], players, ())]
    if pos.phase not in START_PHASES:
        out.append((f"a position begins a turn's phase {', '.join(START_PHASES)}, not {pos.phase!r}", ("phase",)))
    if not 1 <= pos.turn <= turn_limit:
        out.append((f"turn {pos.turn} is not a turn of this game (1 to {turn_limit})", ("turn",)))
    for deck in pos.discards:
        if deck not in ("bonus", "disaster"):
            out.append((f"the discard piles are bonus and disaster, not {deck!r}", ("discards", deck)))
    if out:
        return out
    top = cards.happiness_max
    used: Counter[int] = Counter()
    for p in players:
        god = pos.gods[p]
        if god.happiness > top:
            out.append((f"{p}'s happiness {god.happiness} is off the track (0 to {top})", ("gods", p, "happiness")))
        gone = god.families == 0 and not god.leader
        if gone and (god.hand or god.kept):
            out.append((f"{p} has no family and no leader, so is out of the game and holds no cards",
                        ("gods", p, "hand" if god.hand else "kept")))
        out += _cards(god.hand, cards, ("gods", p, "hand"), used)
        out += _cards(god.kept, cards, ("gods", p, "kept"), used, kept=True)
    for deck, names in pos.discards.items():
        out += _cards(names, cards, ("discards", deck), used, deck=deck)
    for index, count in used.items():
        d = cards.defs[index]
        if count > d.copies:
            out.append((f"{count} copies of {d.name} are placed; the set has {d.copies}", ("gods",)))
    active = pos.active if pos.active is not None else players[0]
    if pos.gods[active].families == 0 and not pos.gods[active].leader:
        out.append((f"the active god {active} is out of the game (no family, no leader)", ("active",)))
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
    """Set ``state`` (fresh, with its rules and generator) to ``pos`` (already checked) and begin its
    phase."""
    from kcal.games.kalua.rules.flow import begin_cards, begin_leaders, begin_turn

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
    rest = sorted(c for ids in free.values() for c in ids)
    piles: list[list[int]] = [[c for c in rest if cards.def_of(c).deck == k] for k in (0, 1)]
    for pile in piles:
        state.rng.shuffle(pile)
    state.piles = piles
    state.note(("position", pos))
    active = rules.seat_of[pos.active] if pos.active is not None else 0
    state.turn = pos.turn - 1
    begin_turn(state, active)
    if pos.phase == "draw":
        return
    state.draws_left = 0  # a position that begins later in the turn owes no draws
    if pos.phase == "leaders":
        begin_leaders(state)
    else:
        begin_cards(state)


def god_json(state: State, seat: int) -> dict[str, Any]:
    name = state.card_name
    return {"families": state.families[seat], "leader": state.leader[seat], "pp": state.pp[seat],
            "happiness": state.happy[seat], "hand": sorted((name(c) for c in state.hands[seat]), key=fold),
            "kept": [name(c) for c in state.kept[seat]]}


def state_json(state: State) -> dict[str, Any]:
    """The position (the keys of a ``start:``) plus where the turn stands and the cards on the table."""
    players = state.rules.players
    name = state.card_name
    return {
        "turn": state.turn,
        "active": players[state.active],
        "phase": PHASE_NAMES[state.phase],
        "step": STEPS[state.step],
        "island": state.island,
        "gods": {p: god_json(state, s) for s, p in enumerate(players)},
        "discards": {"bonus": [name(c) for c in state.discards[0]],
                     "disaster": [name(c) for c in state.discards[1]]},
        "out": [p for s, p in enumerate(players) if state.out[s]],
        "decks": {"bonus": len(state.piles[0]), "disaster": len(state.piles[1])},
        "table": [{"player": players[e.seat], "card": name(e.card), "pay": e.pay, "reply": e.reply}
                  for e in state.table[state.resolving:]] if state.step != OVER else [],
        "to_move": players[state.cursor] if state.step != OVER else None,
    }
