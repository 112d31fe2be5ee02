"""The ``impact`` hook (kcal balance cards): docs/rulings.md, "Card impact: a species placed" -- a
player had the species it placed in its ecosystem at least once; one only held in hand does not count."""

from __future__ import annotations

from kcal.core.game import Setup, play
from kcal.core.rng import Rng
from kcal.games.ecologic_europe import impact
from kcal.games.ecologic_europe.game import GAME


def test_card_impact_a_species_placed_counts_one_held_in_hand_does_not():
    state = GAME.new_state(Setup(("A", "B"), None, {}), 7)
    assert [had for had, _ in impact.held(GAME, state)] == [set(), set()]  # cards dealt, none placed yet
    bots, rng = GAME.bots(), Rng(3)
    play(GAME, state, lambda st, p: bots["greedy"](GAME, st, p, rng), 10_000)
    species = state.rules.cards.species
    for seat, (had, could) in enumerate(impact.held(GAME, state)):
        placed = {species[e[2]].latin for e in state.log if e[0] == "placed" and e[1] == seat}
        assert had == placed and had and had <= could
        assert len(could) == len(state.rules.cards.in_expansions(state.rules.expansions))
