"""What a player sees (``view``) and a world consistent with it (``determinize``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.how_many_calories.rules.state import PASS

CHOSEN = {"A": "red 1, blue 2", "B": "red 9, yellow 7", "C": "red 17, blue 22", "D": "red 25, blue 31"}


def test_view_shows_own_hand_and_only_counts_of_others(hmc):
    state = hmc.dealt()
    view = hmc.game.view(state, "B")
    assert view["hand"] == ["yellow 7", "red 9", "green 10", "red 12", "green 13", "yellow 14", "blue 15",
                            "blue 19"]
    assert view["hand_counts"] == {"A": 8, "B": 8, "C": 8, "D": 8}
    text = json.dumps(view)
    assert "red 25" not in text and "red 1\"" not in text
    assert view["to_move"] == ["A", "B", "C", "D"] and view["phase"] == "pass"


def test_view_shows_passed_and_received_cards(hmc):
    state = hmc.dealt()
    hmc.passes(state, CHOSEN)
    view = hmc.game.view(state, "B")
    assert view["passed"] == {"to": "C", "cards": ["yellow 7", "red 9"]}
    assert view["received"] == {"from": "A", "cards": ["red 1", "blue 2"]}


def test_view_hides_other_players_pending_passes(hmc):
    state = hmc.dealt()
    hmc.passes(state, {"A": CHOSEN["A"]})
    assert hmc.game.view(state, "A")["passed"]["cards"] == ["red 1", "blue 2"]
    b = hmc.game.view(state, "B")
    assert b["has_passed"] == {"A": True, "B": False, "C": False, "D": False}
    assert b["received"]["cards"] == []


def test_view_shows_the_table_with_values(hmc):
    state = hmc.position({"A": "yellow 11, red 1", "B": "green 4, red 8", "C": "red 25, blue 2",
                          "D": "yellow 14, blue 5"}, leader="A")
    hmc.play(state, "A yellow 11", "B green 4")
    assert hmc.game.view(state, "D")["trick"] == [{"player": "A", "card": "yellow 11", "value": 11},
                                                  {"player": "B", "card": "green 4", "value": 9}]


def test_view_of_an_unknown_player_is_an_error(hmc):
    state = hmc.dealt()
    with pytest.raises(KcalError, match="'Z' is not a player"):
        hmc.game.view(state, "Z")


def test_determinize_changes_hidden_cards(hmc):
    state = hmc.dealt()
    det = hmc.game.determinize(state, "A", 99)
    assert det.hands[0] == state.hands[0]
    assert det.hands[1:] != state.hands[1:]
    assert sorted(c for h in det.hands for c in h) == list(range(1, 33))


def test_determinize_keeps_passed_cards_in_the_left_neighbours_hand(hmc):
    state = hmc.dealt()
    hmc.passes(state, CHOSEN)
    for seed in range(20):
        det = hmc.game.determinize(state, "A", seed)
        assert {1, 2} <= set(det.hands[1])  # A passed red 1 and blue 2 to B
        assert [len(h) for h in det.hands] == [8, 8, 8, 8]


def test_determinize_redeals_set_aside_cards_with_3_players(hmc):
    state = hmc.dealt(None, ("A", "B", "C"), seed=6)
    hidden = set(state.unseen) | set(state.hands[1]) | set(state.hands[2])
    changed = 0
    for seed in range(10):
        det = hmc.game.determinize(state, "A", seed)
        assert set(det.unseen) | set(det.hands[1]) | set(det.hands[2]) == hidden
        changed += set(det.unseen) != set(state.unseen)
    assert changed


def test_determinize_redraws_other_players_pending_passes(hmc):
    state = hmc.dealt()
    hmc.passes(state, {"B": CHOSEN["B"], "C": CHOSEN["C"]})
    det = hmc.game.determinize(state, "C", 4)
    assert det.phase == PASS and det.pending[2] == state.pending[2]
    assert set(det.pending[1]) <= set(det.hands[1]) and det.pending[0] is None


def test_determinized_state_has_no_record(hmc):
    det = hmc.game.determinize(hmc.dealt(), "A", 1)
    with pytest.raises(KcalError, match="no history"):
        hmc.game.record(det)


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), who=st.integers(0, 3))
def test_view_is_unchanged_by_determinize(hmc, seed, steps, who):
    game = hmc.game
    state = game.new_state(Setup(hmc.PLAYERS), seed)
    rng = Rng(seed)
    for _ in range(steps):
        acting = game.to_move(state)
        if not acting:
            break
        player = acting[rng.below(len(acting))]
        moves = game.legal_moves(state, player)
        game.apply(state, player, moves[rng.below(len(moves))])
    player = hmc.PLAYERS[who]
    view = game.view(state, player)
    assert json.loads(json.dumps(view)) == view
    det = game.determinize(state, player, seed + 1)
    assert game.view(det, player) == view
    assert game.to_move(det) == game.to_move(state)
    assert sorted([c for h in det.hands for c in h] + det.unseen) == \
        sorted([c for h in state.hands for c in h] + state.unseen)
