"""What one god may see (``view``), and a copy of the game consistent with it (``determinize``).

A god sees their own hand; of every other hand only how many cards it holds of each back (the bonus
and disaster decks have different backs); everything on the table (cards played and kept, PP cubes,
families, leaders, the happiness track, the island); the discard piles (cards are discarded face up)
and the size of each draw pile. They do not see the other hands or the order of the draw piles.
"""

from __future__ import annotations

from typing import Any

from kcal.core.game import seat_in
from kcal.core.rng import Rng
from kcal.games.kalua.rules.domain import GOD_COLOURS, fold
from kcal.games.kalua.rules.state import OVER, PHASE_NAMES, STEPS, State


def seat(state: State, player: str) -> int:
    return seat_in(state.rules.seat_of, state.rules.players, player)


def to_move(state: State) -> tuple[str, ...]:
    if state.step == OVER:
        return ()
    return (state.rules.players[state.cursor],)


def _backs(state: State, s: int) -> dict[str, int]:
    card_def = state.rules.cards.card_def
    defs = state.rules.cards.defs
    disaster = sum(defs[card_def[c]].deck for c in state.hands[s])
    return {"bonus": len(state.hands[s]) - disaster, "disaster": disaster}


def view(state: State, player: str) -> dict[str, Any]:
    me = seat(state, player)
    players = state.rules.players
    name = state.card_name
    return {
        "player": player,
        "players": list(players),
        "colours": {p: GOD_COLOURS[s % len(GOD_COLOURS)] for s, p in enumerate(players)},
        "turn": state.turn,
        "turn_limit": state.rules.turn_limit,
        "active": players[state.active],
        "phase": PHASE_NAMES[state.phase],
        "step": STEPS[state.step],
        "to_move": list(to_move(state)),
        "hand": sorted((name(c) for c in state.hands[me]), key=fold),
        "gods": {p: {"families": state.families[s], "leader": state.leader[s], "pp": state.pp[s],
                     "happiness": state.happy[s], "out": state.out[s], "hand": _backs(state, s),
                     "kept": [name(c) for c in state.kept[s]]} for s, p in enumerate(players)},
        "island": state.island,
        "decks": {"bonus": len(state.piles[0]), "disaster": len(state.piles[1])},
        "discards": {"bonus": [name(c) for c in state.discards[0]],
                     "disaster": [name(c) for c in state.discards[1]]},
        "table": [{"player": players[e.seat], "card": name(e.card), "pay": e.pay, "reply": e.reply}
                  for e in state.table[state.resolving:]],
        "owed_discards": [{"player": players[s], "cards": k} for s, k in state.pending],
        "draws_left": state.draws_left if state.step in (0, 1) else 0,
        "end_reason": state.end_reason,
        "winners": [players[s] for s in state.winners],
    }


def determinize(state: State, player: str, seed: int) -> State:
    """A copy in which every card ``player`` cannot see -- the other hands and the draw piles -- is
    redealt at random (from ``seed``), each hand keeping how many cards of each back it holds; later
    chance events come from ``seed``. The copy keeps no history. Canonical: the unseen cards are put
    in one order before the shuffle, so states that look the same to ``player`` give the same copy
    for the same seed (the conformance suite's hidden-information check)."""
    me = seat(state, player)
    s = state.copy()
    s.log = None
    rng = s.rng = Rng(seed)
    defs = s.rules.cards.defs
    card_def = s.rules.cards.card_def
    others = [o for o in range(s.rules.n) if o != me]
    for deck in (0, 1):
        pool = list(s.piles[deck])
        need = []
        for o in others:
            mine = [c for c in s.hands[o] if defs[card_def[c]].deck == deck]
            pool += mine
            need.append(len(mine))
        pool.sort()  # one order whatever the hidden arrangement: the world depends on the view alone
        rng.shuffle(pool)
        taken = 0
        for o, k in zip(others, need, strict=True):
            keep = [c for c in s.hands[o] if defs[card_def[c]].deck != deck]
            s.hands[o] = keep + pool[taken:taken + k]
            taken += k
        s.piles[deck] = pool[taken:]
    return s
