"""The ``impact`` hook (kcal balance cards): docs/rulings.md, "Card impact: a card drawn" -- a god had
every card it drew (the deal, phase 1, cards bought), played or not."""

from __future__ import annotations

from kcal.games.kalua import impact
from kcal.games.kalua.game import GAME


def test_card_impact_a_card_drawn_counts_played_or_not(kalua):
    state = kalua.play_out(kalua.new(seed=5), bot="greedy", seed=5)
    held = impact.held(GAME, state)
    every = {d.name for d in state.rules.cards.defs}
    for seat, (had, could) in enumerate(held):
        drawn = {state.card_name(e[3]) for e in state.events() if e[0] == "draw" and e[1] == seat}
        played = {state.card_name(e[2]) for e in state.events() if e[0] == "play" and e[1] == seat}
        assert had == drawn and played <= had and could == every
    # a card still in a hand at the end was drawn and never played: it counts
    assert any(state.card_name(c) in held[s][0] for s, hand in enumerate(state.hands) for c in hand)
