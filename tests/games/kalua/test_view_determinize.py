"""What a god sees: their hand, the backs of the other hands, everything on the table; and a world
redealt consistently with it."""

from __future__ import annotations

import json


def _midgame(kalua):
    return kalua.play_out(kalua.new(seed=11), seed=3, max_moves=70)


def test_a_view_shows_the_own_hand_and_only_the_backs_of_the_others(kalua):
    state = _midgame(kalua)
    view = kalua.game.view(state, "A")
    assert view["hand"] == kalua.hand(state, "A")
    for p in "BCD":
        backs = view["gods"][p]["hand"]
        assert backs["bonus"] + backs["disaster"] == len(kalua.hand(state, p))
    assert json.loads(json.dumps(view)) == view
    for p in "BCD":
        for name in kalua.hand(state, p):
            if name not in view["hand"]:
                assert name not in json.dumps(view["gods"][p])


def test_determinizing_keeps_the_view_and_redeals_the_other_hands_by_back(kalua):
    state = _midgame(kalua)
    seen = kalua.game.view(state, "A")
    changed = False
    for seed in range(6):
        world = kalua.game.determinize(state, "A", seed)
        assert kalua.game.view(world, "A") == seen
        changed |= any(kalua.hand(world, p) != kalua.hand(state, p) for p in "BCD")
        assert sorted([c for h in world.hands for c in h] + world.piles[0] + world.piles[1]) == \
            sorted([c for h in state.hands for c in h] + state.piles[0] + state.piles[1])
    assert changed


def test_a_determinized_world_keeps_no_history(kalua):
    import pytest

    from kcal.core.errors import KcalError

    world = kalua.game.determinize(_midgame(kalua), "B", 1)
    with pytest.raises(KcalError, match="keeps no history"):
        kalua.game.record(world)
