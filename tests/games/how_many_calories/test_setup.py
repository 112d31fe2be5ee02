"""Rulebook: Game Setup -- one +5 card each, 8 cards dealt, 3 players set 8 aside, the first start player."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.games.how_many_calories.rules.state import PASS


def test_deal_gives_eight_cards_to_each_player(hmc):
    state = hmc.dealt(None, seed=3)
    for p in hmc.PLAYERS:
        assert len(hmc.game.view(state, p)["hand"]) == 8
    assert sorted(c for h in state.hands for c in h) == list(range(1, 33))


def test_three_players_set_aside_eight_unseen_cards(hmc):
    state = hmc.dealt(None, players=("A", "B", "C"), seed=5)
    assert sum(len(h) for h in state.hands) == 24
    assert len(state.unseen) == 8
    seen = {c for p in "ABC" for c in hmc.game.view(state, p)["hand"]}
    hidden = {state.rules.card_text(c) for c in state.unseen}
    assert not seen & hidden


def test_every_round_is_dealt_afresh_from_all_cards(hmc):
    state = hmc.dealt(None, seed=11)
    first = [sorted(h) for h in state.hands]
    hmc.finish_round(state)
    assert state.round == 1
    assert sorted(c for h in state.hands for c in h) == list(range(1, 33))
    assert [sorted(h) for h in state.hands] != first


def test_every_round_starts_with_a_pass(hmc):
    state = hmc.dealt(None, seed=12)
    for _ in range(3):
        assert state.phase == PASS
        assert hmc.game.to_move(state) == hmc.PLAYERS
        hmc.finish_round(state)


def test_first_round_start_player_is_first_in_turn_order(hmc):
    state = hmc.dealt(None, players=("C", "A", "B"), seed=4)
    assert state.rules.players[state.start_seat] == "C"
    for p in ("C", "A", "B"):
        hmc.game.apply(state, p, hmc.game.legal_moves(state, p)[0])
    assert hmc.game.to_move(state) == ("C",)


def test_same_seed_deals_the_same_hands_and_another_seed_does_not(hmc):
    a, b, c = hmc.dealt(None, seed=9), hmc.dealt(None, seed=9), hmc.dealt(None, seed=10)
    assert a.hands == b.hands
    assert a.hands != c.hands


def test_explicit_hands_do_not_change_later_seeded_deals(hmc):
    given = hmc.dealt(hmc.DEAL, seed=21)
    drawn = hmc.dealt(None, seed=21)
    assert given.hands != drawn.hands
    hmc.finish_round(given, seed=1)
    hmc.finish_round(drawn, seed=2)
    assert given.round == drawn.round == 1
    assert given.hands == drawn.hands  # round 2 comes from the seed in both


def test_limit_defaults_to_2400_for_4_players_and_2700_for_3(hmc):
    assert hmc.dealt(None).rules.limit == 2_400
    assert hmc.dealt(None, players=("A", "B", "C")).rules.limit == 2_700
    assert hmc.dealt(None, limit=3_000).rules.limit == 3_000


def test_four_rounds_by_default_and_the_rounds_option(hmc):
    assert hmc.dealt(None).rules.rounds == 4
    state = hmc.dealt(None, rounds=1)
    hmc.play_out(state)
    assert hmc.game.outcome(state) is not None
    assert len([e for e in state.events() if e[0] == "end"]) == 1


def test_unknown_option_is_refused_with_a_did_you_mean(hmc):
    with pytest.raises(KcalError, match=r"unknown option 'limt' \(did you mean 'limit'\?\)"):
        hmc.game.new_state(Setup(hmc.PLAYERS, None, {"limt": 2000}), 1)


def test_a_deal_that_repeats_a_card_is_refused(hmc):
    hands = dict(hmc.DEAL, B=hmc.DEAL["B"].replace("red 9", "red 8"))
    with pytest.raises(KcalError, match=r"option hands\[0\]\.B\.0: red 8 is in A's hand already"):
        hmc.dealt(hands)


def test_players_must_have_distinct_names(hmc):
    with pytest.raises(KcalError, match=r"players\[2\]: 'A' is named twice"):
        hmc.game.new_state(Setup(("A", "B", "A")), 1)


def test_the_printed_set_has_one_plus_card_per_player_of_the_largest_table():
    """Setup: "Distribute one +5 card to each player" -- at most 4 players (ruling print-plus-cards)."""
    from kcal.games.how_many_calories import PACK as HMC
    from kcal.games.how_many_calories.files.load import load_catalog
    from kcal.games.how_many_calories.print.api import PLUS_COPIES, PLUS_KIND, card_faces
    from kcal.games.how_many_calories.print.faces import Context
    from kcal.print.report import Report

    faces = card_faces(load_catalog(None), Context(Report(), lambda card, key: ""))
    assert sum(f.kind == PLUS_KIND for f in faces) == PLUS_COPIES == HMC.info.max_players == 4
    assert len(faces) % 9 == 0  # 36 cards: four full sheets of nine
