"""The ``impact`` hook (kcal balance cards): docs/rulings.md, "Card impact: a card dealt" -- a player had
the cards dealt to them in any round, before the pass; a card received in the pass does not count."""

from __future__ import annotations

from kcal.core.game import Setup, play
from kcal.core.rng import Rng
from kcal.games.how_many_calories import impact
from kcal.games.how_many_calories.game import GAME
from kcal.games.how_many_calories.rules.state import PASS


def _names(state, numbers):
    return {state.rules.card_text(n) for n in numbers}


def test_card_impact_a_card_dealt_counts_a_card_received_in_the_pass_does_not():
    state = GAME.new_state(Setup(("A", "B", "C"), None, {}), 11)
    dealt = [_names(state, h) for h in state.hands]
    assert [had for had, _ in impact.held(GAME, state)] == dealt
    rng = Rng(1)
    while state.phase == PASS:  # every player passes
        for p in GAME.to_move(state):
            GAME.apply(state, p, GAME.bots()["random"](GAME, state, p, rng))
    after = [_names(state, h) for h in state.hands]
    assert after != dealt  # cards changed hands
    assert [had for had, _ in impact.held(GAME, state)] == dealt
    assert all(len(could) == 32 for _, could in impact.held(GAME, state))


def test_card_impact_every_round_deals_again():
    state = GAME.new_state(Setup(("A", "B", "C", "D"), None, {}), 4)
    bots, rng = GAME.bots(), Rng(2)
    play(GAME, state, lambda st, p: bots["greedy"](GAME, st, p, rng), 10_000)
    deals = [e for e in state.events() if e[0] == "deal"]
    assert len(deals) == 4
    for seat, (had, could) in enumerate(impact.held(GAME, state)):
        assert had == set().union(*(_names(state, d[2][seat]) for d in deals)) and had <= could
