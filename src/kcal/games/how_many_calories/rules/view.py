"""What one player may see (``view``), and a copy of the game consistent with it (``determinize``).

A player sees their own hand, the cards they passed (which stay known to be in the left neighbour's
hand until played) and received, the trick on the table, the last finished trick, every intake, total
and card taken in, who is out, and how many cards each other hand holds. They do not see the other
hands, the other players' choices of pass before the pass resolves, the 8 cards set aside with 3
players, or the hand of a player who went out (discarded face down).
"""

from __future__ import annotations

from typing import Any

from kcal.core.game import seat_in
from kcal.games.how_many_calories.rules.state import PASS, PHASES, State, TrickResult


def seat(state: State, player: str) -> int:
    return seat_in(state.rules.seat_of, state.rules.players, player)


def to_move(state: State) -> tuple[str, ...]:
    players = state.rules.players
    if state.phase == PASS:
        return tuple(players[s] for s, p in enumerate(state.pending) if p is None)
    if state.turn >= 0:
        return (players[state.turn],)
    return ()


def trick_json(state: State, result: TrickResult) -> dict[str, Any]:
    players = state.rules.players
    card = state.rules.card_text
    return {
        "leader": players[result.leader],
        "cards": {players[s]: card(c) for s, c in result.cards},
        "values": {players[s]: v for (s, _), v in zip(result.cards, result.values, strict=True)},
        "winner": players[result.winner],
        "won": card(result.won),
        "kcal": result.kcal,
        "next_leader": None if result.ends_round else players[result.loser],  # a round's last trick: nobody
        "went_out": result.went_out,
    }


def view(state: State, player: str) -> dict[str, Any]:
    me = seat(state, player)
    rules = state.rules
    players = rules.players
    n = rules.n
    card = rules.card_text
    colour_of = rules.foods.colour_of
    left, right = (me + 1) % n, (me - 1) % n
    mine = state.pending[me] if state.phase == PASS else state.given[me]
    table = [{"player": players[s], "card": card(c),
              "value": c if colour_of[c] == state.lead_colour else c + rules.plus} for s, c in state.trick]
    return {
        "player": player,
        "players": list(players),
        "round": state.round + 1,
        "rounds": rules.rounds,
        "phase": PHASES[state.phase],
        "limit_kcal": rules.limit,
        "to_move": list(to_move(state)),
        "hand": [card(c) for c in sorted(state.hands[me])],
        "hand_counts": {p: len(state.hands[s]) for s, p in enumerate(players)},
        "passed": {"to": players[left], "cards": [card(c) for c in sorted(mine or ())]},
        "received": {"from": players[right], "cards": [card(c) for c in sorted(state.given[right])]},
        "has_passed": {p: state.pending[s] is not None for s, p in enumerate(players)}
        if state.phase == PASS else {p: True for p in players},
        "start_player": players[state.start_seat],
        "leader": players[state.leader],
        "trick": table,
        "last_trick": trick_json(state, state.last_trick) if state.last_trick else None,
        "intake_kcal": {p: state.intake[s] for s, p in enumerate(players)},
        "totals": {p: state.totals[s] for s, p in enumerate(players)},
        "out": [p for s, p in enumerate(players) if state.out[s]],
        "won": {p: [card(c) for c in state.won[s]] for s, p in enumerate(players)},
    }


def determinize(state: State, player: str, seed: int) -> State:
    """A copy in which every card ``player`` cannot see is redealt at random (from ``seed``) among
    the places it could be, keeping every hand's size and the cards ``player`` passed in the left
    neighbour's hand; other players' pending passes are redrawn from their new hands; future deals
    come from ``seed``. The copy keeps no history. Canonical: the unseen cards are put in one order
    before the shuffle, so states that look the same to ``player`` give the same copy for the same
    seed (the conformance suite's hidden-information check)."""
    me = seat(state, player)
    s = state.copy()
    s.log = None
    s.seed_generators(seed)
    rng = s.rng
    n = s.rules.n
    left = (me + 1) % n
    known = [c for c in s.given[me] if c in s.hands[left]]
    pool: list[int] = list(s.unseen)
    for other in range(n):
        if other != me:
            pool.extend(c for c in s.hands[other] if other != left or c not in known)
    pool.sort()  # one order whatever the hidden arrangement: the world depends on the view alone
    rng.shuffle(pool)
    taken = 0
    for other in range(n):
        if other == me:
            continue
        keep = known if other == left else []
        k = len(s.hands[other]) - len(keep)
        s.hands[other] = keep + pool[taken:taken + k]
        taken += k
    s.unseen = pool[taken:]
    if s.phase == PASS:
        size = s.rules.pass_size
        for other in range(n):
            if other != me and s.pending[other] is not None:
                hand = s.hands[other][:]
                rng.shuffle(hand)
                s.pending[other] = tuple(sorted(hand[:size]))
    return s
