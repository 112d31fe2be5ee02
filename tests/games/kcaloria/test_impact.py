"""The ``impact`` hook (kcal balance cards): docs/rulings.md, "Card impact: a tile drawn" -- a player had
the tiles drawn into its hand (the opening hand kept, then every draw); it could have had the tiles of
its own deck."""

from __future__ import annotations

from collections import Counter

from kcal.core.game import Setup, play
from kcal.core.rng import Rng
from kcal.games.kcaloria import impact
from kcal.games.kcaloria.game import GAME


def test_card_impact_the_opening_hand_kept_is_had_and_the_deck_could_be():
    state = GAME.new_state(Setup(("A", "B"), None, {}), 9)
    for seat, (had, could) in enumerate(impact.held(GAME, state)):
        assert had == {t.name for t in state.hands[seat]}
        assert could == set(state.initial_decks[seat])


def test_card_impact_every_tile_drawn_later_counts_and_a_tile_never_drawn_does_not():
    state = GAME.new_state(Setup(("A", "B"), None, {}), 9)
    bots, rng = GAME.bots(), Rng(4)
    play(GAME, state, lambda st, p: bots["greedy"](GAME, st, p, rng), 10_000)
    for seat, (had, could) in enumerate(impact.held(GAME, state)):
        placed = {t.info.name for t in state.tiles.values() if t.owner == seat}
        assert {t.name for t in state.hands[seat]} | placed <= had <= could
        left, deck = Counter(t.name for t in state.draw[seat]), Counter(state.initial_decks[seat])
        assert all(name not in had for name in deck if left[name] == deck[name])
